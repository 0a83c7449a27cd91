import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTriggers, dropTriggers, sqlFile } from './sql-files';

/** Where the change log's functions and triggers are defined, one file each (their current text). */
const SQL = 'src/db/change-log/sql';

/** The functions, in the order they are created (one that another's definition calls first). */
const FUNCTIONS = [
  'change_log_actor_told(text)',
  'change_log_actor()',
  'change_log_sight(integer)',
  'change_log_resource_data(uuid, varchar, integer)',
  'change_log_namespace()',
  'change_log_namespace_part()',
  'change_log_catalog()',
  'change_log_named()',
  'change_log_provider()',
  'change_log_provider_part()',
  'change_log_resource()',
  'change_log_resource_part()',
  'change_log_sequence()',
];

const fileOf = (fn: string) => `${SQL}/${fn.slice(0, fn.indexOf('('))}.sql`;

/**
 * The change log (docs/live.md): one record per node and committing transaction, written by triggers whatever
 * wrote (the service, the CLI, the Glance importer, SQL by hand), numbered in commit order. Its functions and
 * triggers are defined in src/db/change-log/sql/, one file each: this migration installs their text, and the
 * migration runner installs a file's text again when it changes (docs/development.md, "Database functions").
 *
 * - A writer's row triggers (triggers.sql) append to `change_log_pending` what only the writer knows: the change,
 *   the namespace as the row saw it (`sight`; a namespace's own rows also `after_sight`), the actor
 *   (`metacatalog.actor`, change_log_actor()) and the time. A writer takes no shared lock: writers commit in
 *   parallel.
 * - A step (change_log_sequence()), run after the commit by the instance that wrote or by any instance told by a
 *   NOTIFY, folds the pending rows of committed transactions to one record per node and transaction (DELETED if
 *   the node went, else CREATED if it came, else UPDATED), numbers them under the row lock of `change_log_head`
 *   (seq order is the order in which records become visible, with no gap) and NOTIFYs the new highest seq.
 * - Pruning writes `change_log_retention`, not the head committers lock.
 *
 * It folds six migrations of the unreleased 0.1.0 (1763701000000-change-log … 1763701500000-change-log-step-sight,
 * with the step of 1763701800000-versioned-notifications). A database they migrated has this migration's name in
 * its `migrations` table, so it counts as applied: their tables, columns and indexes are this migration's, and the
 * runner installs the functions' current text (test/sql-definitions.test.ts compares such a database with a fresh
 * one). Their own rows stay in `migrations`, so that the previous release, started again on it, finds them applied.
 */
export class ChangeLog1763701000000 implements MigrationInterface {
  name = 'ChangeLog1763701000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // The actor's functions first: the pending table's `actor` defaults to change_log_actor().
    for (const fn of FUNCTIONS.slice(0, 2)) await q(sqlFile(fileOf(fn)));
    // The head: the last seq given. Its row lock serializes steps.
    await q(`
      CREATE TABLE change_log_head (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        last_seq bigint NOT NULL
      )`);
    await q(`INSERT INTO change_log_head (last_seq) VALUES (0)`);
    // The highest seq pruned: a cursor before it has expired.
    await q(`
      CREATE TABLE change_log_retention (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        pruned_through bigint NOT NULL
      )`);
    await q(`INSERT INTO change_log_retention (pruned_through) VALUES (0)`);
    // What writers appended and no step has numbered yet. No index but its key: steps read the whole table (it is
    // vacuumed empty every second), and each index is work for every row a writer appends.
    await q(`
      CREATE TABLE change_log_pending (
        ord bigserial PRIMARY KEY,
        txid bigint NOT NULL DEFAULT txid_current(),
        kind varchar(8) NOT NULL,
        node_type varchar(40) NOT NULL,
        node_key varchar(120) NOT NULL,
        contained boolean NOT NULL,
        namespace_id integer,
        sight jsonb,
        data jsonb,
        actor text DEFAULT change_log_actor(),
        at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        after_sight jsonb
      )`);
    // The records (src/db/change-log.ts reads them; rowToRecord says what each column holds).
    await q(`
      CREATE TABLE change_log (
        seq bigint PRIMARY KEY,
        txid bigint NOT NULL,
        committed_at timestamptz(3) NOT NULL,
        kind varchar(8) NOT NULL,
        node_type varchar(40) NOT NULL,
        node_key varchar(120) NOT NULL,
        contained boolean NOT NULL,
        via varchar(8) NOT NULL,
        actor_project varchar(255),
        actor_user varchar(255),
        namespace_id integer,
        namespace varchar(80),
        owner varchar(255),
        public boolean,
        resource_types text[],
        before jsonb,
        resource_type varchar(80),
        project varchar(255),
        data jsonb
      )`);
    // A node's history; a namespace's changes; pruning by age.
    await q(`CREATE INDEX change_log_node_type_node_key_seq_idx ON change_log (node_type, node_key, seq)`);
    await q(`CREATE INDEX change_log_namespace_seq_idx ON change_log (namespace, seq)`);
    await q(`CREATE INDEX change_log_committed_at_idx ON change_log (committed_at)`);
    for (const fn of FUNCTIONS.slice(2)) await q(sqlFile(fileOf(fn)));
    await createTriggers(queryRunner, SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await dropTriggers(queryRunner, SQL);
    await q(`DROP TABLE change_log`);
    await q(`DROP TABLE change_log_pending`);
    await q(`DROP TABLE change_log_retention`);
    await q(`DROP TABLE change_log_head`);
    for (const fn of [...FUNCTIONS].reverse()) await q(`DROP FUNCTION ${fn}`);
  }
}
