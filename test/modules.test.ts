import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'type-graphql';
import { getMetadataArgsStorage } from 'typeorm';
import { entities } from '../src/app/entities';
import { moduleCommands, modules } from '../src/app/modules';
import { nodeTypes, resolvers } from '../src/app/schema';
import { seeders } from '../src/app/seeds';
import { moduleScenarios } from '../bench/modules';

const MODULES_DIR = join(__dirname, '..', 'src', 'modules');
const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The source files of a module (tests aside). */
const sourcesOf = (folder: string) =>
  readdirSync(join(MODULES_DIR, folder)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/** Everything every module file exports, with where it comes from. */
const exported: { file: string; name: string; value: unknown }[] = folders.flatMap((folder) =>
  sourcesOf(folder).flatMap((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exports = require(join(MODULES_DIR, folder, file)) as Record<string, unknown>;
    return Object.entries(exports).map(([name, value]) => ({ file: `${folder}/${file}`, name, value }));
  }),
);

/** The exports (by file and name) that pass `is` and are missing from `list`. */
const missingFrom = (list: readonly unknown[], is: (value: unknown) => boolean) =>
  exported
    .filter(({ value }) => is(value) && !list.includes(value))
    .map(({ file, name }) => `${file}: ${name}`);

describe('module manifests', () => {
  it('exist once per module folder, named after it, each listed once in app/modules.ts', () => {
    expect(modules.map((module) => module.name).sort()).toEqual(folders);
    for (const folder of folders) {
      const manifests = exported.filter(({ value }) => (modules as readonly unknown[]).includes(value));
      expect(manifests.filter(({ file }) => file.startsWith(`${folder}/`)).map(({ file }) => file)).toEqual([
        `${folder}/${folder}.module.ts`,
      ]);
    }
  });

  it('bring every TypeORM entity of the modules into the entity list', () => {
    const entityClasses = new Set(getMetadataArgsStorage().tables.map((table) => table.target));
    expect(missingFrom(entities, (value) => entityClasses.has(value as never))).toEqual([]);
    expect(entities.length).toBe(new Set(entities).size);
  });

  it('bring every exported resolver class into the schema, and the resolvers made from node types too', () => {
    const resolverClasses = new Set(getMetadataStorage().resolverClasses.map((resolver) => resolver.target));
    expect(missingFrom(resolvers, (value) => resolverClasses.has(value as never))).toEqual([]);
    // Those of live/ and node-deletion/ are made by functions (from every node type): the list has them.
    const listed = resolvers.map((resolver) => resolver.name);
    expect(listed).toEqual(
      expect.arrayContaining([
        'CatalogChangedResolver',
        'TraitChangedResolver',
        'ResourceProviderChangedResolver',
        'ResourceChangedResolver',
        'ChangesResolver',
        'HistoryResolver',
        'NodeDeletionResolver',
      ]),
    );
  });

  it('bring every defineNodeType fetcher, seeder and command registrar', () => {
    const isNodeType = (value: unknown) =>
      typeof value === 'object' &&
      value !== null &&
      Object.keys(value).sort().join() === 'fetch,name' &&
      typeof (value as { fetch: unknown }).fetch === 'function';
    expect(missingFrom(nodeTypes, isNodeType)).toEqual([]);
    const isSeeder = (value: unknown) =>
      typeof value === 'object' && value !== null && 'mode' in value && 'run' in value;
    expect(missingFrom(seeders, isSeeder)).toEqual([]);
    const registrars = exported.filter(
      ({ file, name }) => file.endsWith('.cli.ts') && /^register/.test(name),
    );
    expect(registrars.length).toBeGreaterThan(0);
    expect(registrars.filter(({ value }) => !moduleCommands.includes(value as never))).toEqual([]);
  });

  it('run the seeders in module order: resource types, default definitions, standard traits', () => {
    expect(seeders.map((seeder) => seeder.name)).toEqual([
      'resource-types',
      'default-metadefs',
      'nova-definitions',
      'standard-traits',
    ]);
  });

  it('give the bench its scenarios by module, with no registration at import time', () => {
    const names = moduleScenarios.map((scenario) => scenario.name);
    expect(names).toEqual(
      expect.arrayContaining(['catalog: full fetch (UI load)', 'traits: validateTraits of 10 names']),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
