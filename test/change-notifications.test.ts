import { Client, type Notification } from 'pg';
import { FEED_LOST_CLOSE_CODE } from '../src/app/subscriptions';
import { CHANGES_CHANNEL } from '../src/common/changes';
import { readChangeNotification } from '../src/db/change-log';
import { poolOf } from '../src/db/database';
import { headersOf, SERVICE, startTestApp, unique, type TestApp } from './support/test-app';
import { readiness, subscribe, subscribeListening, wsUrl } from './support/subscriptions';
import { waitUntil } from './support/wait';

/**
 * What instances say to each other carries a version (src/db/change-log/sql/change_log_sequence.sql): a step NOTIFYs
 * metacatalog_change_feed with `{"v":2,…}` and, for one release, metacatalog_changes with `<seq> <types>`, which the
 * previous release reads. A payload this code cannot read closes its subscribers with 4503 and fails readiness,
 * instead of passing changes by.
 */
const TRAITS = `subscription { traitChanged { kind name } }`;
const CREATE_TRAIT = `mutation ($name: String!) { createTrait(name: $name) { created } }`;
const LEGACY_CHANNEL = 'metacatalog_changes';
const traitName = () => unique('CUSTOM_N').replace(/[^A-Z0-9_]/g, '_');

/** Notifications on `channels` as any session sees them (PGlite: on the pool's one session). */
async function listenRaw(t: TestApp, channels: string[]) {
  const seen: Notification[] = [];
  const onNotification = (message: Notification) => {
    if (channels.includes(message.channel)) seen.push(message);
  };
  let close: () => Promise<void>;
  if (t.app.database.kind === 'postgres') {
    const client = new Client({ connectionString: t.config.database.url! });
    await client.connect();
    client.on('notification', onNotification);
    await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
    close = () => client.end();
  } else {
    const client = await poolOf(t.app.database.dataSource)!.connect();
    client.on('notification', onNotification);
    await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
    client.release();
    close = async () => {
      client.off('notification', onNotification);
      await t.app.database.dataSource.query(channels.map((channel) => `UNLISTEN ${channel}`).join('; '));
    };
  }
  return { seen, close };
}

describe('change notifications between instances', () => {
  it('reads version 2 only', () => {
    expect(readChangeNotification('{"v":2,"seq":"42","types":"Trait,ResourceProvider"}')).toEqual({
      seq: '42',
      types: ['Trait', 'ResourceProvider'],
    });
    for (const payload of [
      '42 Trait',
      '{"v":3,"seq":"42","types":"Trait"}',
      '{"v":2,"seq":42}',
      '',
      'null',
    ]) {
      expect(readChangeNotification(payload)).toBeUndefined();
    }
  });

  it('a step sends the versioned payload and, for one release, the one the previous release reads', async () => {
    const t = await startTestApp();
    const raw = await listenRaw(t, [CHANGES_CHANNEL, LEGACY_CHANNEL]);
    try {
      const subscriber = await subscribeListening(t, TRAITS, SERVICE);
      const name = traitName();
      await t.ok(CREATE_TRAIT, { name }, SERVICE);
      expect((await subscriber.next()).traitChanged).toEqual({ kind: 'CREATED', name });
      await waitUntil('the legacy notification', () =>
        raw.seen.some((message) => message.channel === LEGACY_CHANNEL),
      );
      const versioned = raw.seen.filter((message) => message.channel === CHANGES_CHANNEL);
      const legacy = raw.seen.filter((message) => message.channel === LEGACY_CHANNEL);
      const last = JSON.parse(versioned.at(-1)!.payload!) as { v: number; seq: string; types: string };
      expect(last).toEqual({
        v: 2,
        seq: expect.stringMatching(/^[0-9]+$/),
        types: expect.stringMatching(/Trait/),
      });
      expect(legacy.at(-1)!.payload).toBe(`${last.seq} ${last.types}`);
      await subscriber.dispose();
    } finally {
      await raw.close();
      await t.close();
    }
  });

  it('a payload this code cannot read: subscribers closed with 4503, not ready, no subscription taken', async () => {
    const t = await startTestApp();
    try {
      const url = await wsUrl(t);
      const subscriber = await subscribeListening(t, TRAITS, SERVICE);
      await t.app.database.dataSource.query(
        `SELECT pg_notify('${CHANGES_CHANNEL}', '{"v":3,"seq":"1","types":"Trait"}')`,
      );
      expect(await subscriber.closed).toEqual({ code: FEED_LOST_CLOSE_CODE, reason: expect.any(String) });
      expect(await readiness(t)).toEqual({
        status: 503,
        body: {
          status: 'incompatible',
          problem: expect.stringMatching(/does not read \(version 2\).*"v":3/),
        },
      });
      const late = subscribe(url, TRAITS, {}, { headers: headersOf(SERVICE) as Record<string, string> });
      expect((await late.closed).code).toBe(FEED_LOST_CLOSE_CODE);
      // Queries and mutations still answer (on the database, which is right); only the instance's routing ends.
      expect((await t.ok(CREATE_TRAIT, { name: traitName() }, SERVICE)).createTrait.created).toBe(true);
    } finally {
      await t.close();
    }
  });
});
