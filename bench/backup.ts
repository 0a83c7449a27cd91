import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { boot, type Runtime } from '../src/app/runtime';
import { loadConfig } from '../src/config';
import { checkBackup, restoreBackup, writeBackup } from '../src/db/backup';
import { sequenceChanges } from '../src/db/change-log';

/**
 * `npm run build && node dist/bench/backup.js [RESOURCES]`: how long `metacatalog backup` and `restore` take on
 * RESOURCES resources (default 100,000), each with four tags and three properties and the change log's record of
 * its creation, on DATABASE_URL (default: an embedded folder made for the run; a PostgreSQL database must be
 * empty), restored into RESTORE_URL (default: another embedded folder; a PostgreSQL database must be empty). On the
 * embedded database it also backs up through the connection the folder's owner lends (as `metacatalog backup`
 * beside `serve`), timing how long a query of the owner waits meanwhile.
 */
async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 100_000);
  const work = mkdtempSync(join(tmpdir(), 'metacatalog-bench-backup-'));
  const logger = pino({ level: 'warn' });
  const configFor = (url: string) => loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const source = process.env.DATABASE_URL || `pglite://${join(work, 'source')}`;
  const target = process.env.RESTORE_URL || `pglite://${join(work, 'target')}`;
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  let owner: Runtime | undefined;
  try {
    owner = await boot({ config: configFor(source), logger });
    const db = owner.database.dataSource;
    const seeding = Date.now();
    const [{ id: type }] = (await db.query(
      `SELECT id FROM resource_types WHERE name = 'OS::Nova::Server'`,
    )) as {
      id: number;
    }[];
    // One transaction, as the API creates a resource with its tags and properties: one change record each.
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO resources (uuid, name, resource_type_id, project_id)
         SELECT md5('backup-' || g)::uuid, 'vm-' || g, $1, 'project-' || (g % 10) FROM generate_series(1, $2::int) g`,
        [type, size],
      );
      await tx.query(
        `INSERT INTO resource_tags (resource_id, tag)
         SELECT r.id, v.tag FROM resources r
          CROSS JOIN LATERAL (VALUES ('color-' || r.id % 7), ('tier-' || r.id % 3), ('env-' || r.id % 5),
                                     ('shard-' || r.id % 100)) AS v (tag)`,
      );
      await tx.query(
        `INSERT INTO discovered_properties (resource_type_id, name, private)
         VALUES ($1, 'cpu', false), ($1, 'ram', false), ($1, 'zone', false)`,
        [type],
      );
      await tx.query(
        `INSERT INTO resource_properties (resource_id, discovered_property_id, value)
         SELECT r.id, d.id, CASE d.name WHEN 'cpu' THEN to_jsonb(r.id % 64) WHEN 'ram' THEN to_jsonb(r.id % 512 * 1024)
                                        ELSE to_jsonb('zone-' || r.id % 4) END
           FROM resources r CROSS JOIN discovered_properties d`,
      );
    });
    // What the change log holds once a server has numbered the changes.
    await sequenceChanges(db);
    console.log(
      `${owner.database.describe}: ${size} resources, ${4 * size} tags, ${3 * size} properties seeded in ${seconds(seeding)}`,
    );

    const file = join(work, 'backup.jsonl.gz');
    let started = Date.now();
    const summary = await writeBackup(owner.database, file, { metacatalog: 'bench' });
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    console.log(
      `backup: ${rows} rows, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(started)}`,
    );

    if (owner.database.kind === 'pglite' && !process.env.DATABASE_URL?.startsWith('pglite://memory')) {
      // A command beside the owner (this process owns the folder, so opening it again borrows).
      const beside = await boot({ config: configFor(source), logger, readOnly: true });
      try {
        started = Date.now();
        // A query of the owner 0.1 s into the backup waits for the connection (DATABASE_CONNECT_TIMEOUT_MS at most).
        const waited = (async () => {
          while (Date.now() - started < 100) await new Promise((resolve) => setTimeout(resolve, 10));
          const asked = Date.now();
          const failed = await db.query('SELECT 1').then(
            () => '',
            (error: Error) => ` and failed (${error.message})`,
          );
          return `${seconds(asked)}${failed}`;
        })();
        await writeBackup(beside.database, join(work, 'beside.jsonl.gz'), { metacatalog: 'bench' });
        // The command ends: the owner gets its connection back.
        await beside.database.close();
        const took = seconds(started);
        console.log(
          `backup beside the owner: ${took}; a query of the owner asked 0.1 s in waited ${await waited}`,
        );
      } finally {
        await beside.database.close();
      }
    }
    await owner.database.close();
    owner = undefined;

    started = Date.now();
    const checked = await checkBackup(file);
    const checking = seconds(started);
    const restoring = await boot({ config: configFor(target), logger, migrate: false, seed: false });
    try {
      started = Date.now();
      await restoreBackup(restoring.database, checked);
      console.log(
        `restore into ${restoring.database.describe}: file checked in ${checking}, restored in ${seconds(started)}`,
      );
    } finally {
      await restoring.database.close();
    }
  } finally {
    await owner?.database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
