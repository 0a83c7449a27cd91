import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SIGHT_OF_FUNCTION } from './1763701100000-change-log-cost';
import { ACTOR_FUNCTION } from './1763701200000-change-log-sequencer';
import { LEAN_SEQUENCE_FUNCTION } from './1763701300000-change-log-lean-step';
import { LEAN_CATALOG_TRIGGER_FUNCTION } from './1763701400000-change-log-lean-trigger';

/** The channel a commit that no service instance numbers itself NOTIFYs (migration 1763701200000). */
const PENDING_CHANNEL = 'metacatalog_changes_pending';
/** The channel a step that numbered changes NOTIFYs. */
const CHANNEL = 'metacatalog_changes';
/** How many transactions one step numbers at most (the caller runs steps until none is left). */
const STEP_TRANSACTIONS = 2000;
/**
 * Above this many pending rows a step plans its statement afresh (EXECUTE) instead of running the plan its session
 * cached, made while the table held a few rows (it is vacuumed empty every second): its joins are by hash whatever
 * the estimates (STEP_SIGHT_SEQUENCE_FUNCTION), but a fresh plan sizes its hash tables, aggregates and sorts for one large
 * transaction (a namespace's delete that took 300,000 rows with it).
 */
export const FRESH_PLAN_ROWS = 5000;

/** A namespace's name, owner and visibility (`n`: its row): what a catalog row's writer records of it. */
const SEEN_OF_N = `jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public')`;

/**
 * The step's statement: numbers the pending rows of up to STEP_TRANSACTIONS committed transactions. `base` is the
 * head's number (a variable, or `$1` for EXECUTE); `into` is where its one row goes (static SQL only).
 */
const stepStatement = (base: string, into: string) => `
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
             -- A namespace the transaction changed, as it left it: after its last change (as it was, if it went).
             own AS (
               SELECT DISTINCT ON (txid, namespace_id) txid, namespace_id,
                      CASE WHEN kind = 'DELETED' THEN sight ELSE after_sight END AS sight
                 FROM gone WHERE node_type = 'Namespace' ORDER BY txid, namespace_id, ord DESC),
             -- A namespace the transaction wrote in without changing it: its name, owner and visibility as the
             -- transaction's last row in it saw them (the writer records them)...
             seen AS (
               SELECT DISTINCT ON (g.txid, g.namespace_id) g.txid, g.namespace_id, g.ord, g.sight
                 FROM gone g
                WHERE g.node_type <> 'Namespace' AND g.sight IS NOT NULL
                  AND NOT EXISTS (SELECT FROM own o WHERE o.txid = g.txid AND o.namespace_id = g.namespace_id)
                ORDER BY g.txid, g.namespace_id, g.ord DESC),
             -- ...and its resource types as the first change of the namespace after that row found them (its
             -- pending row, this step's or a later one's: the statement sees the rows it deletes), else as now.
             changed AS MATERIALIZED (
               SELECT ord, namespace_id, sight FROM change_log_pending WHERE node_type = 'Namespace'),
             later AS (
               SELECT DISTINCT ON (s.txid, s.namespace_id) s.txid, s.namespace_id, c.sight -> 'resourceTypes' AS types
                 FROM seen s JOIN changed c ON c.namespace_id = s.namespace_id AND c.ord > s.ord
                ORDER BY s.txid, s.namespace_id, c.ord),
             -- Resource type names by lookups (no join: the step's joins are all by hash, see STEP_SIGHT_SEQUENCE_FUNCTION).
             now_types AS (
               SELECT d.namespace_id,
                      (SELECT jsonb_agg(t.name ORDER BY t.name)
                         FROM (SELECT (SELECT rt.name FROM resource_types rt WHERE rt.id = nrt.resource_type_id) AS name
                                 FROM namespace_resource_types nrt WHERE nrt.namespace_id = d.namespace_id) t) AS types
                 FROM (SELECT DISTINCT namespace_id FROM seen) d),
             left_as AS (
               SELECT txid, namespace_id, sight FROM own
               UNION ALL
               SELECT s.txid, s.namespace_id,
                      s.sight || jsonb_build_object('resourceTypes', COALESCE(l.types, t.types, '[]'::jsonb))
                 FROM seen s
                 LEFT JOIN later l ON l.txid = s.txid AND l.namespace_id = s.namespace_id
                 LEFT JOIN now_types t ON t.namespace_id = s.namespace_id),
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
               SELECT ${base} + row_number() OVER (ORDER BY r.last_ord, r.first_ord), r.txid, r.at, r.kind,
                      r.node_type, r.node_key, r.contained, COALESCE(r.actor ->> 'via', 'sql'),
                      r.actor ->> 'project', r.actor ->> 'user',
                      r.namespace_id, r.now ->> 'namespace', r.now ->> 'owner', (r.now ->> 'public')::boolean,
                      CASE WHEN r.now IS NULL THEN NULL
                           ELSE ARRAY(SELECT jsonb_array_elements_text(r.now -> 'resourceTypes')) END,
                      CASE WHEN r.node_type = 'Namespace' AND r.kind = 'UPDATED'
                                AND r.first_sight IS DISTINCT FROM r.now THEN r.first_sight END,
                      r.data ->> 'resourceType', r.data ->> 'project', r.data
                 -- OFFSET 0 (twice): a record's sight is built once.
                 FROM (SELECT k.*,
                              CASE WHEN k.public_now IS NULL OR k.left_as IS NULL THEN k.left_as
                                   ELSE jsonb_set(k.left_as, '{public}',
                                          to_jsonb((k.left_as ->> 'public')::boolean AND k.public_now)) END AS now
                         FROM (SELECT g.*, tx.last_ord, tx.at, tx.actor,
                                      CASE WHEN g.namespace_id IS NULL THEN NULL
                                           WHEN g.node_type = 'Namespace' AND g.kind = 'DELETED' THEN g.first_sight
                                           ELSE COALESCE(l.sight, g.last_sight) END AS left_as,
                                      -- The namespace now (none once it went): a record is public only while
                                      -- its namespace still is.
                                      (SELECT n.visibility = 'public' FROM namespaces n WHERE n.id = g.namespace_id)
                                        AS public_now
                                 FROM g
                                 JOIN tx ON tx.txid = g.txid
                                 LEFT JOIN left_as l ON l.txid = g.txid AND l.namespace_id = g.namespace_id
                               OFFSET 0) k
                       OFFSET 0) r
               RETURNING seq, node_type)
        SELECT count(*), max(seq), string_agg(DISTINCT node_type, ','), (SELECT count(*) FROM tx)${into}
          FROM records`;

