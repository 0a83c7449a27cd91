-- Row trigger of `namespace_resource_types`: an association changed is an update of its namespace, whose sight
-- before is the resource types without (inserted) or with (deleted) it. Nothing once the namespace went (its
-- delete tells it).
CREATE OR REPLACE FUNCTION change_log_namespace_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ns integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.namespace_id ELSE NEW.namespace_id END;
  now_sight jsonb := change_log_sight(ns);
  types jsonb;
BEGIN
  IF now_sight IS NULL THEN RETURN NULL; END IF; -- the namespace went: its delete tells it
  types := now_sight -> 'resourceTypes';
  IF TG_OP <> 'INSERT' THEN
    types := types || to_jsonb((SELECT name FROM resource_types WHERE id = OLD.resource_type_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    types := types - (SELECT name FROM resource_types WHERE id = NEW.resource_type_id)::text;
  END IF;
  types := COALESCE((SELECT jsonb_agg(DISTINCT t ORDER BY t) FROM jsonb_array_elements_text(types) t),
                    '[]'::jsonb);
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight, after_sight)
  VALUES ('UPDATED', 'Namespace', ns::text, false, ns, jsonb_set(now_sight, '{resourceTypes}', types),
          now_sight);
  RETURN NULL;
END $fn$;
