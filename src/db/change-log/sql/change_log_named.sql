-- Row trigger of `traits`, `resource_types`, `discovered_properties`: a name (and a discovery key's resource type
-- and privacy). A discovery key whose resource type went with it is `contained` (told by the type's delete).
CREATE OR REPLACE FUNCTION change_log_named() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  node_type text := CASE TG_TABLE_NAME WHEN 'traits' THEN 'Trait' WHEN 'resource_types' THEN 'ResourceType'
                      ELSE 'DiscoveredProperty' END;
  data jsonb := jsonb_build_object('name', r ->> 'name');
BEGIN
  IF TG_TABLE_NAME = 'discovered_properties' THEN
    data := data || jsonb_build_object('private', (r ->> 'private')::boolean, 'resourceType',
              (SELECT name FROM resource_types WHERE id = (r ->> 'resource_type_id')::integer));
  END IF;
  -- A discovery key whose resource type went with it is told by the type's delete.
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
  VALUES (kind, node_type, r ->> 'id', data ? 'resourceType' AND data ->> 'resourceType' IS NULL, data);
  RETURN NULL;
END $fn$;