/** `change_log_sequence()` as this migration leaves it (the class's comment says what changed). */
export const STEP_SIGHT_SEQUENCE_FUNCTION = `
      CREATE OR REPLACE FUNCTION change_log_sequence() RETURNS boolean LANGUAGE plpgsql VOLATILE
      -- Every join of the step by hash: the planner's estimates of the pending rows are near zero (the table is
      -- vacuumed empty every second; PGlite never analyzes it), and a nested loop over a few hundred rows each
      -- side took a second.
      SET enable_nestloop = off AS $fn$
      DECLARE
        base bigint;
        n bigint;
        top bigint;
        types text;
        numbered integer;
        pending integer;
      BEGIN
        SELECT count(*) INTO pending FROM (SELECT FROM change_log_pending LIMIT ${FRESH_PLAN_ROWS + 1}) p;
        IF pending = 0 THEN RETURN false; END IF;
        -- Steps one at a time; the next statement's snapshot sees what every earlier step committed.
        SELECT last_seq INTO base FROM change_log_head FOR UPDATE;
        IF pending > ${FRESH_PLAN_ROWS} THEN
          EXECUTE $step$${stepStatement('$1', '')}$step$ INTO n, top, types, numbered USING base;
        ELSE${stepStatement('base', ' INTO n, top, types, numbered')};
        END IF;
        IF n = 0 THEN RETURN false; END IF;
        UPDATE change_log_head SET last_seq = top;
        -- The highest seq, then the node types recorded: a feed no listener of those types needs skips the read.
        PERFORM pg_notify('${CHANNEL}', top::text || ' ' || types);
        RETURN numbered >= ${STEP_TRANSACTIONS}; -- a full batch: more may be pending
      END $fn$`;

/**
 * A catalog row's writer records what only it can know of the namespace, and the step the rest (issue 21, write
 * cost; a namespace's delete no longer quadratic in what went with it).
 *
 * - `change_log_catalog()` (property definitions, objects, tags) recorded its namespace's whole sight on every
 *   row: the name, owner and visibility, and its resource types (a join and an aggregate, two thirds of the
 *   sight's cost). It now records the name, owner and visibility only; for a row that went with its namespace
 *   (deleted earlier in the same transaction), nothing: it looked that up among the transaction's pending rows,
 *   by a plan its session made when the table was near empty (a sequential scan), once per row, so a namespace's
 *   delete read the pending table once for every row that went with it (300,000 properties: stopped after 10
 *   minutes).
 * - The step (`change_log_sequence()`) completes a record's namespace as its transaction left it: a namespace the
 *   transaction changed or deleted, from the transaction's own namespace rows (as before); one it only wrote in,
 *   from its last row there (name, owner, visibility) and the resource types the first later change of the
 *   namespace found (its pending row), else those of now. What decides who sees a record (the owner and the
 *   visibility) is still what the writer saw; only a resource type association made while the writer's
 *   transaction was open may be told one way or the other (as two such commits may be numbered in either order).
 * - `change_log_sight_of()` and the index it read through go: nothing calls it now.
 * - A step of more than FRESH_PLAN_ROWS pending rows plans its statement afresh.
 * - `change_log_actor()` is a SQL expression the planner inlines into the pending row's insert: a writer whose
 *   actor says `{"via":"graphql"` first (the service writes it so) NOTIFYs nothing, without parsing the JSON;
 *   any other calls `change_log_actor_told()`, which NOTIFYs (as before).
 */
