import { MAX_PREPARED_STATEMENTS, prepared, preparedCount } from '../src/db/prepared';
import { TRAIT_NAMES_EXISTING } from '../src/modules/traits/trait.service';
import { createProvider, createTraits, customTrait, setTraits } from './support/placement';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * DATABASE_PREPARED_STATEMENTS: on a PostgreSQL server the registered reads run by name (prepared once per
 * connection: pg_prepared_statements of that session lists them), with the same answers as unnamed; the embedded
 * database and the setting off run nothing by name. One connection (DATABASE_POOL_SIZE=1), so that the session the
 * test looks at is the one the requests used.
 */
const VALIDATE = 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }';
const PROVIDER = 'query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation traits { name } } }';

async function preparedTexts(t: TestApp): Promise<string[]> {
  const rows = (await t.app.database.reads.query('SELECT statement FROM pg_prepared_statements')) as {
    statement: string;
  }[];
  return rows.map((row) => row.statement);
}

describe('prepared statements', () => {
  let named: TestApp;
  let unnamed: TestApp;
  let custom: string;
  let uuid: string;

  beforeAll(async () => {
    named = await startTestApp({ CATALOG_CACHE_MB: '0', DATABASE_POOL_SIZE: '1' });
    custom = customTrait('PREPARED');
    await createTraits(named, [custom]);
    uuid = (await createProvider(named)).uuid;
    await setTraits(named, uuid, [custom, 'HW_CPU_X86_AVX']);
  });
  afterAll(async () => {
    await named.close();
    await unnamed?.close();
  });

  const reads = async (t: TestApp) => [
    await t.ok(VALIDATE, { names: [custom, 'HW_CPU_X86_AVX', 'CUSTOM_NOT_THERE'] }),
    await t.ok(PROVIDER, { uuid }),
  ];

  it('runs the registered reads by name on a PostgreSQL server, never on the embedded database', async () => {
    const first = await reads(named);
    expect(first).toEqual([
      { validateTraits: { valid: [custom, 'HW_CPU_X86_AVX'], invalid: ['CUSTOM_NOT_THERE'] } },
      {
        resourceProvider: {
          generation: expect.any(Number),
          traits: [{ name: 'HW_CPU_X86_AVX' }, { name: custom }].sort((a, b) => (a.name < b.name ? -1 : 1)),
        },
      },
    ]);
    // Again: by name now (prepared the first time), the same answers.
    expect(await reads(named)).toEqual(first);
    const texts = await preparedTexts(named);
    if (named.app.database.kind === 'postgres') {
      expect(texts).toContain(TRAIT_NAMES_EXISTING);
      expect(texts.some((text) => text.includes('FROM resource_providers rp WHERE rp.uuid = $1'))).toBe(true);
    } else {
      expect(texts).toEqual([]);
    }
    expect(preparedCount()).toBeGreaterThan(0);
    expect(preparedCount()).toBeLessThan(MAX_PREPARED_STATEMENTS);
  });

  it('runs nothing by name with DATABASE_PREPARED_STATEMENTS=false, with the same answers', async () => {
    // On PGlite, startTestApp answers the same (single) instance whatever the settings: nothing to compare there.
    if (named.app.database.kind !== 'postgres') return;
    unnamed = await startTestApp({
      CATALOG_CACHE_MB: '0',
      DATABASE_POOL_SIZE: '1',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    await createTraits(unnamed, [custom]);
    const provider = await createProvider(unnamed);
    await setTraits(unnamed, provider.uuid, [custom, 'HW_CPU_X86_AVX']);
    const [validated] = await reads(unnamed);
    expect(validated).toEqual(
      (await named.ok(VALIDATE, { names: [custom, 'HW_CPU_X86_AVX', 'CUSTOM_NOT_THERE'] })) as unknown,
    );
    expect(await preparedTexts(unnamed)).toEqual([]);
  });

  it('runs a statement unnamed when the server refuses its prepared plan (a column changed type under it)', async () => {
    const db = named.app.database.reads;
    await db.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, v int)');
    try {
      await db.query('INSERT INTO prepared_probe VALUES (1, 7)');
      const probe = prepared('SELECT v FROM prepared_probe WHERE id = $1');
      expect(await db.query(probe, [1])).toEqual([{ v: 7 }]);
      // What a newer version's migration may do during a rolling upgrade.
      await db.query('ALTER TABLE prepared_probe ALTER COLUMN v TYPE text');
      expect(await db.query(probe, [1])).toEqual([{ v: '7' }]);
      expect(await db.query(probe, [1])).toEqual([{ v: '7' }]);
      // The other registered reads still run by name on that connection.
      await reads(named);
      if (named.app.database.kind === 'postgres') {
        expect(await preparedTexts(named)).toContain(TRAIT_NAMES_EXISTING);
      }
    } finally {
      await db.query('DROP TABLE prepared_probe');
    }
  });
});
