-- The usage counts' triggers (src/db/usage-counts/sql/; migration 1763700500000-usage-counts): statement triggers
-- of `resource_tags` and `resource_properties` write each statement's changes, summed, to the pending tables; the
-- row triggers of `resources` count a deleted resource's tags down and move a moved one's; the deferred constraint
-- trigger of `usage_count_flushes` applies a transaction's pending changes once, at its commit.
-- One statement a line group, each ending with a semicolon at the end of its line.

CREATE TRIGGER resource_tags_count_insert AFTER INSERT ON resource_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_usage_count();
CREATE TRIGGER resource_tags_count_update AFTER UPDATE ON resource_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_usage_count();
CREATE TRIGGER resource_tags_count_delete AFTER DELETE ON resource_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_usage_count();
CREATE TRIGGER resource_properties_count_insert AFTER INSERT ON resource_properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovered_property_values_count();
CREATE TRIGGER resource_properties_count_update AFTER UPDATE ON resource_properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION discovered_property_values_count();
CREATE TRIGGER resource_properties_count_delete AFTER DELETE ON resource_properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovered_property_values_count();
CREATE TRIGGER resources_uncount_tags BEFORE DELETE ON resources
  FOR EACH ROW EXECUTE FUNCTION resources_uncount_tags();
CREATE TRIGGER resources_move_tag_counts AFTER UPDATE OF project_id, resource_type_id ON resources
  FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id
                     OR OLD.resource_type_id IS DISTINCT FROM NEW.resource_type_id)
  EXECUTE FUNCTION resources_move_tag_counts();
CREATE CONSTRAINT TRIGGER usage_count_flushes_flush AFTER INSERT ON usage_count_flushes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_counts_flush();
