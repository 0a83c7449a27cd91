-- change_log_resource_data(uuid, project, resource type id): what a resource's record carries.
CREATE OR REPLACE FUNCTION change_log_resource_data(r_uuid uuid, r_project character varying, r_type integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN jsonb_build_object('uuid', r_uuid, 'project', r_project,
           'resourceType', (SELECT name FROM resource_types WHERE id = r_type));
END $fn$;
