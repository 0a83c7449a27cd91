-- Row trigger of `resource_tags`, `resource_properties`: an update of their resource. Nothing once the resource
-- went (its delete tells it).
CREATE OR REPLACE FUNCTION change_log_resource_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  rid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.resource_id ELSE NEW.resource_id END;
  data jsonb := (SELECT change_log_resource_data(r.uuid, r.project_id, r.resource_type_id)
                 FROM resources r WHERE r.id = rid);
BEGIN
  IF data IS NULL THEN RETURN NULL; END IF; -- the resource went: its delete tells it
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
  VALUES ('UPDATED', 'Resource', rid::text, false, data);
  RETURN NULL;
END $fn$;
