-- data_version_bump(group): catalog_version_bump() for the other data groups (`traits`, `providers`), each a row
-- of `data_versions`: the group is the trigger's argument, bumped once per transaction and group, at commit.
CREATE OR REPLACE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('metacatalog.bumped_' || TG_ARGV[0], true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE data_versions SET version = version + 1 WHERE name = TG_ARGV[0];
    PERFORM set_config('metacatalog.bumped_' || TG_ARGV[0], txid_current()::text, true);
  END IF;
  RETURN NULL;
END $fn$;
