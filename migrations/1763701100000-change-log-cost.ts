import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PostgreSQL NOTIFY channel a commit that recorded changes notifies, with the new highest seq and, after a
 * space, the node types it recorded, comma-separated (a feed of an earlier version reads the log on a payload it
 * cannot read, as it always did).
 */
const CHANNEL = 'metacatalog_changes';

/**
 * `change_log_sight_of()` as this migration leaves it (a namespace's sight now, or as its delete earlier in the
 * transaction recorded it); exported for the migration that dropped it, to restore it when it is undone.
 */
export const SIGHT_OF_FUNCTION = `
      CREATE OR REPLACE FUNCTION change_log_sight_of(ns integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
      BEGIN
        RETURN COALESCE(change_log_sight(ns),
                        (SELECT p.sight FROM change_log_pending p
                          WHERE p.txid = txid_current() AND p.node_type = 'Namespace' AND p.node_key = ns::text
                            AND p.kind = 'DELETED' ORDER BY p.ord DESC LIMIT 1));
      END $fn$`;

/**
 * The change log's write cost (issue 21): the same records, written with less work per commit.
 *
 * - The functions that look up a namespace's sight and a resource's data were SQL functions that the planner cannot
 *   inline (a FROM clause): such a function's query is planned again at every call, and the commit's INSERT called
 *   the sight once per use of its LATERAL column (pulled up into the outer query): a dozen plannings per commit,
 *   most of the log's cost. They are PL/pgSQL now (a session plans their queries once), and the commit looks a
 *   record's sight up once (`OFFSET 0` keeps the LATERAL subquery whole).
 * - The commit writes a provider's data as committed in its INSERT (a join), not by a second UPDATE of the records
 *   it just wrote.
 * - The NOTIFY names the node types the commit recorded after its highest seq: an instance whose listeners need
 *   none of them (no subscriber; the standard trait names need traits only) skips reading the log.
 *
 * What is recorded and its numbering (the head's row lock: seq order is commit order) are unchanged
 * (migration 1763701000000-change-log.ts). `down` restores the earlier definitions.
 */
