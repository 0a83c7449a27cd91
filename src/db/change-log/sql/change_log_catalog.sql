-- Row trigger of `metadef_objects`, `metadef_properties`, `metadef_tags`. The writer records what only it can know
-- of the namespace: its name, owner and visibility as the row saw them (the step completes the resource types).
-- The common change, a row created or changed in its namespace that is not an object's property, is one statement
-- (20 µs less per one-row transaction than evaluating each variable first). A row whose namespace went in this
-- transaction is `contained` (told by the namespace's delete); an object's property is `contained` too, and tells
-- its object (UPDATED).
CREATE OR REPLACE FUNCTION change_log_catalog() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  kind text;
  row_key text;
  ns integer;
  node_type text;
  object_id integer;
  sight jsonb;
  cascaded boolean;
BEGIN
  IF TG_TABLE_NAME = 'metadef_properties' THEN
    object_id := CASE WHEN TG_OP = 'DELETE' THEN OLD.object_id ELSE NEW.object_id END;
  END IF;
  IF TG_OP <> 'DELETE' AND object_id IS NULL THEN
    -- Created or changed in its namespace, not an object's property: one statement.
    INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
    SELECT CASE TG_OP WHEN 'INSERT' THEN 'CREATED' ELSE 'UPDATED' END,
           CASE TG_TABLE_NAME WHEN 'metadef_objects' THEN 'MetadefObject'
             WHEN 'metadef_tags' THEN 'MetadefTag' ELSE 'PropertyDefinition' END,
           NEW.id::text, false, n.id,
           jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public')
      FROM namespaces n WHERE n.id = NEW.namespace_id;
    IF FOUND THEN RETURN NULL; END IF;
  END IF;
  kind := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
  row_key := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text;
  ns := CASE WHEN TG_OP = 'DELETE' THEN OLD.namespace_id ELSE NEW.namespace_id END;
  node_type := CASE TG_TABLE_NAME WHEN 'metadef_objects' THEN 'MetadefObject'
                 WHEN 'metadef_tags' THEN 'MetadefTag' ELSE 'PropertyDefinition' END;
  SELECT jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public') INTO sight
    FROM namespaces n WHERE n.id = ns;
  -- Its namespace went in this transaction: told by the namespace's delete, whose row the step reads.
  cascaded := sight IS NULL;
  INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
  VALUES (kind, node_type, row_key, cascaded OR object_id IS NOT NULL, ns, sight);
  IF object_id IS NOT NULL AND NOT cascaded AND EXISTS (SELECT 1 FROM metadef_objects WHERE id = object_id) THEN
    INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
    VALUES ('UPDATED', 'MetadefObject', object_id::text, false, ns, sight);
  END IF;
  RETURN NULL;
END $fn$;
