import pino from 'pino';
import { boot } from '../src/app/runtime';
import { FEED_LOST_CLOSE_CODE } from '../src/app/subscriptions';
import { loadConfig } from '../src/config';
import { CODE_MIGRATION, CODE_VERSION, SchemaTooNewError } from '../src/db/schema-compat';
import { headersOf, SERVICE, startTestApp } from './support/test-app';
import { createProcessDatabase } from './support/test-database';
import { readiness, subscribe, subscribeListening, wsUrl } from './support/subscriptions';
import { waitUntil } from './support/wait';

/**
 * The schema names the oldest code that may serve it (`schema_compat`, migration 1763701700000): older code refuses
 * to start on it, and a running older instance that hears of it (NOTIFY metacatalog_schema, or its periodic
 * check) stops being ready and closes its subscriptions with 4503. Here the code is made "older" the way a
 * later release's migration would: by raising `min_code_version` above this code's version.
 */
const TOO_NEW = (CODE_VERSION + 1n).toString();
const RAISE = `UPDATE schema_compat SET min_code_version = ${TOO_NEW}, set_by = 'Future${TOO_NEW}'`;
const TRAITS = `subscription { traitChanged { kind name } }`;

const VERSIONS = new RegExp(
  `code version ${CODE_VERSION}.*${CODE_MIGRATION}.*${TOO_NEW}, set by migration Future${TOO_NEW}`,
);
const versionsNamed = expect.stringMatching(VERSIONS);

describe('schema compatibility', () => {
  it('a migrated schema lets this code and the previous release serve it', async () => {
    const t = await startTestApp();
    try {
      expect(
        await t.app.database.dataSource.query(
          `SELECT min_code_version::text AS min, set_by FROM schema_compat`,
        ),
      ).toEqual([{ min: '1763701600000', set_by: 'SchemaCompat1763701700000' }]);
      expect(CODE_VERSION).toBeGreaterThanOrEqual(1763701700000n);
      expect(await readiness(t)).toEqual({ status: 200, body: { status: 'ok', database: 'ok', feed: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('a running instance told that the schema needs newer code stops being ready and closes its subscriptions', async () => {
    const t = await startTestApp();
    try {
      const url = await wsUrl(t);
      const subscriber = await subscribeListening(t, TRAITS, SERVICE);

      // What a later release's migration does, in its transaction: raise the bound and NOTIFY.
      await t.app.database.dataSource.transaction(async (manager) => {
        await manager.query(RAISE);
        await manager.query(`NOTIFY metacatalog_schema`);
      });
      expect(await subscriber.closed).toEqual({ code: FEED_LOST_CLOSE_CODE, reason: expect.any(String) });
      expect(await readiness(t)).toEqual({
        status: 503,
        body: { status: 'incompatible', problem: versionsNamed },
      });
      expect(t.app.changes.live).toBe(false);
      // A new subscription is refused the same way (it resumes by cursor on an instance that may serve).
      const late = subscribe(url, TRAITS, {}, { headers: headersOf(SERVICE) as Record<string, string> });
      expect((await late.closed).code).toBe(FEED_LOST_CLOSE_CODE);
    } finally {
      await t.close();
    }
  });

  it('a running instance finds it by its periodic check too (a NOTIFY may be missed)', async () => {
    const t = await startTestApp();
    try {
      await t.app.database.dataSource.query(RAISE);
      expect(t.app.changes.incompatible).toBeUndefined();
      // The check the timer runs every SCHEMA_CHECK_MS.
      await t.app.changes.checkSchema();
      await waitUntil('not ready', async () => (await readiness(t)).status === 503, { everyMs: 20 });
      expect(t.app.changes.incompatible).toEqual(versionsNamed);
    } finally {
      await t.close();
    }
  });

  it('older code refuses to start on it, naming both versions', async () => {
    const database = await createProcessDatabase({ prepared: true });
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    const logger = pino({ level: 'silent' });
    try {
      const first = await boot({ config, logger });
      await first.database.dataSource.query(RAISE);
      await first.database.close();
      const refused = boot({ config, logger });
      await expect(refused).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(refused).rejects.toThrow(VERSIONS);
      // A read-only command (a backup, migrate --status) still reads it.
      const reader = await boot({ config, logger, migrate: false, seed: false, readOnly: true });
      await reader.database.close();
    } finally {
      await database.drop();
    }
  });
});
