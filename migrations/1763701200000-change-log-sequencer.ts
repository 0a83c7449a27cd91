import type { MigrationInterface, QueryRunner } from 'typeorm';
import { NAMESPACE_TRIGGER_FUNCTIONS } from './1763701000000-change-log';
import { ChangeLogCost1763701100000 } from './1763701100000-change-log-cost';

/** The channel a transaction that recorded changes NOTIFYs when no service instance will number them itself. */
const PENDING_CHANNEL = 'metacatalog_changes_pending';
/** The channel a step that numbered changes NOTIFYs (as the commit trigger did; see ChangeLogCost1763701100000). */
const CHANNEL = 'metacatalog_changes';
/** How many transactions one step numbers at most (the caller runs steps until none is left). */
const STEP_TRANSACTIONS = 2000;

/**
 * `change_log_actor()` as this migration creates it (a pending row's actor, and the NOTIFY of a commit no instance
 * numbers itself); exported for the migration that replaced it, to restore it when it is undone.
 */
export const ACTOR_FUNCTION = `
      CREATE FUNCTION change_log_actor() RETURNS text LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        actor text := NULLIF(current_setting('metacatalog.actor', true), '');
      BEGIN
        -- A service instance numbers its own transactions' changes after their commit; others are told.
        IF actor IS NULL OR (actor::jsonb ->> 'via') IS DISTINCT FROM 'graphql' THEN
          PERFORM pg_notify('${PENDING_CHANNEL}', '');
        END IF;
        RETURN actor;
      END $fn$`;

/**
 * `change_log_sequence()` as this migration creates it (the class's comment says what it does); exported for the
 * migration that replaced it, to restore it when it is undone.
 */
