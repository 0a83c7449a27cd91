-- Row trigger of `namespaces` (AFTER INSERT, AFTER UPDATE, BEFORE DELETE: before the row goes, so that the cascade
-- that follows still finds the namespace). Its pending row holds the namespace's sight before the write (`sight`)
-- and after it (`after_sight`, null once it went): the step records a namespace as its transaction left it.
CREATE OR REPLACE FUNCTION change_log_namespace() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
  r namespaces := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight, after_sight)
  VALUES (kind, 'Namespace', r.id::text, false, r.id,
          CASE WHEN TG_OP = 'INSERT' THEN NULL
               ELSE jsonb_build_object('namespace', OLD.name, 'owner', OLD.owner,
                      'public', OLD.visibility = 'public',
                      'resourceTypes', change_log_sight(OLD.id) -> 'resourceTypes') END,
          CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE change_log_sight(NEW.id) END);
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $fn$;
