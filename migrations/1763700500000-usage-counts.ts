import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Maintained counts, so that the tag catalog view (`resourceTagUsage`) and discovery's `values` read rows per
 * distinct value instead of grouping every resource:
 * - `tag_usage`: how many resources of a type in a project carry a tag (the view filters on project and type);
 * - `discovered_property_values`: how many resources carry a value of a discovered property.
 *
 * Triggers keep them exact in the writing transaction, whoever writes (the service, the CLI, SQL by hand):
 * one statement-level trigger per table sums the statement's changed rows per key and applies them in key
 * order (two writers lock shared count rows in the same order), then drops rows that reach zero. Tags are
 * counted through their resource's project and type: a resource's tags are removed (and counted down) just
 * before the resource itself is deleted, while those are still known, and a change of project or type moves
 * its counts. A property value needs nothing but its own row; a count row goes with its discovered property
 * or resource type.
 */
/** A count table, and how a changed row of its base table (`c`) gives the key it counts under. */
interface Counted {
  table: string;
  /** The base table's columns the key comes from. */
  changed: string[];
  /** Each key column of the count table, from `c` and what `join` brings. */
  key: Record<string, string>;
  join: string;
}

/**
 * The trigger function `<table>_count()`. Statement-level triggers see the changed rows as transition tables;
 * every trigger names them `old_rows` and `new_rows`, so one function serves insert, update and delete:
 * `changes` turns them into +1/-1 rows, summed per key and applied in key order, then keys at zero go.
 */
function countingFunction({ table, changed, key, join }: Counted): string {
  const columns = Object.keys(key).join(', ');
  const keyed = Object.entries(key)
    .map(([column, value]) => `${value} AS ${column}`)
    .join(', ');
  const positions = Object.keys(key)
    .map((_, i) => i + 1)
    .join(', ');
  const rows = changed.join(', ');
  return `
    CREATE FUNCTION ${table}_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      changes text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT ${rows}, 1 AS n FROM new_rows'
        WHEN 'DELETE' THEN 'SELECT ${rows}, -1 AS n FROM old_rows'
        ELSE 'SELECT ${rows}, 1 AS n FROM new_rows UNION ALL SELECT ${rows}, -1 FROM old_rows'
      END;
    BEGIN
      EXECUTE format($q$
        INSERT INTO ${table} AS u (${columns}, count)
        SELECT ${keyed}, sum(c.n) FROM (%s) c ${join}
         GROUP BY ${positions} HAVING sum(c.n) <> 0 ORDER BY ${positions}
        ON CONFLICT (${columns}) DO UPDATE SET count = u.count + excluded.count$q$, changes);
      IF TG_OP <> 'INSERT' THEN
        EXECUTE format($q$
          DELETE FROM ${table} u USING (SELECT DISTINCT ${keyed} FROM (%s) c ${join}) k
           WHERE u.count = 0 AND (${Object.keys(key)
             .map((column) => `u.${column}`)
             .join(', ')}) = (${Object.keys(key)
             .map((column) => `k.${column}`)
             .join(', ')})$q$, changes);
      END IF;
      RETURN NULL;
    END $fn$`;
}