export class ChangeLogCost1763701100000 implements MigrationInterface {
  name = 'ChangeLogCost1763701100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_sight(ns integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
      BEGIN
        RETURN (SELECT jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public',
                         'resourceTypes', COALESCE((SELECT jsonb_agg(rt.name ORDER BY rt.name)
                                                      FROM namespace_resource_types nrt
                                                      JOIN resource_types rt ON rt.id = nrt.resource_type_id
                                                     WHERE nrt.namespace_id = n.id), '[]'::jsonb))
                  FROM namespaces n WHERE n.id = ns);
      END $fn$`);
    await q(SIGHT_OF_FUNCTION);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_resource_data(r_uuid uuid, r_project varchar, r_type integer)
      RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
      BEGIN
        RETURN jsonb_build_object('uuid', r_uuid, 'project', r_project,
                 'resourceType', (SELECT name FROM resource_types WHERE id = r_type));
      END $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_commit() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        t bigint := txid_current();
        n bigint;
        base bigint;
        actor jsonb;
        types text;
      BEGIN
        IF current_setting('metacatalog.change_log_tx', true) IS NOT DISTINCT FROM t::text THEN RETURN NULL; END IF;
        PERFORM set_config('metacatalog.change_log_tx', t::text, true);
        SELECT count(DISTINCT (node_type, node_key)), string_agg(DISTINCT node_type, ',') INTO n, types
          FROM change_log_pending WHERE txid = t;
        IF n = 0 THEN RETURN NULL; END IF;
        actor := NULLIF(current_setting('metacatalog.actor', true), '')::jsonb;
        UPDATE change_log_head SET last_seq = last_seq + n RETURNING last_seq - n INTO base;
        INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via, actor_project,
                                actor_user, namespace_id, namespace, owner, public, resource_types, before,
                                resource_type, project, data)
        SELECT base + row_number() OVER (ORDER BY g.first_ord), t, clock_timestamp(), g.kind, g.node_type,
               g.node_key, g.contained, COALESCE(actor ->> 'via', 'sql'), actor ->> 'project', actor ->> 'user',
               g.namespace_id, s.now ->> 'namespace', s.now ->> 'owner', (s.now ->> 'public')::boolean,
               CASE WHEN s.now IS NULL THEN NULL
                    ELSE ARRAY(SELECT jsonb_array_elements_text(s.now -> 'resourceTypes')) END,
               CASE WHEN g.node_type = 'Namespace' AND g.kind = 'UPDATED' AND g.first_sight IS DISTINCT FROM s.now
                    THEN g.first_sight END,
               g.data ->> 'resourceType', g.data ->> 'project',
               -- A provider's generation and name as committed (its traits may have changed after its row did).
               CASE WHEN p.id IS NULL THEN g.data
                    ELSE jsonb_build_object('uuid', p.uuid, 'name', p.name, 'generation', p.generation) END
          FROM (SELECT node_type, node_key, min(ord) AS first_ord, bool_and(contained) AS contained,
                       CASE WHEN bool_or(kind = 'DELETED') THEN 'DELETED'
                            WHEN bool_or(kind = 'CREATED') THEN 'CREATED' ELSE 'UPDATED' END AS kind,
                       (array_agg(sight ORDER BY ord))[1] AS first_sight,
                       (array_agg(sight ORDER BY ord DESC))[1] AS last_sight,
                       (array_agg(namespace_id ORDER BY ord DESC))[1] AS namespace_id,
                       (array_agg(data ORDER BY ord DESC))[1] AS data
                  FROM change_log_pending WHERE txid = t GROUP BY node_type, node_key) g
          LEFT JOIN resource_providers p ON g.node_type = 'ResourceProvider' AND p.id = g.node_key::integer
          -- OFFSET 0: the sight is looked up once per record (pulled up, every use of s.now would call it again).
          CROSS JOIN LATERAL (
            SELECT CASE WHEN g.namespace_id IS NULL THEN NULL
                        WHEN g.node_type = 'Namespace' AND g.kind = 'DELETED' THEN g.first_sight
                        ELSE COALESCE(change_log_sight(g.namespace_id), g.last_sight) END AS now
            OFFSET 0) s;
        DELETE FROM change_log_pending WHERE txid = t;
        -- The highest seq, then the node types recorded: a feed no listener of those types needs skips the read.
        PERFORM pg_notify('${CHANNEL}', (base + n)::text || ' ' || types);
        RETURN NULL;
      END $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_commit() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        t bigint := txid_current();
        n bigint;
        base bigint;
        actor jsonb;
      BEGIN
        IF current_setting('metacatalog.change_log_tx', true) IS NOT DISTINCT FROM t::text THEN RETURN NULL; END IF;
        PERFORM set_config('metacatalog.change_log_tx', t::text, true);
        SELECT count(*) INTO n FROM (SELECT DISTINCT node_type, node_key FROM change_log_pending WHERE txid = t) d;
        IF n = 0 THEN RETURN NULL; END IF;
        actor := NULLIF(current_setting('metacatalog.actor', true), '')::jsonb;
        UPDATE change_log_head SET last_seq = last_seq + n RETURNING last_seq - n INTO base;
        INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via, actor_project,
                                actor_user, namespace_id, namespace, owner, public, resource_types, before,
                                resource_type, project, data)
        SELECT base + row_number() OVER (ORDER BY g.first_ord), t, clock_timestamp(), g.kind, g.node_type,
               g.node_key, g.contained, COALESCE(actor ->> 'via', 'sql'), actor ->> 'project', actor ->> 'user',
               g.namespace_id, s.now ->> 'namespace', s.now ->> 'owner', (s.now ->> 'public')::boolean,
               CASE WHEN s.now IS NULL THEN NULL
                    ELSE ARRAY(SELECT jsonb_array_elements_text(s.now -> 'resourceTypes')) END,
               CASE WHEN g.node_type = 'Namespace' AND g.kind = 'UPDATED' AND g.first_sight IS DISTINCT FROM s.now
                    THEN g.first_sight END,
               g.data ->> 'resourceType', g.data ->> 'project', g.data
          FROM (SELECT node_type, node_key, min(ord) AS first_ord, bool_and(contained) AS contained,
                       CASE WHEN bool_or(kind = 'DELETED') THEN 'DELETED'
                            WHEN bool_or(kind = 'CREATED') THEN 'CREATED' ELSE 'UPDATED' END AS kind,
                       (array_agg(sight ORDER BY ord))[1] AS first_sight,
                       (array_agg(sight ORDER BY ord DESC))[1] AS last_sight,
                       (array_agg(namespace_id ORDER BY ord DESC))[1] AS namespace_id,
                       (array_agg(data ORDER BY ord DESC))[1] AS data
                  FROM change_log_pending WHERE txid = t GROUP BY node_type, node_key) g
          CROSS JOIN LATERAL (
            SELECT CASE WHEN g.namespace_id IS NULL THEN NULL
                        WHEN g.node_type = 'Namespace' AND g.kind = 'DELETED' THEN g.first_sight
                        ELSE COALESCE(change_log_sight(g.namespace_id), g.last_sight) END AS now) s;
        -- A provider's generation and name as committed (its traits may have changed after its row did).
        UPDATE change_log c SET data = jsonb_build_object('uuid', p.uuid, 'name', p.name, 'generation', p.generation)
          FROM resource_providers p
         WHERE c.seq > base AND c.seq <= base + n AND c.node_type = 'ResourceProvider' AND p.id = c.node_key::integer;
        DELETE FROM change_log_pending WHERE txid = t;
        PERFORM pg_notify('${CHANNEL}', (base + n)::text);
        RETURN NULL;
      END $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_resource_data(r_uuid uuid, r_project varchar, r_type integer) RETURNS jsonb
      LANGUAGE sql STABLE AS $fn$
        SELECT jsonb_build_object('uuid', r_uuid, 'project', r_project,
                 'resourceType', (SELECT name FROM resource_types WHERE id = r_type))
      $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_sight_of(ns integer) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
        SELECT COALESCE(change_log_sight(ns),
                        (SELECT p.sight FROM change_log_pending p
                          WHERE p.txid = txid_current() AND p.node_type = 'Namespace' AND p.node_key = ns::text
                            AND p.kind = 'DELETED' ORDER BY p.ord DESC LIMIT 1))
      $fn$`);
    await q(`
      CREATE OR REPLACE FUNCTION change_log_sight(ns integer) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
        SELECT jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public',
                 'resourceTypes', COALESCE((SELECT jsonb_agg(rt.name ORDER BY rt.name)
                                              FROM namespace_resource_types nrt
                                              JOIN resource_types rt ON rt.id = nrt.resource_type_id
                                             WHERE nrt.namespace_id = n.id), '[]'::jsonb))
          FROM namespaces n WHERE n.id = ns
      $fn$`);
  }
}
