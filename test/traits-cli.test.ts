import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boot } from '../src/app/runtime';
import { buildProgram } from '../src/main';
import { createTestDatabaseUrl } from './support/test-database';

/**
 * The `metacatalog traits …` commands, run through commander as the binary runs them. Every command boots
 * its own runtime, so they share a database that outlives each one: a PGlite folder, or a fresh database on
 * the PostgreSQL server of TEST_DATABASE_URL.
 */
describe('metacatalog traits (CLI)', () => {
  let dir: string | undefined;
  let drop: () => Promise<void> = async () => undefined;
  const saved = process.env.DATABASE_URL;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabaseUrl();
      process.env.DATABASE_URL = database.url;
      drop = database.drop;
    } else {
      dir = mkdtempSync(join(tmpdir(), 'metacatalog-cli-'));
      process.env.DATABASE_URL = `pglite://${dir}`;
    }
  });

  afterAll(async () => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    await drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    process.exitCode = undefined;
    jest.restoreAllMocks();
  });

  /** Runs `metacatalog traits …args`; returns what it printed and its exit code. */
  async function run(...args: string[]): Promise<{ out: string[]; err: string[]; exitCode: number }> {
    const out: string[] = [];
    const err: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
    jest.spyOn(console, 'error').mockImplementation((line: unknown) => void err.push(String(line)));
    process.exitCode = undefined;
    await buildProgram()
      .exitOverride()
      .parseAsync(['traits', ...args], { from: 'user' });
    const exitCode = Number(process.exitCode ?? 0);
    jest.restoreAllMocks();
    return { out, err, exitCode };
  }

  it('sync adds the standard traits, then finds nothing to add', async () => {
    expect((await run('sync')).out).toEqual(['345 standard traits present (345 added)']);
    expect((await run('sync')).out).toEqual(['345 standard traits present (0 added)']);
  });

  it('sync reports, and keeps, standard traits no longer in the seed file', async () => {
    const runtime = await boot({ seed: false });
    try {
      await runtime.database.dataSource.query(
        `INSERT INTO traits (name, standard) VALUES ('HW_RETIRED_TRAIT', true)`,
      );
    } finally {
      await runtime.database.close();
    }
    const { out } = await run('sync');
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('1 standard traits in the database are no longer in seeds/standard-traits.txt');
    expect(out[0]).toContain('HW_RETIRED_TRAIT');
    expect((await run('list', '--names', 'HW_RETIRED_TRAIT')).out).toEqual(['HW_RETIRED_TRAIT']);
  });

  it('add creates a custom trait once; a bad name fails with a message and exit code 1', async () => {
    expect(await run('add', 'CUSTOM_CLI_GOLD')).toEqual({
      out: ['created CUSTOM_CLI_GOLD'],
      err: [],
      exitCode: 0,
    });
    expect((await run('add', 'CUSTOM_CLI_GOLD')).out).toEqual(['CUSTOM_CLI_GOLD already exists']);
    const bad = await run('add', 'gold');
    expect(bad.exitCode).toBe(1);
    expect(bad.err[0]).toMatch(/^error: name: .*CUSTOM_/);
    expect(bad.out).toEqual([]);
  });

  it('list filters by prefix and by names', async () => {
    await run('add', 'CUSTOM_CLI_SILVER');
    expect((await run('list', '--starts-with', 'CUSTOM_CLI_')).out).toEqual([
      'CUSTOM_CLI_GOLD',
      'CUSTOM_CLI_SILVER',
    ]);
    const cpu = (await run('list', '--starts-with', 'HW_CPU_X86_AVX512')).out;
    expect(cpu.length).toBeGreaterThan(3);
    expect(cpu.every((name) => name.startsWith('HW_CPU_X86_AVX512'))).toBe(true);
    expect((await run('list', '--names', 'HW_CPU_X86_SSE,NOPE,CUSTOM_CLI_GOLD')).out).toEqual([
      'CUSTOM_CLI_GOLD',
      'HW_CPU_X86_SSE',
    ]);
    // Without filters: every trait.
    expect((await run('list')).out.length).toBe(345 + 1 + 2);
  });

  it('remove deletes a custom trait; a standard or unknown one fails with exit code 1', async () => {
    expect((await run('remove', 'CUSTOM_CLI_SILVER')).out).toEqual(['removed CUSTOM_CLI_SILVER']);
    expect((await run('list', '--starts-with', 'CUSTOM_CLI_')).out).toEqual(['CUSTOM_CLI_GOLD']);
    const standard = await run('remove', 'HW_CPU_X86_SSE');
    expect(standard.exitCode).toBe(1);
    expect(standard.err[0]).toMatch(/standard/);
    const unknown = await run('remove', 'CUSTOM_CLI_SILVER');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.err[0]).toMatch(/not found/);
  });

  it("follows POLICY_FILE's rules as HTTP does, each operation its own rule", async () => {
    const policy = mkdtempSync(join(tmpdir(), 'metacatalog-cli-policy-'));
    const file = join(policy, 'policy.yaml');
    // Only services list traits; nobody deletes them; creating stays the default (the CLI is an admin).
    writeFileSync(file, `"placement:traits:list": "role:service"\n"placement:traits:delete": "!"\n`);
    process.env.POLICY_FILE = file;
    try {
      const list = await run('list', '--names', 'HW_CPU_X86_SSE');
      expect(list).toEqual({
        out: [],
        err: ['error: policy "placement:traits:list" does not allow listing traits'],
        exitCode: 1,
      });
      expect((await run('add', 'CUSTOM_CLI_POLICY')).out).toEqual(['created CUSTOM_CLI_POLICY']);
      const remove = await run('remove', 'CUSTOM_CLI_POLICY');
      expect(remove.exitCode).toBe(1);
      expect(remove.err[0]).toMatch(/^error: policy "placement:traits:delete" does not allow/);
    } finally {
      delete process.env.POLICY_FILE;
      rmSync(policy, { recursive: true, force: true });
    }
    expect((await run('list', '--names', 'CUSTOM_CLI_POLICY')).out).toEqual(['CUSTOM_CLI_POLICY']);
  });
});
