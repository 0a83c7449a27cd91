import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTriggers, dropTriggers, sqlFile } from './sql-files';

/** Where the usage counts' functions and triggers are defined, one file each (their current text). */
const SQL = 'src/db/usage-counts/sql';

/** The functions (each `<name>.sql`), created before the triggers that call them. */
const FUNCTIONS = [
  'usage_counts_flush',
  'tag_usage_count',
  'discovered_property_values_count',
  'resources_uncount_tags',
  'resources_move_tag_counts',
];

/**
 * Maintained counts, so that the tag catalog view (`resourceTagUsage`) and discovery's `values` read rows per
 * distinct value instead of grouping every resource:
 * - `tag_usage`: how many resources of a type in a project carry a tag (the view filters on project and type);
 * - `discovered_property_values`: how many resources carry a value of a discovered property.
 *
 * Triggers keep them exact, whoever writes (the service, the CLI, SQL by hand), and apply each transaction's
 * changes once, at its commit; their text is in src/db/usage-counts/sql/ (one file each, triggers.sql). The
 * statement triggers of `resource_tags` and `resource_properties` only write the statement's changes, summed per
 * key, to a pending table of the transaction (insert-only: writers never wait on each other there), and note the
 * transaction in `usage_count_flushes`, whose deferred constraint trigger runs once at commit, after everything
 * else the transaction did: it applies the transaction's summed changes in key order in one statement, drops the
 * rows it brought to zero, and forgets the pending rows.
 *
 * Why at commit: counted in each statement, a DELETE-then-INSERT rewrite of a resource's properties or tags
 * locked the count rows of the values it dropped, then, in its second statement, those of the values it wrote.
 * Each statement took its rows in key order, but two writers sharing values could take them in opposite orders
 * across their two statements: A held x (its DELETE) and waited for y (its INSERT) while B held y and waited for
 * x. PostgreSQL broke the deadlock by aborting one, and under load a request failed after three attempts. Applied
 * at commit, every count row a transaction touches is taken in one order, for the commit only: writers queue
 * instead of deadlocking. Counts stay exact: a rolled-back transaction (or savepoint) takes its pending rows with
 * it, and reads see the counts of committed writes.
 *
 * Tags are counted through their resource's project and type: a resource's tags are removed (and counted down)
 * just before the resource itself is deleted, while those are still known, and a change of project or type moves
 * its counts. A property value needs nothing but its own row. A count row goes with its discovered property or
 * resource type (changes pending for one deleted in the same transaction are skipped at commit).
 *
 * It folds UsageCountsAtCommit1763700700000 of the unreleased 0.1.0 (migrations/index.ts, foldedMigrations): a
 * database it migrated has this migration's name in `migrations`, and the same tables and triggers.
 */
export class UsageCounts1763700500000 implements MigrationInterface {
  name = 'UsageCounts1763700500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`
      CREATE TABLE tag_usage (
        project_id varchar(255) NOT NULL,
        resource_type_id integer NOT NULL REFERENCES resource_types (id) ON DELETE CASCADE,
        tag varchar(60) COLLATE "C" NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (project_id, resource_type_id, tag)
      )`);
    await q(`
      CREATE TABLE discovered_property_values (
        discovered_property_id integer NOT NULL REFERENCES discovered_properties (id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (discovered_property_id, value)
      )`);
    // Unlogged: a pending row lives only inside its transaction (nothing of it is kept past a crash).
    await q(`
      CREATE UNLOGGED TABLE tag_usage_pending (
        xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
        project_id varchar(255) NOT NULL,
        resource_type_id integer NOT NULL,
        tag varchar(60) COLLATE "C" NOT NULL,
        n integer NOT NULL
      )`);
    await q(`CREATE INDEX tag_usage_pending_xact_idx ON tag_usage_pending (xact)`);
    await q(`
      CREATE UNLOGGED TABLE discovered_property_values_pending (
        xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
        discovered_property_id integer NOT NULL,
        value jsonb NOT NULL,
        n integer NOT NULL
      )`);
    await q(
      `CREATE INDEX discovered_property_values_pending_xact_idx ON discovered_property_values_pending (xact)`,
    );
    // The transactions with pending changes: inserting one's row queues its flush at commit.
    await q(`CREATE UNLOGGED TABLE usage_count_flushes (xact xid8 PRIMARY KEY DEFAULT pg_current_xact_id())`);
    for (const fn of FUNCTIONS) await q(sqlFile(`${SQL}/${fn}.sql`));
    await createTriggers(queryRunner, SQL);
    // Counts of the rows already there.
    await q(`
      INSERT INTO tag_usage (project_id, resource_type_id, tag, count)
      SELECT r.project_id, r.resource_type_id, t.tag, count(*)
        FROM resource_tags t JOIN resources r ON r.id = t.resource_id
       GROUP BY 1, 2, 3`);
    await q(`
      INSERT INTO discovered_property_values (discovered_property_id, value, count)
      SELECT discovered_property_id, value, count(*) FROM resource_properties GROUP BY 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // Changes still pending: none outside a transaction (each commit applied its own).
    await dropTriggers(queryRunner, SQL);
    for (const fn of FUNCTIONS) await q(`DROP FUNCTION ${fn}()`);
    await q(`DROP TABLE usage_count_flushes`);
    await q(`DROP TABLE discovered_property_values_pending`);
    await q(`DROP TABLE tag_usage_pending`);
    await q(`DROP TABLE discovered_property_values`);
    await q(`DROP TABLE tag_usage`);
  }
}
