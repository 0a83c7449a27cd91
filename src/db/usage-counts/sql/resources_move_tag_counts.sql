-- resources_move_tag_counts(): the row trigger of `resources` when its project or resource type changes: its tags
-- count down under the old pair and up under the new one, pending like every other change until the commit
-- (usage_counts_flush()).
CREATE OR REPLACE FUNCTION resources_move_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  noted integer;
BEGIN
  INSERT INTO tag_usage_pending (project_id, resource_type_id, tag, n)
  SELECT k.project_id, k.resource_type_id, t.tag, k.n
    FROM resource_tags t
   CROSS JOIN (VALUES (OLD.project_id, OLD.resource_type_id, -1), (NEW.project_id, NEW.resource_type_id, 1))
         AS k (project_id, resource_type_id, n)
   WHERE t.resource_id = NEW.id;
  GET DIAGNOSTICS noted = ROW_COUNT;
  IF noted > 0 THEN
    INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $fn$;
