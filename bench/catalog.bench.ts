import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Runtime } from '../src/app/runtime';
import { projectRoot } from '../src/config/paths';
import { metadefsService } from '../src/modules/metadefs-io/metadefs.service';
import type { PropertySchema } from '../src/modules/properties/property.entity';
import { scenario, type Scenario } from './scenarios';

const LARGE_NAMESPACE = 'Bench::Large';

/** One large synthetic namespace in Glance's format (400 properties, 20 objects of 10). */
function largeDocument(): Record<string, unknown> {
  const property = (n: number): PropertySchema => ({
    type: n % 3 === 0 ? 'integer' : 'string',
    title: `Synthetic property ${n}`,
    description: `A generated property number ${n} for benchmarking cpu, memory and disk settings.`,
    ...(n % 3 === 0
      ? { minimum: 0, maximum: 1024 }
      : { enum: ['low', 'medium', 'high'], operators: ['<or>'] }),
  });
  return {
    namespace: LARGE_NAMESPACE,
    display_name: 'Benchmark: a large namespace',
    visibility: 'public',
    resource_type_associations: [{ name: 'OS::Nova::Flavor', prefix: 'bench:' }],
    properties: Object.fromEntries(Array.from({ length: 400 }, (_, n) => [`prop_${n}`, property(n)])),
    objects: Array.from({ length: 20 }, (_, o) => ({
      name: `Object${o}`,
      description: `Synthetic object ${o}`,
      required: [`obj${o}_prop_0`],
      properties: Object.fromEntries(
        Array.from({ length: 10 }, (_, n) => [`obj${o}_prop_${n}`, property(n)]),
      ),
    })),
  };
}

let loaded: Promise<void> | undefined;

/** Loads Glance's 33 definition files and the large namespace with the real importer (`metadefs load`). */
function loadCatalog(runtime: Runtime): Promise<void> {
  loaded ??= (async () => {
    const ctx = runtime.adminContext();
    await metadefsService.loadDirectory(ctx, path.resolve(projectRoot(), 'seeds/glance-metadefs'));
    const dir = mkdtempSync(path.join(tmpdir(), 'metacatalog-bench-'));
    writeFileSync(path.join(dir, 'large.json'), JSON.stringify(largeDocument()));
    await metadefsService.loadDirectory(ctx, dir);
    rmSync(dir, { recursive: true, force: true });
  })();
  return loaded;
}

const PROPERTY_FIELDS = `name title description type default enum minimum maximum readonly operators items { type enum }`;

/** Its scenarios, listed by module in bench/scenarios.ts. */
export const scenarios: readonly Scenario[] = [
  scenario({
    name: 'catalog: full fetch (UI load)',
    setup: loadCatalog,
    request: {
      query: `query FullCatalog {
        namespaces(first: 50) {
          totalCount
          nodes {
            name displayName description visibility protected owner
            resourceTypeAssociations { name prefix propertiesTarget }
            properties { ${PROPERTY_FIELDS} }
            objects { name description required properties { ${PROPERTY_FIELDS} } }
            tags { name }
          }
        }
      }`,
    },
  }),

  scenario({
    name: 'catalog: namespace(name, resourceType), 600 properties',
    setup: loadCatalog,
    request: {
      query: `query ($name: String!, $rt: String) {
        namespace(name: $name, resourceType: $rt) {
          name resourceTypeAssociations { name prefix }
          properties { ${PROPERTY_FIELDS} }
          objects { name required properties { ${PROPERTY_FIELDS} } }
        }
      }`,
      variables: { name: LARGE_NAMESPACE, rt: 'OS::Nova::Flavor' },
    },
  }),

  scenario({
    name: 'catalog: searchProperties("cpu co", flavor)',
    setup: loadCatalog,
    request: {
      query: `query ($q: String!, $rt: String) {
        searchProperties(query: $q, resourceType: $rt, first: 20) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { property { name title type } namespace { name displayName } object { name } }
        }
      }`,
      variables: { q: 'cpu co', rt: 'OS::Nova::Flavor' },
    },
  }),

  scenario({
    name: 'catalog: validateMetadata(flavor, 8 keys)',
    setup: loadCatalog,
    request: {
      query: `query ($rt: String!, $metadata: JSON!) {
        validateMetadata(resourceType: $rt, metadata: $metadata) { valid errors { key message } unknownKeys }
      }`,
      variables: {
        rt: 'OS::Nova::Flavor',
        metadata: {
          'hw:cpu_sockets': '2',
          'hw:cpu_cores': '4',
          'hw:cpu_threads': 'two',
          'hw:cpu_policy': 'dedicated',
          'capabilities:cpu_info:features': '<or> aes <or> vme',
          'bench:prop_1': '<or> low <or> high',
          'bench:prop_3': '2048',
          'custom:unknown': 'x',
        },
      },
    },
  }),
];