export class UsageCounts1763700500000 implements MigrationInterface {
  name = 'UsageCounts1763700500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tag_usage (
        project_id varchar(255) NOT NULL,
        resource_type_id integer NOT NULL REFERENCES resource_types (id) ON DELETE CASCADE,
        tag varchar(60) COLLATE "C" NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (project_id, resource_type_id, tag)
      )`);
    await queryRunner.query(`
      CREATE TABLE discovered_property_values (
        discovered_property_id integer NOT NULL REFERENCES discovered_properties (id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (discovered_property_id, value)
      )`);
    await queryRunner.query(
      countingFunction({
        table: 'tag_usage',
        changed: ['resource_id', 'tag'],
        key: { project_id: 'r.project_id', resource_type_id: 'r.resource_type_id', tag: 'c.tag' },
        // Resources deleted in this transaction are gone from the join: their tags were counted down before.
        join: 'JOIN resources r ON r.id = c.resource_id',
      }),
    );
    await queryRunner.query(
      countingFunction({
        table: 'discovered_property_values',
        changed: ['discovered_property_id', 'value'],
        key: { discovered_property_id: 'c.discovered_property_id', value: 'c.value' },
        // Skips discovered properties deleted in this transaction: their counts went with them.
        join: 'JOIN discovered_properties d ON d.id = c.discovered_property_id',
      }),
    );
    for (const [table, count] of [
      ['resource_tags', 'tag_usage_count'],
      ['resource_properties', 'discovered_property_values_count'],
    ]) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${count}()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_count_update AFTER UPDATE ON ${table}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${count}()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${count}()`);
    }
    // A resource's tags leave (counted down) while the resource is still there to say which project and type.
    await queryRunner.query(`
      CREATE FUNCTION resources_uncount_tags() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM resource_tags WHERE resource_id = OLD.id;
        RETURN OLD;
      END $fn$`);
    await queryRunner.query(`
      CREATE TRIGGER resources_uncount_tags BEFORE DELETE ON resources
        FOR EACH ROW EXECUTE FUNCTION resources_uncount_tags()`);
    // A resource moving to another project or type takes its tag counts along.
    await queryRunner.query(`
      CREATE FUNCTION resources_move_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO tag_usage AS u (project_id, resource_type_id, tag, count)
        SELECT k.project_id, k.resource_type_id, t.tag, k.n
          FROM resource_tags t
         CROSS JOIN (VALUES (OLD.project_id, OLD.resource_type_id, -1), (NEW.project_id, NEW.resource_type_id, 1))
               AS k (project_id, resource_type_id, n)
         WHERE t.resource_id = NEW.id
         ORDER BY 1, 2, 3
        ON CONFLICT (project_id, resource_type_id, tag) DO UPDATE SET count = u.count + excluded.count;
        DELETE FROM tag_usage u USING resource_tags t
         WHERE t.resource_id = NEW.id AND u.count = 0 AND u.tag = t.tag
           AND u.project_id = OLD.project_id AND u.resource_type_id = OLD.resource_type_id;
        RETURN NULL;
      END $fn$`);
    await queryRunner.query(`
      CREATE TRIGGER resources_move_tag_counts AFTER UPDATE OF project_id, resource_type_id ON resources
        FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id
                           OR OLD.resource_type_id IS DISTINCT FROM NEW.resource_type_id)
        EXECUTE FUNCTION resources_move_tag_counts()`);
    // Counts of the rows already there.
    await queryRunner.query(`
      INSERT INTO tag_usage (project_id, resource_type_id, tag, count)
      SELECT r.project_id, r.resource_type_id, t.tag, count(*)
        FROM resource_tags t JOIN resources r ON r.id = t.resource_id
       GROUP BY 1, 2, 3`);
    await queryRunner.query(`
      INSERT INTO discovered_property_values (discovered_property_id, value, count)
      SELECT discovered_property_id, value, count(*) FROM resource_properties GROUP BY 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER resources_move_tag_counts ON resources`);
    await queryRunner.query(`DROP FUNCTION resources_move_tag_counts()`);
    await queryRunner.query(`DROP TRIGGER resources_uncount_tags ON resources`);
    await queryRunner.query(`DROP FUNCTION resources_uncount_tags()`);
    for (const table of ['resource_tags', 'resource_properties']) {
      for (const op of ['insert', 'update', 'delete']) {
        await queryRunner.query(`DROP TRIGGER ${table}_count_${op} ON ${table}`);
      }
    }
    await queryRunner.query(`DROP FUNCTION discovered_property_values_count()`);
    await queryRunner.query(`DROP FUNCTION tag_usage_count()`);
    await queryRunner.query(`DROP TABLE discovered_property_values`);
    await queryRunner.query(`DROP TABLE tag_usage`);
  }
}
