import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/config/paths';
import { buildProgram } from '../src/main';
import { copyPreparedFolder } from './support/prepared-database';

const FIXTURES = path.resolve(projectRoot(), 'seeds/glance-metadefs');
const EXPORT_FIXTURES = path.resolve(projectRoot(), 'test/fixtures/glance-metadefs-export');
const API_FIXTURES = path.resolve(projectRoot(), 'test/fixtures/glance-metadefs-api');

// Every command opens the embedded database from its folder and closes it: slow on a busy machine.
jest.setTimeout(180_000);

describe('catalog: metacatalog metadefs CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'metadefs-cli-'));
  const saved = { ...process.env };
  let output: string[];
  let log: jest.SpyInstance;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    // an embedded database in a folder, shared by the commands (each opens and closes it), which an earlier
    // `serve` migrated and seeded (the commands seed a new one before their work: the same contents)
    await copyPreparedFolder(path.join(dir, 'db'));
    process.env.DATABASE_URL = `pglite://${path.join(dir, 'db')}`;
    process.env.AUTH_MODE = 'none';
  });
  beforeEach(() => {
    output = [];
    log = jest.spyOn(console, 'log').mockImplementation((line: string) => output.push(line));
    warn = jest.spyOn(console, 'warn').mockImplementation((line: string) => output.push(line));
  });
  afterEach(() => {
    log.mockRestore();
    warn.mockRestore();
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    buildProgram()
      .exitOverride()
      .parseAsync(['node', 'metacatalog', 'metadefs', ...args]);

  it('load takes a folder or --glance-defaults, one of them', async () => {
    await expect(run('load')).rejects.toThrow(
      'metadefs load: give a folder or --glance-defaults (one of them)',
    );
    await expect(run('load', FIXTURES, '--glance-defaults')).rejects.toThrow(
      'metadefs load: give a folder or --glance-defaults (one of them)',
    );
  });

  it('loads, skips on a second load, exports, unloads and loads the export back', async () => {
    await run('load', FIXTURES);
    expect(output[0]).toBe('created 33, merged 0, replaced 0, skipped 0');
    expect(output.filter((line) => line.startsWith('warning: '))).toHaveLength(4);

    output = [];
    await run('load', FIXTURES);
    expect(output[0]).toBe('created 0, merged 0, replaced 0, skipped 33');

    const out = path.join(dir, 'out');
    await run('export', out);
    const files = readdirSync(out).sort();
    // 33 Glance namespaces, the built-in one and Nova's 14, seeded on first start
    expect(files).toHaveLength(48);
    expect(files).toContain('os-compute-quota.json');
    const quota = JSON.parse(readFileSync(path.join(out, 'os-compute-quota.json'), 'utf8'));
    expect(quota).toMatchObject({
      namespace: 'OS::Compute::Quota',
      visibility: 'public',
      protected: true,
      owner: 'admin',
    });

    output = [];
    const glanceOnly = path.join(dir, 'glance-only');
    await run('export', glanceOnly, '--glance');
    expect(output).toContain(
      'left out (no Glance equivalent): OS::Nova::ExtraSpecs::hw: numa_cpus.{num} (parameterized)',
    );
    const hw = JSON.parse(readFileSync(path.join(glanceOnly, 'os-nova-extraspecs-hw.json'), 'utf8'));
    expect(hw.complete).toBeUndefined();
    expect(Object.keys(hw.properties)).toContain('cpu_policy');
    expect(Object.keys(hw.properties).filter((name) => name.includes('{'))).toEqual([]);
    const full = JSON.parse(readFileSync(path.join(out, 'os-nova-extraspecs-hw.json'), 'utf8'));
    expect(full.complete).toBe(true);
    expect(full.properties['numa_cpus.{num}'].parameters).toEqual([
      { name: 'num', kind: 'number', description: 'The ID of the **guest** NUMA node.' },
    ]);

    output = [];
    await run('unload');
    expect(output).toEqual(['deleted 48 namespaces']);
    await run('load', out, '--overwrite');
    const again = path.join(dir, 'again');
    await run('export', again);
    for (const file of files) {
      expect(JSON.parse(readFileSync(path.join(again, file), 'utf8'))).toEqual(
        JSON.parse(readFileSync(path.join(out, file), 'utf8')),
      );
    }
  });

  it("loads the files Glance's db_export_metadefs writes (null for unset values)", async () => {
    await run('unload');
    output = [];
    await run('load', EXPORT_FIXTURES);
    expect(output).toEqual(['created 5, merged 0, replaced 0, skipped 0']);
    output = [];
    await run('load', EXPORT_FIXTURES, '--merge', '--prefer-new');
    expect(output).toEqual(['created 0, merged 5, replaced 0, skipped 0']);
  });

  it("reads the defaults and enum values Glance's API stores as text as typed values; drops inexact ones, saying so", async () => {
    output = [];
    await run('load', API_FIXTURES, '--overwrite');
    const file = path.join(API_FIXTURES, 'ApiTypedExample.json');
    expect(output[0]).toMatch(/^created 1, merged 0, replaced 0|^created 0, merged 0, replaced 1/);
    expect(output).toContain(`warning: ${file}: properties["cores"].default: read "3" as 3 (integer)`);
    expect(output).toContain(
      `warning: ${file}: properties["enabled"].default: read "True" as true (boolean)`,
    );
    expect(output).toContain(
      `warning: ${file}: properties["whole"].default: dropped "3.0" (not an exact integer value as Glance writes one)`,
    );
    expect(output.filter((line) => line.startsWith('warning: '))).toHaveLength(14);

    const out = path.join(dir, 'api-out');
    await run('export', out);
    const exported = JSON.parse(readFileSync(path.join(out, 'example-api-typed.json'), 'utf8'));
    expect(exported.properties).toMatchObject({
      cores: { type: 'integer', default: 3 },
      ratio: { type: 'number', default: 1.5 },
      tiny: { type: 'number', default: 0.00001 },
      enabled: { type: 'boolean', default: true },
      secure: { type: 'boolean', default: false },
      level: { type: 'integer', default: 2, enum: [1, 2, 3] },
      mode: { type: 'string', default: '3', enum: ['3', 'fast'] },
      sizes: { type: 'array', items: { type: 'integer', enum: [10, 20] } },
    });
    for (const name of ['whole', 'padded', 'answer', 'tags', 'sizes']) {
      expect(exported.properties[name]).not.toHaveProperty('default');
    }
    expect(exported.objects[0].properties).toEqual({
      max: { type: 'integer', title: 'Max', default: 4 },
      scale: { type: 'number', title: 'Scale' },
    });
  });
});
