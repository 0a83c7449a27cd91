import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables each node type lives in, and the row trigger function that records a change of one of them. A
 * "part" table (an association, a resource's tags) records a change of the node it belongs to.
 */
export const CHANGE_LOG_TABLES: Readonly<Record<string, string>> = {
  namespaces: 'change_log_namespace',
  namespace_resource_types: 'change_log_namespace_part',
  metadef_objects: 'change_log_catalog',
  metadef_properties: 'change_log_catalog',
  metadef_tags: 'change_log_catalog',
  traits: 'change_log_named',
  resource_types: 'change_log_named',
  discovered_properties: 'change_log_named',
  resource_providers: 'change_log_provider',
  resource_provider_traits: 'change_log_provider_part',
  resources: 'change_log_resource',
  resource_tags: 'change_log_resource_part',
  resource_properties: 'change_log_resource_part',
};

/** The PostgreSQL NOTIFY channel a commit that recorded changes notifies, with the new highest seq. */
const CHANNEL = 'metacatalog_changes';

/**
 * The row trigger function of a property definition, object or tag. An object's property is told by its object
 * (UPDATED), and recorded itself as contained. Exported for the migration that replaced it, to restore it when it
 * is undone.
 */
export const CATALOG_TRIGGER_FUNCTION = `
      CREATE FUNCTION change_log_catalog() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        row_key text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text;
        ns integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.namespace_id ELSE NEW.namespace_id END;
        node_type text := CASE TG_TABLE_NAME WHEN 'metadef_objects' THEN 'MetadefObject'
                            WHEN 'metadef_tags' THEN 'MetadefTag' ELSE 'PropertyDefinition' END;
        object_id integer;
        sight jsonb := change_log_sight(ns);
        -- Its namespace went in this transaction: told by the namespace's delete.
        cascaded boolean := sight IS NULL;
      BEGIN
        IF cascaded THEN sight := change_log_sight_of(ns); END IF;
        IF TG_TABLE_NAME = 'metadef_properties' THEN
          object_id := CASE WHEN TG_OP = 'DELETE' THEN OLD.object_id ELSE NEW.object_id END;
        END IF;
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
        VALUES (kind, node_type, row_key, cascaded OR object_id IS NOT NULL, ns, sight);
        IF object_id IS NOT NULL AND NOT cascaded AND EXISTS (SELECT 1 FROM metadef_objects WHERE id = object_id) THEN
          INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
          VALUES ('UPDATED', 'MetadefObject', object_id::text, false, ns, sight);
        END IF;
        RETURN NULL;
      END $fn$`;

/**
 * The row trigger functions of a namespace and of its resource type associations (an association changed: the
 * namespace's resource types; its sight before: the types without / with it). Exported for the migration that
 * replaced them, to restore them when it is undone.
 */
export const NAMESPACE_TRIGGER_FUNCTIONS: readonly string[] = [
  `CREATE OR REPLACE FUNCTION change_log_namespace() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
    r namespaces := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  BEGIN
    INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
    VALUES (kind, 'Namespace', r.id::text, false, r.id,
            CASE WHEN TG_OP = 'INSERT' THEN NULL
                 ELSE jsonb_build_object('namespace', OLD.name, 'owner', OLD.owner,
                        'public', OLD.visibility = 'public',
                        'resourceTypes', change_log_sight(OLD.id) -> 'resourceTypes') END);
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END $fn$`,
  `CREATE OR REPLACE FUNCTION change_log_namespace_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
    INSERT INTO change_log_pending (kind, node_type, node_key, contained, namespace_id, sight)
    VALUES ('UPDATED', 'Namespace', ns::text, false, ns, jsonb_set(now_sight, '{resourceTypes}', types));
    RETURN NULL;
  END $fn$`,
];

/** An UPDATE trigger's condition: the row changed beyond its updated_at. */
const CHANGED = `(to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at')`;

/**
 * The change log: one record per node and committing transaction, written by triggers whatever wrote (the service,
 * the CLI, the Glance importer, SQL by hand), in commit order.
 *
 * - Row triggers on every table a node type lives in append to `change_log_pending` (the transaction's changes so
 *   far, with what visibility needs as it was at the row's time: a namespace's sight before the write, what a
 *   cascaded delete can no longer look up). A namespace's delete is recorded BEFORE the row goes, so the
 *   cascade that follows (its content, its associations) still finds its sight. What went with its
 *   namespace (or a discovery key with its resource type) and an object's properties are `contained`: told by
 *   their container's record (subscriptions skip them; the log keeps them: every id that went is in it). An
 *   update that changes nothing but `updated_at` records nothing (the seeds' upserts).
 * - A deferred constraint trigger on `change_log_pending` runs once per transaction at commit (a
 *   transaction-local setting remembers it): it folds the pending rows to one record per node (DELETED if the
 *   node went, else CREATED if it came, else UPDATED), takes as many numbers from the one-row head with
 *   `UPDATE … RETURNING` (whose row lock, held until the commit ends, serializes committers: seq order is commit
 *   order, and a reader never sees a seq before every smaller one is visible), writes the records with the actor
 *   (`metacatalog.actor`, set by the transaction; absent: via=sql), and NOTIFYs the new highest seq.
 * - A rolled-back transaction leaves nothing (its pending rows go with it). TRUNCATE is not recorded.
 */
export class ChangeLog1763701000000 implements MigrationInterface {
  name = 'ChangeLog1763701000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    await q(`
      CREATE TABLE change_log_head (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        last_seq bigint NOT NULL
      )`);
    await q(`INSERT INTO change_log_head (last_seq) VALUES (0)`);
    // Pruning writes here, not on the head committers lock.
    await q(`
      CREATE TABLE change_log_retention (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        pruned_through bigint NOT NULL
      )`);
    await q(`INSERT INTO change_log_retention (pruned_through) VALUES (0)`);
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
        data jsonb
      )`);
    await q(`CREATE INDEX change_log_pending_txid_idx ON change_log_pending (txid)`);
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
    await q(`CREATE INDEX change_log_node_type_node_key_seq_idx ON change_log (node_type, node_key, seq)`);
    await q(`CREATE INDEX change_log_namespace_seq_idx ON change_log (namespace, seq)`);
    await q(`CREATE INDEX change_log_committed_at_idx ON change_log (committed_at)`);

    // A namespace's sight now (null when it is gone): what decides who sees it and which filters match it.
    await q(`
      CREATE FUNCTION change_log_sight(ns integer) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
        SELECT jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public',
                 'resourceTypes', COALESCE((SELECT jsonb_agg(rt.name ORDER BY rt.name)
                                              FROM namespace_resource_types nrt
                                              JOIN resource_types rt ON rt.id = nrt.resource_type_id
                                             WHERE nrt.namespace_id = n.id), '[]'::jsonb))
          FROM namespaces n WHERE n.id = ns
      $fn$`);
    // The sight of a namespace at the row's time: now, or (deleted earlier in this transaction) as recorded then.
    await q(`
      CREATE FUNCTION change_log_sight_of(ns integer) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
        SELECT COALESCE(change_log_sight(ns),
                        (SELECT p.sight FROM change_log_pending p
                          WHERE p.txid = txid_current() AND p.node_type = 'Namespace' AND p.node_key = ns::text
                            AND p.kind = 'DELETED' ORDER BY p.ord DESC LIMIT 1))
      $fn$`);

    for (const sql of NAMESPACE_TRIGGER_FUNCTIONS) await q(sql);
    await q(CATALOG_TRIGGER_FUNCTION);
    // Traits, resource types, discovery keys: a name (and a discovery key's resource type and privacy).
    await q(`
      CREATE FUNCTION change_log_named() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
        node_type text := CASE TG_TABLE_NAME WHEN 'traits' THEN 'Trait' WHEN 'resource_types' THEN 'ResourceType'
                            ELSE 'DiscoveredProperty' END;
        data jsonb := jsonb_build_object('name', r ->> 'name');
      BEGIN
        IF TG_TABLE_NAME = 'discovered_properties' THEN
          data := data || jsonb_build_object('private', (r ->> 'private')::boolean, 'resourceType',
                    (SELECT name FROM resource_types WHERE id = (r ->> 'resource_type_id')::integer));
        END IF;
        -- A discovery key whose resource type went with it is told by the type's delete.
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
        VALUES (kind, node_type, r ->> 'id', data ? 'resourceType' AND data ->> 'resourceType' IS NULL, data);
        RETURN NULL;
      END $fn$`);
    await q(`
      CREATE FUNCTION change_log_provider() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        r resource_providers := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      BEGIN
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
        VALUES (kind, 'ResourceProvider', r.id::text, false,
                jsonb_build_object('uuid', r.uuid, 'name', r.name, 'generation', r.generation));
        RETURN NULL;
      END $fn$`);
    await q(`
      CREATE FUNCTION change_log_provider_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        rp integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.resource_provider_id ELSE NEW.resource_provider_id END;
        data jsonb := (SELECT jsonb_build_object('uuid', uuid, 'name', name, 'generation', generation)
                         FROM resource_providers WHERE id = rp);
      BEGIN
        IF data IS NULL THEN RETURN NULL; END IF; -- the provider went: its delete tells it
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
        VALUES ('UPDATED', 'ResourceProvider', rp::text, false, data);
        RETURN NULL;
      END $fn$`);
    await q(`
      CREATE FUNCTION change_log_resource_data(r_uuid uuid, r_project varchar, r_type integer) RETURNS jsonb
      LANGUAGE sql STABLE AS $fn$
        SELECT jsonb_build_object('uuid', r_uuid, 'project', r_project,
                 'resourceType', (SELECT name FROM resource_types WHERE id = r_type))
      $fn$`);
    await q(`
      CREATE FUNCTION change_log_resource() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        kind text := CASE TG_OP WHEN 'INSERT' THEN 'CREATED' WHEN 'UPDATE' THEN 'UPDATED' ELSE 'DELETED' END;
        r resources := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      BEGIN
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
        VALUES (kind, 'Resource', r.id::text, false, change_log_resource_data(r.uuid, r.project_id, r.resource_type_id));
        RETURN NULL;
      END $fn$`);
    await q(`
      CREATE FUNCTION change_log_resource_part() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        rid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.resource_id ELSE NEW.resource_id END;
        data jsonb := (SELECT change_log_resource_data(r.uuid, r.project_id, r.resource_type_id)
                       FROM resources r WHERE r.id = rid);
      BEGIN
        IF data IS NULL THEN RETURN NULL; END IF; -- the resource went: its delete tells it
        INSERT INTO change_log_pending (kind, node_type, node_key, contained, data)
        VALUES ('UPDATED', 'Resource', rid::text, false, data);
        RETURN NULL;
      END $fn$`);

    // At commit, once per transaction: one record per node, numbered in commit order, then NOTIFY.
    await q(`
      CREATE FUNCTION change_log_commit() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
      CREATE CONSTRAINT TRIGGER change_log_pending_commit AFTER INSERT ON change_log_pending
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_log_commit()`);
    for (const [table, fn] of Object.entries(CHANGE_LOG_TABLES)) {
      if (table === 'namespaces') {
        await q(`CREATE TRIGGER namespaces_change_log AFTER INSERT ON namespaces
                   FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
        await q(`CREATE TRIGGER namespaces_change_log_update AFTER UPDATE ON namespaces
                   FOR EACH ROW WHEN (${CHANGED}) EXECUTE FUNCTION ${fn}()`);
        // Before the row goes: the cascade that follows still finds the namespace's sight.
        await q(`CREATE TRIGGER namespaces_change_log_delete BEFORE DELETE ON namespaces
                   FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      } else {
        await q(`CREATE TRIGGER ${table}_change_log AFTER INSERT OR DELETE ON ${table}
                   FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
        await q(`CREATE TRIGGER ${table}_change_log_update AFTER UPDATE ON ${table}
                   FOR EACH ROW WHEN (${CHANGED}) EXECUTE FUNCTION ${fn}()`);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(CHANGE_LOG_TABLES)) {
      await queryRunner.query(`DROP TRIGGER ${table}_change_log ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_change_log_update ON ${table}`);
    }
    await queryRunner.query(`DROP TRIGGER namespaces_change_log_delete ON namespaces`);
    await queryRunner.query(`DROP TRIGGER change_log_pending_commit ON change_log_pending`);
    for (const fn of [
      'change_log_commit()',
      ...new Set(Object.values(CHANGE_LOG_TABLES).map((fn) => `${fn}()`)),
      'change_log_resource_data(uuid, varchar, integer)',
      'change_log_sight_of(integer)',
      'change_log_sight(integer)',
    ]) {
      await queryRunner.query(`DROP FUNCTION ${fn}`);
    }
    await queryRunner.query(`DROP TABLE change_log`);
    await queryRunner.query(`DROP TABLE change_log_pending`);
    await queryRunner.query(`DROP TABLE change_log_retention`);
    await queryRunner.query(`DROP TABLE change_log_head`);
  }
}
