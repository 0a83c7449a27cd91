-- catalog_version_bump(): the deferred constraint trigger of every catalog table (and its TRUNCATE trigger): adds
-- one to `catalog_version` once per transaction, at its commit (a transaction-local setting remembers that this
-- transaction has bumped it), so the row lock is held only for the commit. Cached catalog answers
-- (src/app/catalog-cache.ts) are served only while the version they were computed at is still the current one.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('metacatalog.catalog_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE catalog_version SET version = version + 1;
    PERFORM set_config('metacatalog.catalog_bumped', txid_current()::text, true);
  END IF;
  RETURN NULL;
END $fn$;