export const SEQUENCE_FUNCTION = `
      CREATE FUNCTION change_log_sequence() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        base bigint;
        n bigint;
        top bigint;
        types text;
        numbered integer;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM change_log_pending) THEN RETURN false; END IF;
        -- Steps one at a time; the next statement's snapshot sees what every earlier step committed.
        SELECT last_seq INTO base FROM change_log_head FOR UPDATE;
        WITH batch AS (
               SELECT txid FROM change_log_pending GROUP BY txid ORDER BY max(ord) LIMIT ${STEP_TRANSACTIONS}),
             gone AS (
               DELETE FROM change_log_pending p USING batch b WHERE p.txid = b.txid
               RETURNING p.ord, p.txid, p.kind, p.node_type, p.node_key, p.contained, p.namespace_id, p.sight,
                         p.after_sight, p.data, p.actor, p.at),
             tx AS (
               SELECT txid, max(ord) AS last_ord, max(at) AS at,
                      (array_agg(actor ORDER BY ord DESC))[1]::jsonb AS actor
                 FROM gone GROUP BY txid),
             -- Each namespace as the transaction left it: the sight after its last row that saw it.
             left_as AS (
               SELECT DISTINCT ON (txid, namespace_id) txid, namespace_id,
                      CASE WHEN node_type = 'Namespace' THEN after_sight ELSE sight END AS sight
                 FROM gone WHERE namespace_id IS NOT NULL ORDER BY txid, namespace_id, ord DESC),
             g AS (
               SELECT txid, node_type, node_key, min(ord) AS first_ord, bool_and(contained) AS contained,
                      CASE WHEN bool_or(kind = 'DELETED') THEN 'DELETED'
                           WHEN bool_or(kind = 'CREATED') THEN 'CREATED' ELSE 'UPDATED' END AS kind,
                      (array_agg(sight ORDER BY ord))[1] AS first_sight,
                      (array_agg(sight ORDER BY ord DESC))[1] AS last_sight,
                      (array_agg(namespace_id ORDER BY ord DESC))[1] AS namespace_id,
                      (array_agg(data ORDER BY ord DESC))[1] AS data
                 FROM gone GROUP BY txid, node_type, node_key),
             records AS (
               INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via,
                                       actor_project, actor_user, namespace_id, namespace, owner, public,
                                       resource_types, before, resource_type, project, data)
               SELECT base + row_number() OVER (ORDER BY tx.last_ord, g.first_ord), g.txid, tx.at, g.kind,
                      g.node_type, g.node_key, g.contained, COALESCE(tx.actor ->> 'via', 'sql'),
                      tx.actor ->> 'project', tx.actor ->> 'user',
                      g.namespace_id, s.now ->> 'namespace', s.now ->> 'owner', (s.now ->> 'public')::boolean,
                      CASE WHEN s.now IS NULL THEN NULL
                           ELSE ARRAY(SELECT jsonb_array_elements_text(s.now -> 'resourceTypes')) END,
                      CASE WHEN g.node_type = 'Namespace' AND g.kind = 'UPDATED'
                                AND g.first_sight IS DISTINCT FROM s.now THEN g.first_sight END,
                      g.data ->> 'resourceType', g.data ->> 'project', g.data
                 FROM g
                 JOIN tx ON tx.txid = g.txid
                 LEFT JOIN left_as l ON l.txid = g.txid AND l.namespace_id = g.namespace_id
                 -- OFFSET 0: the namespace's sight now is looked up once per record.
                 CROSS JOIN LATERAL (
                   SELECT CASE WHEN g.namespace_id IS NULL THEN NULL
                               WHEN g.node_type = 'Namespace' AND g.kind = 'DELETED' THEN g.first_sight
                               ELSE COALESCE(l.sight, g.last_sight) END AS left_as,
                          change_log_sight(g.namespace_id) AS later
                   OFFSET 0) k
                 CROSS JOIN LATERAL (
                   SELECT CASE WHEN k.later IS NULL OR k.left_as IS NULL THEN k.left_as
                               ELSE jsonb_set(k.left_as, '{public}',
                                      to_jsonb((k.left_as ->> 'public')::boolean
                                               AND (k.later ->> 'public')::boolean)) END AS now) s
               RETURNING seq, node_type)
        SELECT count(*), max(seq), string_agg(DISTINCT node_type, ','), (SELECT count(*) FROM tx)
          INTO n, top, types, numbered FROM records;
        IF n = 0 THEN RETURN false; END IF;
        UPDATE change_log_head SET last_seq = top;
        -- The highest seq, then the node types recorded: a feed no listener of those types needs skips the read.
        PERFORM pg_notify('${CHANNEL}', top::text || ' ' || types);
        RETURN numbered >= ${STEP_TRANSACTIONS}; -- a full batch: more may be pending
      END $fn$`;

/**
 * The change log numbered after the commit, by a step outside the writer's transaction (issue 21, write cost).
 *
 * Before, a deferred trigger folded the transaction's pending rows at its commit, numbered them under the head's
 * row lock (held through the commit's WAL flush: writers committed one at a time) and NOTIFYed (PostgreSQL's notify
 * queue lock is held through the commit too). Now a writer only appends its pending rows, with what the step needs
 * that only the writer knows: the actor (`metacatalog.actor`), the time, and a namespace's sight after the row.
 *
 * `change_log_sequence()` (any instance, any session) takes the head's row lock, then, in one statement that sees
 * every transaction committed before it had the lock, deletes the pending rows of up to STEP_TRANSACTIONS committed
 * transactions (the earliest by their last pending row) and inserts their records: one per node and transaction,
 * numbered in the order of each transaction's last pending row. It returns true when its batch was full (more may
 * be pending). That order keeps causality: a write made after another transaction's commit has a later row than
 * all of that transaction's, and a step that sees the later transaction sees the earlier one too.
 * Steps are serialized by the head's lock and each commits before the next one reads: seq order is the order in
 * which records become visible, with no gap, as before.
 *
 * Who runs a step: the service instance that committed, right after its commit; every instance on a NOTIFY of
 * PENDING_CHANNEL, which a transaction sends when its actor is not `graphql` (the CLI, the importer, SQL by hand),
 * and when its feed (re)connects; `changes`, `history` and a resumed subscription before they read (a caller reads
 * its own writes). A step with nothing pending returns at once, without the lock.
 *
 * A record's namespace sight is the namespace as the transaction left it (the sight after its last row that saw the
 * namespace), made private when the namespace is private by the time of the step: a transaction that committed
 * after this one and hid the namespace hides this record too (more hidden, never more shown).
 */
