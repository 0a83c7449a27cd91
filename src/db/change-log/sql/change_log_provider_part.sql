-- Row trigger of `resource_provider_traits`: a provider's trait changed is an update of the provider. Nothing once
-- the provider went (its delete tells it).
CREATE OR REPLACE FUNCTION change_log_provider_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  rp integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.resource_provider_id ELSE NEW.resource_provider_id END;
  data jsonb := (SELECT jsonb_build_object('uuid', uuid, 'name', name, 'generation', generation)
                   FROM resource_providers WHERE id = rp);
BEGIN
  IF data IS NULL THEN RETURN NULL; END IF; -- the provider went: its delete tells it
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
  VALUES ('UPDATED', 'ResourceProvider', rp::text, false, data);
  RETURN NULL;
END $fn$;
