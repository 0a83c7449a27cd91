-- tag_usage_count(): the statement triggers of `resource_tags` (insert, update, delete; every one names its
-- transition tables `old_rows` and `new_rows`): the statement's changed tags, +1/-1 summed per project, resource
-- type and tag, go to `tag_usage_pending` (insert-only: writers never wait on each other there), and the
-- transaction is noted in `usage_count_flushes`, whose trigger applies them at commit (usage_counts_flush()).
CREATE OR REPLACE FUNCTION tag_usage_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT resource_id, tag, 1 AS n FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT resource_id, tag, -1 AS n FROM old_rows'
    ELSE 'SELECT resource_id, tag, 1 AS n FROM new_rows UNION ALL SELECT resource_id, tag, -1 FROM old_rows'
  END;
  noted integer;
BEGIN
  -- Counted under the resource's project and type, read now (a resource being deleted is still there:
  -- its tags leave just before it).
  EXECUTE format($q$
    INSERT INTO tag_usage_pending (project_id, resource_type_id, tag, n)
    SELECT r.project_id, r.resource_type_id, c.tag, sum(c.n)
      FROM (%s) c JOIN resources r ON r.id = c.resource_id
     GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0$q$, changes);
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN
    INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $fn$;