export class ChangeLogSequencer1763701200000 implements MigrationInterface {
  name = 'ChangeLogSequencer1763701200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // A transaction that wrote before this migration (a restore of an older backup) has the old trigger's events
    // pending: they fire now, then the trigger can go.
    await q(`SET CONSTRAINTS change_log_pending_commit IMMEDIATE`);
    await q(`DROP TRIGGER change_log_pending_commit ON change_log_pending`);
    await q(`DROP FUNCTION change_log_commit()`);
    await q(ACTOR_FUNCTION);
    await q(`ALTER TABLE change_log_pending
               ADD COLUMN actor text DEFAULT change_log_actor(),
               ADD COLUMN at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
               ADD COLUMN after_sight jsonb`);
    // What a cascaded delete looks up for each row it takes (change_log_sight_of: the namespace deleted earlier in
    // the transaction): by the transaction's pending rows it was a scan of all of them per row, quadratic in what
    // went with a namespace.
    await q(`CREATE INDEX change_log_pending_deleted_namespace_idx ON change_log_pending (txid, node_key)
               WHERE node_type = 'Namespace' AND kind = 'DELETED'`);
    // A namespace's rows record its sight after the write too (null once it went).
    await q(`
      CREATE OR REPLACE FUNCTION change_log_namespace() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        r namespaces := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      BEGIN
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight, after_sight)
        VALUES (kind, 'Namespace', r.id::text, false, r.id,
                CASE WHEN TG_OP = 'INSERT' THEN NULL
                     ELSE jsonb_build_object('namespace', OLD.name, 'owner', OLD.owner,
                            'public', OLD.visibility = 'public',
                            'resourceTypes', change_log_sight(OLD.id) -> 'resourceTypes') END,
                CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE change_log_sight(NEW.id) END);
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_namespace_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        ns integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.namespace_id ELSE NEW.namespace_id END;
        now_sight jsonb := change_log_sight(ns);
        types jsonb;
      BEGIN
        IF now_sight IS NULL THEN RETURN NULL; END IF; -- the namespace went: its delete tells it
        types := now_sight -> 'resourceTypes';
        IF TG_OP <> 'INSERT' THEN
          types := types || to_jsonb((SELECT name FROM resource_types WHERE id = OLD.resource_type_id)::text);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          types := types - (SELECT name FROM resource_types WHERE id = NEW.resource_type_id)::text;
        END IF;
        types := COALESCE((SELECT jsonb_agg(DISTINCT t ORDER BY t) FROM jsonb_array_elements_text(types) t),
                          '[]'::jsonb);
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight, after_sight)
        VALUES ('UPDATED', 'Namespace', ns::text, false, ns, jsonb_set(now_sight, '{resourceTypes}', types),
                now_sight);
        RETURN NULL;
      END $fn$`);
    await q(SEQUENCE_FUNCTION);
    // Nothing is pending between transactions under the commit trigger: no step is owed here.
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // Number what is pending, the old way back: the commit trigger (its function as the last migration left it).
    while ((await q(`SELECT change_log_sequence() AS more`))[0].more);
    await q(`DROP FUNCTION change_log_sequence()`);
    for (const sql of NAMESPACE_TRIGGER_FUNCTIONS) await q(sql);
    await new ChangeLogCost1763701100000().up(queryRunner); // change_log_commit() and the functions it calls
    await q(`
      CREATE CONSTRAINT TRIGGER change_log_pending_commit AFTER INSERT ON change_log_pending
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_log_commit()`);
    await q(`DROP INDEX change_log_pending_deleted_namespace_idx`);
    await q(`ALTER TABLE change_log_pending DROP COLUMN actor, DROP COLUMN at, DROP COLUMN after_sight`);
    await q(`DROP FUNCTION change_log_actor()`);
  }
}
