import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { runMetacatalog, type Finished } from './support/processes';
import { createTestDatabaseUrl, type TestDatabase } from './support/test-database';

/**
 * Every command's results on stdout, its logs on stderr: a script reads stdout. Each command runs as a real process
 * (the CLI's own entry, src/main.ts, which bin/metacatalog.js runs compiled) at LOG_LEVEL=info, on a new database,
 * so the first one migrates and seeds and logs it. Its stdout is parsed (the documented text, the SDL, the
 * Markdown) and holds nothing else; whatever it wrote to stderr is JSON log lines.
 */
describe('the CLI: results on stdout, logs on stderr', () => {
  const work = mkdtempSync(join(tmpdir(), 'metacatalog-cli-output-'));
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    env = { DATABASE_URL: database.shared ? database.url : `pglite://${join(work, 'db')}` };
  });
  afterAll(async () => {
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** Runs a command, expects exit 0, and returns its stdout's lines and its stderr's log entries. */
  async function command(
    args: string[],
  ): Promise<{ lines: string[]; logs: { msg: string; level: number }[] }> {
    const run: Finished = await runMetacatalog(args, { env: { ...env, LOG_LEVEL: 'info' } });
    if (run.code !== 0) throw new Error(`metacatalog ${args.join(' ')}: exit ${run.code}\n${run.stderr}`);
    const lines = run.stdout.split('\n').filter(Boolean);
    // Not one log line among the results.
    expect(lines.filter((line) => /^\{.*"level":\d+.*\}$/.test(line))).toEqual([]);
    const logs = run.stderr
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    return { lines, logs };
  }

  it('metadefs export into a new folder on a new database: one result line; migrations and seeds logged on stderr', async () => {
    const dir = join(work, 'export');
    const { lines, logs } = await command(['metadefs', 'export', dir]);
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    expect(lines).toEqual([`exported ${files.length} namespaces to ${dir}`]);
    expect(logs.map((log) => log.msg)).toEqual(
      expect.arrayContaining(['migrations applied', 'seeds checked']),
    );
  }, 300_000);

  it('migrate --status, traits list, seed, backup: each prints its documented lines and only those', async () => {
    const status = await command(['migrate', '--status']);
    const summary = /^(\d+) applied, 0 pending$/.exec(status.lines.at(-1)!);
    expect(summary).not.toBeNull();
    expect(status.lines.slice(0, -1)).toHaveLength(Number(summary![1]));
    for (const line of status.lines.slice(0, -1)) expect(line).toMatch(/^applied {2}\w+\d{13}$/);

    const traits = await command(['traits', 'list', '--starts-with', 'HW_CPU_X86_AVX']);
    expect(traits.lines).toEqual(expect.arrayContaining(['HW_CPU_X86_AVX', 'HW_CPU_X86_AVX2']));
    for (const line of traits.lines) expect(line).toMatch(/^HW_CPU_X86_AVX[A-Z0-9_]*$/);

    // Already seeded: one line per seed, each naming it.
    const seeded = await command(['seed']);
    expect(seeded.lines.length).toBeGreaterThan(0);
    for (const line of seeded.lines) expect(line).toMatch(/^[a-z-]+: /);

    const file = join(work, 'catalog.backup');
    const backup = await command(['backup', file]);
    expect(backup.lines).toEqual([
      expect.stringMatching(new RegExp(`^backed up \\d+ rows of \\d+ tables \\(schema \\w+\\) to ${file}: `)),
    ]);
  }, 300_000);

  it('schema and config-reference: the SDL and the Markdown, nothing else', async () => {
    const schema = await command(['schema']);
    expect(buildSchema(schema.lines.join('\n')).getQueryType()?.getFields()).toHaveProperty('namespaces');
    expect(schema.logs).toEqual([]);

    const reference = await command(['config-reference']);
    expect(reference.lines[0]).toMatch(/^# /);
    expect(reference.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^\| `DATABASE_URL` /)]));
  }, 120_000);
});
