import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The usage counts (tag_usage, discovered_property_values; migration UsageCounts1763700500000) are applied
 * once per transaction, at commit, instead of in every statement.
 *
 * Why: counted in each statement, a DELETE-then-INSERT rewrite of a resource's properties or tags locked the
 * count rows of the values it dropped, then, in its second statement, those of the values it wrote. Each
 * statement took its rows in key order, but two writers sharing values could take them in opposite orders
 * across their two statements: A held x (its DELETE) and waited for y (its INSERT) while B held y and waited
 * for x. PostgreSQL broke the deadlock by aborting one, and under load a request failed after three attempts.
 *
 * Now the statement triggers only write the statement's changes, summed per key, to a pending table of the
 * transaction (insert-only: writers never wait on each other there), and note the transaction in
 * usage_count_flushes, whose deferred constraint trigger runs once at commit, after everything else the
 * transaction did: it applies the transaction's summed changes in key order in one statement (every count row
 * a transaction touches is taken in one order, so writers queue instead of deadlocking, and only for the
 * commit), drops the rows it brought to zero, and forgets the pending rows. Counts stay exact: a rolled-back
 * transaction (or savepoint) takes its pending rows with it, and reads see the counts of committed writes.
 * Changes for a resource type or discovered property deleted in the same transaction are skipped at commit:
 * their counts went with them.
 */
export class UsageCountsAtCommit1763700700000 implements MigrationInterface {
  name = 'UsageCountsAtCommit1763700700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Unlogged: a pending row lives only inside its transaction (nothing of it is kept past a crash).
    await queryRunner.query(`
      CREATE UNLOGGED TABLE tag_usage_pending (
        xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
        project_id varchar(255) NOT NULL,
        resource_type_id integer NOT NULL,
        tag varchar(60) COLLATE "C" NOT NULL,
        n integer NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX tag_usage_pending_xact_idx ON tag_usage_pending (xact)`);
    await queryRunner.query(`
      CREATE UNLOGGED TABLE discovered_property_values_pending (
        xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
        discovered_property_id integer NOT NULL,
        value jsonb NOT NULL,
        n integer NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX discovered_property_values_pending_xact_idx ON discovered_property_values_pending (xact)`,
    );
    await queryRunner.query(`
      CREATE UNLOGGED TABLE usage_count_flushes (xact xid8 PRIMARY KEY DEFAULT pg_current_xact_id())`);

    await queryRunner.query(`
      CREATE FUNCTION usage_counts_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        me xid8 := pg_current_xact_id();
      BEGIN
        DELETE FROM usage_count_flushes WHERE xact = me;
        -- One statement per count table, in key order: the only place count rows are locked.
        INSERT INTO tag_usage AS u (project_id, resource_type_id, tag, count)
        SELECT p.project_id, p.resource_type_id, p.tag, sum(p.n)
          FROM tag_usage_pending p JOIN resource_types rt ON rt.id = p.resource_type_id
         WHERE p.xact = me
         GROUP BY 1, 2, 3 HAVING sum(p.n) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (project_id, resource_type_id, tag) DO UPDATE SET count = u.count + excluded.count;
        -- Rows at zero are ours (we hold them): whoever brings a count to zero drops it.
        DELETE FROM tag_usage u USING (SELECT DISTINCT project_id, resource_type_id, tag
                                         FROM tag_usage_pending WHERE xact = me) k
         WHERE u.count = 0
           AND (u.project_id, u.resource_type_id, u.tag) = (k.project_id, k.resource_type_id, k.tag);
        DELETE FROM tag_usage_pending WHERE xact = me;

        INSERT INTO discovered_property_values AS u (discovered_property_id, value, count)
        SELECT p.discovered_property_id, p.value, sum(p.n)
          FROM discovered_property_values_pending p JOIN discovered_properties d ON d.id = p.discovered_property_id
         WHERE p.xact = me
         GROUP BY 1, 2 HAVING sum(p.n) <> 0 ORDER BY 1, 2
        ON CONFLICT (discovered_property_id, value) DO UPDATE SET count = u.count + excluded.count;
        DELETE FROM discovered_property_values u USING (SELECT DISTINCT discovered_property_id, value
                                                          FROM discovered_property_values_pending
                                                         WHERE xact = me) k
         WHERE u.count = 0 AND (u.discovered_property_id, u.value) = (k.discovered_property_id, k.value);
        DELETE FROM discovered_property_values_pending WHERE xact = me;
        RETURN NULL;
      END $fn$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER usage_count_flushes_flush AFTER INSERT ON usage_count_flushes
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_counts_flush()`);