export class ChangeLogStepSight1763701500000 implements MigrationInterface {
  name = 'ChangeLogStepSight1763701500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // What is pending was recorded the old way (whole sights): the old step numbers it.
    while ((await q(`SELECT change_log_sequence() AS more`))[0].more);
    await q(`
      CREATE FUNCTION change_log_actor_told(actor text) RETURNS text LANGUAGE plpgsql VOLATILE AS $fn$
      BEGIN
        PERFORM pg_notify('${PENDING_CHANNEL}', '');
        RETURN actor;
      END $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_actor() RETURNS text LANGUAGE sql VOLATILE AS $fn$
        SELECT CASE WHEN current_setting('metacatalog.actor', true) LIKE '{"via":"graphql"%'
                    THEN current_setting('metacatalog.actor', true)
                    ELSE change_log_actor_told(NULLIF(current_setting('metacatalog.actor', true), '')) END
      $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_catalog() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text;
        row_key text;
        ns integer;
        node_type text;
        object_id integer;
        sight jsonb;
        cascaded boolean;
      BEGIN
        IF TG_TABLE_NAME = 'metadef_properties' THEN
          object_id := CASE WHEN TG_OP = 'DELETE' THEN OLD.object_id ELSE NEW.object_id END;
        END IF;
        IF TG_OP <> 'DELETE' AND object_id IS NULL THEN
          -- Created or changed in its namespace, not an object's property: one statement.
          INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
          SELECT CASE TG_OP WHEN 'INSERT' THEN 'CREATED' ELSE 'UPDATED' END,
                 CASE TG_TABLE_NAME WHEN 'metadef_objects' THEN 'MetadefObject'
                   WHEN 'metadef_tags' THEN 'MetadefTag' ELSE 'PropertyDefinition' END,
                 NEW.id::text, false, n.id, ${SEEN_OF_N}
            FROM namespaces n WHERE n.id = NEW.namespace_id;
          IF FOUND THEN RETURN NULL; END IF;
        END IF;
        kind := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        row_key := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text;
        ns := CASE WHEN TG_OP = 'DELETE' THEN OLD.namespace_id ELSE NEW.namespace_id END;
        node_type := CASE TG_TABLE_NAME WHEN 'metadef_objects' THEN 'MetadefObject'
                       WHEN 'metadef_tags' THEN 'MetadefTag' ELSE 'PropertyDefinition' END;
        SELECT ${SEEN_OF_N} INTO sight FROM namespaces n WHERE n.id = ns;
        -- Its namespace went in this transaction: told by the namespace's delete, whose row the step reads.
        cascaded := sight IS NULL;
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
        VALUES (kind, node_type, row_key, cascaded OR object_id IS NOT NULL, ns, sight);
        IF object_id IS NOT NULL AND NOT cascaded AND EXISTS (SELECT 1 FROM metadef_objects WHERE id = object_id) THEN
          INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
          VALUES ('UPDATED', 'MetadefObject', object_id::text, false, ns, sight);
        END IF;
        RETURN NULL;
      END $fn$`);
    await q(STEP_SIGHT_SEQUENCE_FUNCTION);
    // Its one caller was the catalog's trigger, and the index served it (every pending row evaluated its predicate).
    await q(`DROP FUNCTION change_log_sight_of(integer)`);
    await q(`DROP INDEX change_log_pending_deleted_namespace_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    // What is pending was recorded this migration's way: this step numbers it.
    while ((await q(`SELECT change_log_sequence() AS more`))[0].more);
    await q(`CREATE INDEX change_log_pending_deleted_namespace_idx ON change_log_pending (txid, node_key)
               WHERE node_type = 'Namespace' AND kind = 'DELETED'`);
    await q(SIGHT_OF_FUNCTION);
    await q(LEAN_SEQUENCE_FUNCTION);
    await q(LEAN_CATALOG_TRIGGER_FUNCTION);
    await q(ACTOR_FUNCTION.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
    await q(`DROP FUNCTION change_log_actor_told(text)`);
  }
}
