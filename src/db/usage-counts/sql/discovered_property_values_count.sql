-- discovered_property_values_count(): the statement triggers of `resource_properties` (insert, update, delete;
-- transition tables `old_rows` and `new_rows`): the statement's changed values, +1/-1 summed per discovered
-- property and value, go to `discovered_property_values_pending`, and the transaction is noted in
-- `usage_count_flushes`, whose trigger applies them at commit (usage_counts_flush()).
CREATE OR REPLACE FUNCTION discovered_property_values_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT discovered_property_id, value, 1 AS n FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT discovered_property_id, value, -1 AS n FROM old_rows'
    ELSE 'SELECT discovered_property_id, value, 1 AS n FROM new_rows
          UNION ALL SELECT discovered_property_id, value, -1 FROM old_rows'
  END;
  noted integer;
BEGIN
  EXECUTE format($q$
    INSERT INTO discovered_property_values_pending (discovered_property_id, value, n)
    SELECT c.discovered_property_id, c.value, sum(c.n) FROM (%s) c
     GROUP BY 1, 2 HAVING sum(c.n) <> 0$q$, changes);
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN
    INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $fn$;
