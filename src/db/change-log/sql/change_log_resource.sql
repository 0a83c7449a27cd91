-- Row trigger of `resources`.
CREATE OR REPLACE FUNCTION change_log_resource() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
  r resources := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
  VALUES (kind, 'Resource', r.id::text, false, change_log_resource_data(r.uuid, r.project_id, r.resource_type_id));
  RETURN NULL;
END $fn$;
