-- The change log's row triggers: every table a node type lives in records its changes (the tables each module
-- declares in `changeLogTables`, src/modules/*/*.module.ts; test/sql-definitions.test.ts compares both with the
-- database). An update that changes nothing but `updated_at` records nothing (the seeds' upserts). A namespace's
-- delete is recorded BEFORE the row goes: the cascade that follows still finds its sight. TRUNCATE is not recorded.
-- One statement a line group, each ending with a semicolon at the end of its line.

CREATE TRIGGER namespaces_change_log AFTER INSERT ON namespaces
  FOR EACH ROW EXECUTE FUNCTION change_log_namespace();
CREATE TRIGGER namespaces_change_log_update AFTER UPDATE ON namespaces
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_namespace();
CREATE TRIGGER namespaces_change_log_delete BEFORE DELETE ON namespaces
  FOR EACH ROW EXECUTE FUNCTION change_log_namespace();
CREATE TRIGGER namespace_resource_types_change_log AFTER INSERT OR DELETE ON namespace_resource_types
  FOR EACH ROW EXECUTE FUNCTION change_log_namespace_part();
CREATE TRIGGER namespace_resource_types_change_log_update AFTER UPDATE ON namespace_resource_types
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_namespace_part();
CREATE TRIGGER metadef_objects_change_log AFTER INSERT OR DELETE ON metadef_objects
  FOR EACH ROW EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER metadef_objects_change_log_update AFTER UPDATE ON metadef_objects
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER metadef_properties_change_log AFTER INSERT OR DELETE ON metadef_properties
  FOR EACH ROW EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER metadef_properties_change_log_update AFTER UPDATE ON metadef_properties
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER metadef_tags_change_log AFTER INSERT OR DELETE ON metadef_tags
  FOR EACH ROW EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER metadef_tags_change_log_update AFTER UPDATE ON metadef_tags
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_catalog();
CREATE TRIGGER traits_change_log AFTER INSERT OR DELETE ON traits
  FOR EACH ROW EXECUTE FUNCTION change_log_named();
CREATE TRIGGER traits_change_log_update AFTER UPDATE ON traits
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_named();
CREATE TRIGGER resource_types_change_log AFTER INSERT OR DELETE ON resource_types
  FOR EACH ROW EXECUTE FUNCTION change_log_named();
CREATE TRIGGER resource_types_change_log_update AFTER UPDATE ON resource_types
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_named();
CREATE TRIGGER discovered_properties_change_log AFTER INSERT OR DELETE ON discovered_properties
  FOR EACH ROW EXECUTE FUNCTION change_log_named();
CREATE TRIGGER discovered_properties_change_log_update AFTER UPDATE ON discovered_properties
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_named();
CREATE TRIGGER resource_providers_change_log AFTER INSERT OR DELETE ON resource_providers
  FOR EACH ROW EXECUTE FUNCTION change_log_provider();
CREATE TRIGGER resource_providers_change_log_update AFTER UPDATE ON resource_providers
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_provider();
CREATE TRIGGER resource_provider_traits_change_log AFTER INSERT OR DELETE ON resource_provider_traits
  FOR EACH ROW EXECUTE FUNCTION change_log_provider_part();
CREATE TRIGGER resource_provider_traits_change_log_update AFTER UPDATE ON resource_provider_traits
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_provider_part();
CREATE TRIGGER resources_change_log AFTER INSERT OR DELETE ON resources
  FOR EACH ROW EXECUTE FUNCTION change_log_resource();
CREATE TRIGGER resources_change_log_update AFTER UPDATE ON resources
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_resource();
CREATE TRIGGER resource_tags_change_log AFTER INSERT OR DELETE ON resource_tags
  FOR EACH ROW EXECUTE FUNCTION change_log_resource_part();
CREATE TRIGGER resource_tags_change_log_update AFTER UPDATE ON resource_tags
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_resource_part();
CREATE TRIGGER resource_properties_change_log AFTER INSERT OR DELETE ON resource_properties
  FOR EACH ROW EXECUTE FUNCTION change_log_resource_part();
CREATE TRIGGER resource_properties_change_log_update AFTER UPDATE ON resource_properties
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION change_log_resource_part();
