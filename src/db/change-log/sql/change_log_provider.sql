-- Row trigger of `resource_providers`: its uuid, name and generation.
CREATE OR REPLACE FUNCTION change_log_provider() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
  r resource_providers := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
  VALUES (kind, 'ResourceProvider', r.id::text, false,
          jsonb_build_object('uuid', r.uuid, 'name', r.name, 'generation', r.generation));
  RETURN NULL;
END $fn$;
