import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/config/paths';
import type { Context } from '../src/common/context';
import { exportFileName } from '../src/modules/metadefs-io/glance-format';
import { metadefsService } from '../src/modules/metadefs-io/metadefs.service';
import { ADMIN, headersOf, project, startTestApp, unique, type TestApp } from './support/test-app';

const FIXTURES = path.resolve(projectRoot(), 'seeds/glance-metadefs');
/** Files as `glance-manage db_export_metadefs` writes them: JSON null for every unset value. */
const EXPORT_FIXTURES = path.resolve(projectRoot(), 'test/fixtures/glance-metadefs-export');
/** An export of definitions created through Glance's API: defaults and enum values stored as text. */
const API_FIXTURES = path.resolve(projectRoot(), 'test/fixtures/glance-metadefs-api');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON documents compared structurally
type Json = any;

/** A fixture as we store it: enum values unique, no default outside its enum (see repairForLoad). */
function uniqueEnums(doc: Json): Json {
  const fix = (properties: Json) =>
    properties &&
    Object.fromEntries(
      Object.entries(properties).map(([name, p]: [string, Json]) => [
        name,
        name === 'sw_database_oracle_edition'
          ? (({ default: _dropped, ...rest }) => rest)(p)
          : p.enum
            ? { ...p, enum: [...new Set(p.enum)] }
            : p,
      ]),
    );
  return {
    ...doc,
    ...(doc.properties ? { properties: fix(doc.properties) } : {}),
    ...(doc.objects
      ? { objects: doc.objects.map((o: Json) => ({ ...o, properties: fix(o.properties) })) }
      : {}),
  };
}

function readDocs(dir: string): Record<string, Json> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