    // The statement triggers' functions (same names, same triggers): the changes go to the pending tables.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION tag_usage_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT resource_id, tag, 1 AS n FROM new_rows'
          WHEN 'DELETE' THEN 'SELECT resource_id, tag, -1 AS n FROM old_rows'
          ELSE 'SELECT resource_id, tag, 1 AS n FROM new_rows UNION ALL SELECT resource_id, tag, -1 FROM old_rows'
        END;
        noted integer;
      BEGIN
        -- Counted under the resource's project and type, read now (a resource being deleted is still there:
        -- its tags leave just before it).
        EXECUTE format($q$
          INSERT INTO tag_usage_pending (project_id, resource_type_id, tag, n)
          SELECT r.project_id, r.resource_type_id, c.tag, sum(c.n)
            FROM (%s) c JOIN resources r ON r.id = c.resource_id
           GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0$q$, changes);
        GET DIAGNOSTICS noted = ROW_COUNT;
        IF noted > 0 THEN
          INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $fn$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION discovered_property_values_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT discovered_property_id, value, 1 AS n FROM new_rows'
          WHEN 'DELETE' THEN 'SELECT discovered_property_id, value, -1 AS n FROM old_rows'
          ELSE 'SELECT discovered_property_id, value, 1 AS n FROM new_rows
                UNION ALL SELECT discovered_property_id, value, -1 FROM old_rows'
        END;
        noted integer;
      BEGIN
        EXECUTE format($q$
          INSERT INTO discovered_property_values_pending (discovered_property_id, value, n)
          SELECT c.discovered_property_id, c.value, sum(c.n) FROM (%s) c
           GROUP BY 1, 2 HAVING sum(c.n) <> 0$q$, changes);
        GET DIAGNOSTICS noted = ROW_COUNT;
        IF noted > 0 THEN
          INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $fn$`);
    // A resource moving to another project or type takes its tag counts along, at commit like the rest.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION resources_move_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        noted integer;
      BEGIN
        INSERT INTO tag_usage_pending (project_id, resource_type_id, tag, n)
        SELECT k.project_id, k.resource_type_id, t.tag, k.n
          FROM resource_tags t
         CROSS JOIN (VALUES (OLD.project_id, OLD.resource_type_id, -1), (NEW.project_id, NEW.resource_type_id, 1))
               AS k (project_id, resource_type_id, n)
         WHERE t.resource_id = NEW.id;
        GET DIAGNOSTICS noted = ROW_COUNT;
        IF noted > 0 THEN
          INSERT INTO usage_count_flushes DEFAULT VALUES ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Back to counting in each statement: the functions of UsageCounts1763700500000, as it created them.
    const statementCounted: Counted[] = [
      {
        table: 'tag_usage',
        changed: ['resource_id', 'tag'],
        key: { project_id: 'r.project_id', resource_type_id: 'r.resource_type_id', tag: 'c.tag' },
        join: 'JOIN resources r ON r.id = c.resource_id',
      },
      {
        table: 'discovered_property_values',
        changed: ['discovered_property_id', 'value'],
        key: { discovered_property_id: 'c.discovered_property_id', value: 'c.value' },
        join: 'JOIN discovered_properties d ON d.id = c.discovered_property_id',
      },
    ];
    for (const counted of statementCounted) await queryRunner.query(statementCountingFunction(counted));
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION resources_move_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
    // Changes still pending (none outside a transaction: each commit applied its own).
    await queryRunner.query(`DROP TRIGGER usage_count_flushes_flush ON usage_count_flushes`);
    await queryRunner.query(`DROP FUNCTION usage_counts_flush()`);
    await queryRunner.query(`DROP TABLE usage_count_flushes`);
    await queryRunner.query(`DROP TABLE discovered_property_values_pending`);
    await queryRunner.query(`DROP TABLE tag_usage_pending`);
  }
}

/** A count table, and how a changed row of its base table (`c`) gives its key (as in UsageCounts1763700500000). */
interface Counted {
  table: string;
  changed: string[];
  key: Record<string, string>;
  join: string;
}

/** UsageCounts1763700500000's statement-level counting function `<table>_count()`, for down(). */
function statementCountingFunction({ table, changed, key, join }: Counted): string {
  const columns = Object.keys(key).join(', ');
  const keyed = Object.entries(key)
    .map(([column, value]) => `${value} AS ${column}`)
    .join(', ');
  const positions = Object.keys(key)
    .map((_, i) => i + 1)
    .join(', ');
  const rows = changed.join(', ');
  const match = (alias: string) =>
    Object.keys(key)
      .map((column) => `${alias}.${column}`)
      .join(', ');
  return `
    CREATE OR REPLACE FUNCTION ${table}_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
           WHERE u.count = 0 AND (${match('u')}) = (${match('k')})$q$, changes);
      END IF;
      RETURN NULL;
    END $fn$`;
}
