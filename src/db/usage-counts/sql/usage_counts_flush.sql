-- usage_counts_flush(): the deferred constraint trigger of `usage_count_flushes`, run once per writing transaction
-- at its commit (after everything else it did): applies the transaction's pending changes to `tag_usage` and
-- `discovered_property_values`, summed per key, in key order, in one statement per count table (the only place
-- count rows are locked: writers queue there instead of deadlocking), drops the rows it brought to zero and
-- forgets the pending rows. Changes for a resource type or discovered property deleted in the same transaction
-- are skipped (the join): their counts went with them.
CREATE OR REPLACE FUNCTION usage_counts_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  me xid8 := pg_current_xact_id();
BEGIN
  DELETE FROM usage_count_flushes WHERE xact = me;
  -- One statement per count table, in key order: the only place count rows are locked.
  INSERT INTO tag_usage AS u (project_id, resource_type_id, tag, count)
  SELECT p.project_id, p.resource_type_id, p.tag, sum(p.n)
    FROM tag_usage_pending p JOIN resource_types rt ON rt.id = p.resource_type_id
   WHERE p.xact = me
   GROUP BY 1, 2, 3 HAVING sum(p.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (project_id, resource_type_id, tag) DO UPDATE SET count = u.count + excluded.count;
  -- Rows at zero are ours (we hold them): whoever brings a count to zero drops it.
  DELETE FROM tag_usage u USING (SELECT DISTINCT project_id, resource_type_id, tag
                                   FROM tag_usage_pending WHERE xact = me) k
   WHERE u.count = 0
     AND (u.project_id, u.resource_type_id, u.tag) = (k.project_id, k.resource_type_id, k.tag);
  DELETE FROM tag_usage_pending WHERE xact = me;

  INSERT INTO discovered_property_values AS u (discovered_property_id, value, count)
  SELECT p.discovered_property_id, p.value, sum(p.n)
    FROM discovered_property_values_pending p JOIN discovered_properties d ON d.id = p.discovered_property_id
   WHERE p.xact = me
   GROUP BY 1, 2 HAVING sum(p.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (discovered_property_id, value) DO UPDATE SET count = u.count + excluded.count;
  DELETE FROM discovered_property_values u USING (SELECT DISTINCT discovered_property_id, value
                                                    FROM discovered_property_values_pending
                                                   WHERE xact = me) k
   WHERE u.count = 0 AND (u.discovered_property_id, u.value) = (k.discovered_property_id, k.value);
  DELETE FROM discovered_property_values_pending WHERE xact = me;
  RETURN NULL;
END $fn$;