describe('catalog: Glance metadefs import/export', () => {
  let t: TestApp;
  let admin: Context;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'metadefs-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.app.contextFor(headersOf(ADMIN));
  });
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('ships default definitions loaded on first start', async () => {
    const { namespaces } = await t.ok(
      `{ namespaces(filter: { visibility: PUBLIC }) { nodes { name protected complete tags { name parent { name } } } } }`,
      {},
      project('anyone'),
    );
    const seeded = namespaces.nodes.filter((ns: { name: string }) => ns.name.startsWith('Metacatalog::'));
    expect(seeded.map((ns: { name: string }) => ns.name)).toEqual(['Metacatalog::Workloads']);
    // Nova's definitions (seeds/nova): every namespace complete
    const nova = namespaces.nodes.filter((ns: { name: string }) => ns.name.startsWith('OS::Nova::'));
    expect(nova.map((ns: { name: string }) => ns.name)).toEqual(
      expect.arrayContaining([
        'OS::Nova::ExtraSpecs::hw',
        'OS::Nova::ExtraSpecs::trait',
        'OS::Nova::ImageProperties',
      ]),
    );
    expect(
      nova.filter((ns: { complete: boolean }) => !ns.complete).map((ns: { name: string }) => ns.name),
    ).toEqual(['OS::Nova::ExtraSpecs::unnamespaced']);
    expect(seeded.every((ns: { protected: boolean }) => ns.protected)).toBe(true);
    const { metadefTag } = await t.ok(
      `{ metadefTag(namespace: "Metacatalog::Workloads", name: "database") { name descendants { name } } }`,
    );
    expect(metadefTag).toEqual({
      name: 'Database',
      descendants: [{ name: 'MySQL' }, { name: 'PostgreSQL' }],
    });
  });

  describe('the 33 Glance files', () => {
    let firstExport: Record<string, Json>;

    beforeAll(async () => {
      await metadefsService.unload(admin);
      const report = await metadefsService.loadDirectory(admin, FIXTURES, { owner: 'admin' });
      expect(report.created).toHaveLength(33);
      // Glance's own files repeat three enum values and have a default outside its enum: repaired, and said so
      expect(report.warnings).toEqual([
        expect.stringMatching(
          /compute-host-capabilities\.json: properties\["cpu_info:model"\]\.enum: dropped duplicate enum value "Valencia"/,
        ),
        expect.stringMatching(
          /software-databases\.json: objects\["SQL Server"\]\.properties\["sw_database_sqlserver_edition"\]\.enum: dropped duplicate enum value "Express"/,
        ),
        expect.stringMatching(
          /software-databases\.json: .*sw_database_sqlserver_edition.*"Business Intelligence"/,
        ),
        expect.stringMatching(
          /software-databases\.json: objects\["Oracle"\]\.properties\["sw_database_oracle_edition"\]\.default: dropped "Express"/,
        ),
      ]);
      const dir = tempDir();
      await metadefsService.exportDirectory(admin, dir);
      firstExport = readDocs(dir);
    });

    it('loads all of them with Glance counts', async () => {
      const [row] = await t.app.database.dataSource.query(
        `SELECT (SELECT count(*) FROM namespaces)::int AS namespaces,
                (SELECT count(*) FROM metadef_objects)::int AS objects,
                (SELECT count(*) FROM metadef_properties WHERE object_id IS NULL)::int AS properties,
                (SELECT count(*) FROM metadef_properties WHERE object_id IS NOT NULL)::int AS object_properties,
                (SELECT count(*) FROM namespace_resource_types)::int AS associations`,
      );
      expect(row).toEqual({
        namespaces: 33,
        objects: 23,
        properties: 132,
        object_properties: 63,
        associations: 63,
      });
    });

    it('exports each namespace exactly as its file said (missing visibility → private, owner admin)', () => {
      const fixtures = readDocs(FIXTURES);
      expect(Object.keys(firstExport)).toHaveLength(33);
      const exported = new Map(Object.values(firstExport).map((doc: Json) => [doc.namespace, doc]));
      for (const fixture of (Object.values(fixtures) as Json[]).map(uniqueEnums)) {
        const expected = {
          ...fixture,
          visibility: fixture.visibility ?? 'private',
          protected: fixture.protected ?? false,
          owner: 'admin',
          resource_type_associations: [...fixture.resource_type_associations].sort(byName),
          ...(fixture.objects ? { objects: [...fixture.objects].sort(byName) } : {}),
        };
        // an empty list or map is exported as absent
        if (expected.objects?.length === 0) delete expected.objects;
        if (expected.properties && !Object.keys(expected.properties).length) delete expected.properties;
        expect(exported.get(fixture.namespace)).toEqual(expected);
      }
    });

    it('keeps JSON types: integer defaults stay numbers', () => {
      const vcpu = Object.values(firstExport).find(
        (doc: Json) => doc.namespace === 'OS::Compute::HostCapabilities',
      );
      expect(vcpu.properties['cpu_info:features'].items.type).toBe('string');
      const libvirt = Object.values(firstExport).find(
        (doc: Json) => doc.namespace === 'OS::Compute::Libvirt',
      );
      expect(typeof libvirt.properties.serial_port_count.minimum).toBe('number');
    });

    it('round-trips: export → unload → load → export gives the same documents', async () => {
      const dir = tempDir();
      await metadefsService.exportDirectory(admin, dir);
      expect(await metadefsService.unload(admin)).toBe(33);
      const report = await metadefsService.loadDirectory(admin, dir);
      expect(report.created).toHaveLength(33);
      const again = tempDir();
      await metadefsService.exportDirectory(admin, again);
      expect(readDocs(again)).toEqual(firstExport);
    });

    it('loads what the UI needs with a number of statements that does not grow with namespaces', async () => {
      // newest names first, so that both pages hold objects (the software-* namespaces)
      const query = `query ($first: Int) { namespaces(first: $first, orderBy: { field: NAME, direction: DESC }) { nodes {
        name resourceTypeAssociations { name prefix propertiesTarget }
        properties { name title type default enum operators items { type enum } }
        objects { name required properties { name title type } }
        tags { name parent { name } children { name } }
      } } }`;
      const small = await t.app.database.counter.measure(() => t.ok(query, { first: 5 }));
      const all = await t.app.database.counter.measure(() => t.ok(query, { first: 33 }));
      expect(all.result.namespaces.nodes).toHaveLength(33);
      expect(small.result.namespaces.nodes).toHaveLength(5);
      expect(all.count).toBe(small.count);
      expect(all.count).toBeLessThanOrEqual(8);
    });
  });

  describe("Glance's own export files (null for unset values)", () => {
    let loaded: Map<string, Json>;

    beforeAll(async () => {
      await metadefsService.unload(admin);
      const report = await metadefsService.loadDirectory(admin, EXPORT_FIXTURES);
      expect(report).toEqual({
        created: [
          'OS::Compute::CPUMode',
          'OS::OperatingSystem',
          'Example::Exported::Minimal',
          'OS::Software::Runtimes',
          'OS::Compute::VirtCPUTopology',
        ],
        merged: [],
        replaced: [],
        skipped: [],
        warnings: [],
      });
      loaded = new Map((await metadefsService.exportAll(admin)).map((doc) => [doc.namespace, doc]));
    });

    it('takes null as absent: visibility → private, protected → false, no prefix or target', () => {
      expect(loaded.get('OS::OperatingSystem')).toMatchObject({
        visibility: 'private',
        protected: true,
        resource_type_associations: [
          { name: 'OS::Cinder::Volume', properties_target: 'image' },
          { name: 'OS::Glance::Image' },
        ],
      });
      expect(loaded.get('OS::Compute::CPUMode')).toMatchObject({ visibility: 'public', protected: false });
      // what a load of Glance's original files gives, once its repairs are set aside
      const original = readDocs(FIXTURES)['compute-vcputopology.json'];
      expect(loaded.get('OS::Compute::VirtCPUTopology')).toEqual({
        ...original,
        owner: 'admin',
        resource_type_associations: [...original.resource_type_associations].sort(byName),
      });
    });

    it('takes null as absent in objects and property documents', () => {
      expect(loaded.get('Example::Exported::Minimal')).toEqual({
        namespace: 'Example::Exported::Minimal',
        display_name: 'Minimal Example',
        visibility: 'private',
        protected: false,
        owner: 'admin',
        resource_type_associations: [
          { name: 'OS::Glance::Image', prefix: 'example_' },
          { name: 'OS::Nova::Flavor' },
        ],
        properties: { example_size: { title: 'Size', type: 'integer', minimum: 1 } },
        objects: [
          { name: 'Empty', properties: {} },
          { name: 'Sized', properties: { example_width: { title: 'Width', type: 'integer' } } },
        ],
        tags: [{ name: 'Example' }],
      });
      const runtimes = loaded.get('OS::Software::Runtimes');
      expect(runtimes.objects).toHaveLength(5);
      expect(runtimes.objects.every((object: Json) => typeof object.description === 'string')).toBe(true);
    });

    it('still refuses null where Glance cannot load it either (names, owner, the lists)', async () => {
      for (const [doc, message] of [
        [{ namespace: unique('Null'), owner: null }, /owner: must be string/],
        [
          { namespace: unique('Null'), resource_type_associations: null },
          /resource_type_associations: must be array/,
        ],
        [{ namespace: unique('Null'), objects: [{ name: null }] }, /objects\.0\.name: must be string/],
        [{ namespace: null }, /namespace: must be string/],
      ] as const) {
        const dir = tempDir();
        writeFileSync(path.join(dir, 'null.json'), JSON.stringify(doc));
        await expect(metadefsService.loadDirectory(admin, dir)).rejects.toThrow(message);
      }
    });
  });

  describe("definitions created through Glance's API (defaults and enum values stored as text)", () => {
    const FILE = path.join(API_FIXTURES, 'ApiTypedExample.json');
    let report: Awaited<ReturnType<typeof metadefsService.loadDirectory>>;

    beforeAll(async () => {
      report = await metadefsService.loadDirectory(admin, API_FIXTURES, { overwrite: true });
    });

    it('reads texts that are exactly what Glance writes as typed values, and says so', () => {
      expect(report.replaced.length + report.created.length).toBe(1);
      expect(report.warnings.filter((warning) => warning.includes(': read '))).toEqual(
        [
          'properties["cores"].default: read "3" as 3 (integer)',
          'properties["ratio"].default: read "1.5" as 1.5 (number)',
          'properties["tiny"].default: read "1e-05" as 0.00001 (number)',
          'properties["enabled"].default: read "True" as true (boolean)',
          'properties["secure"].default: read "false" as false (boolean)',
          'properties["level"].enum: read ["1","2","3"] as [1,2,3] (integer values)',
          'properties["level"].default: read "2" as 2 (integer)',
          'properties["sizes"].items.enum: read ["10","20"] as [10,20] (integer values)',
          'objects["Limits"].properties["max"].default: read "4" as 4 (integer)',
        ].map((warning) => `${FILE}: ${warning}`),
      );
    });

    it('drops a default that does not convert exactly, naming the property and the value', () => {
      expect(report.warnings.filter((warning) => warning.includes(': dropped '))).toEqual(
        [
          'properties["whole"].default: dropped "3.0" (not an exact integer value as Glance writes one)',
          'properties["padded"].default: dropped "03" (not an exact integer value as Glance writes one)',
          'properties["answer"].default: dropped "yes" (not an exact boolean value as Glance writes one)',
          'properties["tags"].default: dropped "a,b" (not an exact array value as Glance writes one)',
          'objects["Limits"].properties["scale"].default: dropped " 2" (not an exact number value as Glance writes one)',
        ].map((warning) => `${FILE}: ${warning}`),
      );
      expect(report.warnings).toHaveLength(14);
    });

    it('serves the typed values through GraphQL, in the plain namespace and in its resource type view', async () => {
      const QUERY = `query ($rt: String) { namespace(name: "Example::Api::Typed", resourceType: $rt) {
        properties { name default enum items { enum } } objects { properties { name default } } } }`;
      const plain = (await t.ok(QUERY, { rt: null })).namespace;
      const byName = Object.fromEntries(
        plain.properties.map((p: Json) => [p.name, { default: p.default, enum: p.enum, items: p.items }]),
      );
      expect(byName).toEqual({
        answer: { default: null, enum: null, items: null },
        cores: { default: 3, enum: null, items: null },
        enabled: { default: true, enum: null, items: null },
        level: { default: 2, enum: [1, 2, 3], items: null },
        mode: { default: '3', enum: ['3', 'fast'], items: null },
        padded: { default: null, enum: null, items: null },
        ratio: { default: 1.5, enum: null, items: null },
        secure: { default: false, enum: null, items: null },
        sizes: { default: null, enum: null, items: { enum: [10, 20] } },
        tags: { default: null, enum: null, items: { enum: null } },
        tiny: { default: 0.00001, enum: null, items: null },
        whole: { default: null, enum: null, items: null },
      });
      expect(plain.objects[0].properties).toEqual([
        { name: 'max', default: 4 },
        { name: 'scale', default: null },
      ]);
      const view = (await t.ok(QUERY, { rt: 'OS::Nova::Flavor' })).namespace;
      expect(view.properties.find((p: Json) => p.name === 'api:cores').default).toBe(3);
    });

    it('exports them typed, so that the export loads back without a warning', async () => {
      const doc = (await metadefsService.exportAll(admin)).find(
        (d) => d.namespace === 'Example::Api::Typed',
      )!;
      expect(doc.properties!.cores).toEqual({ type: 'integer', title: 'Cores', default: 3, minimum: 1 });
      const dir = tempDir();
      writeFileSync(path.join(dir, 'typed.json'), JSON.stringify(doc));
      const again = await metadefsService.loadDirectory(admin, dir, { overwrite: true });
      expect(again).toMatchObject({ replaced: ['Example::Api::Typed'], warnings: [] });
    });
  });

  describe('load modes', () => {
    function write(dir: string, doc: Json): void {
      writeFileSync(path.join(dir, exportFileName(doc.namespace, new Set())), JSON.stringify(doc));
    }
    const prop = (title: string, extra: Json = {}) => ({ title, type: 'string', ...extra });

    async function read(name: string): Promise<Json> {
      return (await metadefsService.exportAll(admin)).find((doc) => doc.namespace === name);
    }

    it('skips existing namespaces by default; --merge adds; --prefer-new replaces; --overwrite replaces all', async () => {
      const name = unique('Load');
      const v1 = tempDir();
      write(v1, {
        namespace: name,
        description: 'v1',
        visibility: 'public',
        resource_type_associations: [{ name: 'OS::Nova::Flavor', prefix: 'hw:' }],
        properties: { a: prop('A v1'), b: prop('B v1') },
        objects: [{ name: 'O', properties: { x: prop('X v1') } }],
        tags: [{ name: 'One' }],
      });
      const v2 = tempDir();
      write(v2, {
        namespace: name,
        description: 'v2',
        visibility: 'public',
        resource_type_associations: [{ name: 'OS::Glance::Image', prefix: 'hw_' }],
        properties: { a: prop('A v2'), c: prop('C v2') },
        objects: [
          { name: 'O', properties: { y: prop('Y v2') } },
          { name: 'P', properties: {} },
        ],
        tags: [{ name: 'one' }, { name: 'Two', parent: 'One' }],
      });
      expect((await metadefsService.loadDirectory(admin, v1)).created).toEqual([name]);

      expect((await metadefsService.loadDirectory(admin, v2)).skipped).toEqual([name]);
      expect((await read(name)).description).toBe('v1');

      expect((await metadefsService.loadDirectory(admin, v2, { merge: true })).merged).toEqual([name]);
      let doc = await read(name);
      expect(doc.description).toBe('v1');
      expect(doc.resource_type_associations.map((a: Json) => a.name)).toEqual([
        'OS::Glance::Image',
        'OS::Nova::Flavor',
      ]);
      expect(doc.properties).toEqual({
        a: { type: 'string', title: 'A v1' },
        b: { type: 'string', title: 'B v1' },
        c: { type: 'string', title: 'C v2' },
      });
      expect(doc.objects.map((o: Json) => [o.name, Object.keys(o.properties)])).toEqual([
        ['O', ['x']],
        ['P', []],
      ]);
      expect(doc.tags).toEqual([{ name: 'One' }, { name: 'Two', parent: 'One' }]);

      await metadefsService.loadDirectory(admin, v2, { merge: true, preferNew: true });
      doc = await read(name);
      expect(doc.description).toBe('v2');
      expect(doc.properties.a).toEqual({ type: 'string', title: 'A v2' });
      expect(doc.properties.b).toEqual({ type: 'string', title: 'B v1' });
      expect(doc.objects[0]).toEqual({ name: 'O', properties: { y: { type: 'string', title: 'Y v2' } } });

      expect((await metadefsService.loadDirectory(admin, v2, { overwrite: true })).replaced).toEqual([name]);
      doc = await read(name);
      expect(Object.keys(doc.properties)).toEqual(['a', 'c']);
      expect(doc.resource_type_associations).toEqual([{ name: 'OS::Glance::Image', prefix: 'hw_' }]);
    });

    it('rejects an invalid file naming the file and the place, and loads nothing of it', async () => {
      const dir = tempDir();
      const name = unique('Bad');
      write(dir, {
        namespace: name,
        properties: { good: prop('G'), bad: { title: 'B', type: 'integer', minimum: 3, maximum: 1 } },
      });
      await expect(metadefsService.loadDirectory(admin, dir)).rejects.toThrow(/properties\["bad"\]\.maximum/);
      expect(await read(name)).toBeUndefined();
      const shape = tempDir();
      writeFileSync(path.join(shape, 'x.json'), JSON.stringify({ namespace: 'X', nope: 1 }));
      await expect(metadefsService.loadDirectory(admin, shape)).rejects.toThrow(/x\.json.*nope/);
    });

    it('checks the limits of names and texts before the database does (file and field named)', async () => {
      for (const [doc, message] of [
        [
          { namespace: unique('Long'), description: 'd'.repeat(501) },
          /description: must NOT have more than 500/,
        ],
        [{ namespace: 'n'.repeat(81) }, /namespace: must NOT have more than 80/],
        [
          { namespace: unique('Long'), display_name: 'd'.repeat(81) },
          /display_name: must NOT have more than 80/,
        ],
        [
          {
            namespace: unique('Long'),
            resource_type_associations: [{ name: 'OS::Nova::Flavor', prefix: 'p'.repeat(81) }],
          },
          /resource_type_associations\.0\.prefix: must NOT have more than 80/,
        ],
      ] as const) {
        const dir = tempDir();
        writeFileSync(path.join(dir, 'long.json'), JSON.stringify(doc));
        await expect(metadefsService.loadDirectory(admin, dir)).rejects.toThrow(message);
      }
    });

    it('checks names and texts with the same rules as the API (control characters), loading nothing', async () => {
      for (const [doc, message] of [
        [{ namespace: 'Tab\tName' }, /control\.json: name: must not contain control characters/],
        [
          { namespace: unique('Ctl'), display_name: 'line\nbreak' },
          /displayName: must not contain control characters/,
        ],
        [
          { namespace: unique('Ctl'), description: 'bell\u0007' },
          /description: must not contain control characters/,
        ],
        [
          {
            namespace: unique('Ctl'),
            resource_type_associations: [{ name: 'OS::Nova::Flavor', prefix: 'hw\u0000' }],
          },
          /resourceTypeAssociations\.0\.prefix: must not contain control characters/,
        ],
      ] as const) {
        const dir = tempDir();
        writeFileSync(path.join(dir, 'control.json'), JSON.stringify(doc));
        await expect(metadefsService.loadDirectory(admin, dir)).rejects.toThrow(message);
        expect(await admin.db.query('SELECT 1 FROM namespaces WHERE name = $1', [doc.namespace])).toEqual([]);
      }
    });
  });

  it('names export files after the namespace', () => {
    const taken = new Set<string>();
    expect(exportFileName('OS::Compute::Quota', taken)).toBe('os-compute-quota.json');
    expect(exportFileName('os::compute::quota', taken)).toBe('os-compute-quota-2.json');
    expect(exportFileName('CIM::Foo Bar/baz', taken)).toBe('cim-foo_bar_baz.json');
  });
});
