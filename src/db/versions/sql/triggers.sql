-- The data groups' version triggers (migration 1763700600000-catalog-version): every table whose answers may be
-- cached bumps its group's version at the commit of each transaction writing it (a deferred constraint trigger)
-- and when it is truncated (TRUNCATE has no row triggers). The tables are those each module declares in
-- `versionedTables` (src/modules/*/*.module.ts; test/cache-rules.test.ts compares both with the database).
-- One statement a line group, each ending with a semicolon at the end of its line.

CREATE CONSTRAINT TRIGGER resource_types_catalog_version AFTER INSERT OR UPDATE OR DELETE ON resource_types
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER resource_types_catalog_version_truncate AFTER TRUNCATE ON resource_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER namespaces_catalog_version AFTER INSERT OR UPDATE OR DELETE ON namespaces
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER namespaces_catalog_version_truncate AFTER TRUNCATE ON namespaces
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER namespace_resource_types_catalog_version AFTER INSERT OR UPDATE OR DELETE ON namespace_resource_types
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER namespace_resource_types_catalog_version_truncate AFTER TRUNCATE ON namespace_resource_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER metadef_objects_catalog_version AFTER INSERT OR UPDATE OR DELETE ON metadef_objects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER metadef_objects_catalog_version_truncate AFTER TRUNCATE ON metadef_objects
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER metadef_properties_catalog_version AFTER INSERT OR UPDATE OR DELETE ON metadef_properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER metadef_properties_catalog_version_truncate AFTER TRUNCATE ON metadef_properties
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER metadef_tags_catalog_version AFTER INSERT OR UPDATE OR DELETE ON metadef_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER metadef_tags_catalog_version_truncate AFTER TRUNCATE ON metadef_tags
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE CONSTRAINT TRIGGER traits_data_version AFTER INSERT OR UPDATE OR DELETE ON traits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump('traits');
CREATE TRIGGER traits_data_version_truncate AFTER TRUNCATE ON traits
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('traits');
CREATE CONSTRAINT TRIGGER resource_providers_data_version AFTER INSERT OR UPDATE OR DELETE ON resource_providers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump('providers');
CREATE TRIGGER resource_providers_data_version_truncate AFTER TRUNCATE ON resource_providers
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('providers');
CREATE CONSTRAINT TRIGGER resource_provider_traits_data_version AFTER INSERT OR UPDATE OR DELETE ON resource_provider_traits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump('providers');
CREATE TRIGGER resource_provider_traits_data_version_truncate AFTER TRUNCATE ON resource_provider_traits
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('providers');
