import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../src/app/runtime';
import type { Context } from '../src/common/context';
import { projectRoot } from '../src/common/paths';
import { MetadefTag } from '../src/modules/metadef-tags/metadef-tag.entity';
import { NamespaceResourceType } from '../src/modules/namespaces/namespace-resource-type.entity';
import { Namespace, Visibility } from '../src/modules/namespaces/namespace.entity';
import { MetadefObject } from '../src/modules/objects/object.entity';
import { PropertyDefinition, type PropertySchema } from '../src/modules/properties/property.entity';
import { resourceTypeService } from '../src/modules/resource-types/resource-type.service';
import { registerScenario } from './scenarios';

/** The shape of Glance's metadefs JSON files, as far as this loader reads them. */
interface GlanceDocument {
  namespace: string;
  display_name?: string;
  description?: string;
  visibility?: string;
  protected?: boolean;
  owner?: string;
  resource_type_associations?: { name: string; prefix?: string; properties_target?: string }[];
  properties?: Record<string, PropertySchema>;
  objects?: {
    name: string;
    description?: string;
    required?: string[];
    properties?: Record<string, PropertySchema>;
  }[];
  tags?: { name: string }[];
}

const LARGE_NAMESPACE = 'Bench::Large';

/**
 * BENCH-ONLY DATA LOADING. The Glance importer (`metadefs load`) is written on another branch; until it lands,
 * this inserts the fixture files straight through the repositories, without the importer's checks. Do not use
 * it for anything but benchmarks. Also adds one large synthetic namespace (400 properties, 20 objects of 10).
 */
async function insertDocument(tx: Context, document: GlanceDocument): Promise<void> {
  const namespace = await tx.db.getRepository(Namespace).save(
    tx.db.getRepository(Namespace).create({
      name: document.namespace,
      displayName: document.display_name ?? null,
      description: document.description ?? null,
      visibility: document.visibility === 'public' ? Visibility.PUBLIC : Visibility.PRIVATE,
      protected: document.protected ?? false,
      owner: document.owner ?? tx.identity.projectId,
    }),
  );
  const associations = document.resource_type_associations ?? [];
  const types = await resourceTypeService.ensure(
    tx,
    associations.map((association) => association.name),
    'resource_type_associations',
  );
  for (const association of associations) {
    await tx.db.getRepository(NamespaceResourceType).insert({
      namespaceId: namespace.pk,
      resourceTypeId: types.get(association.name)!.pk,
      prefix: association.prefix ?? null,
      propertiesTarget: association.properties_target ?? null,
    });
  }
  const properties = tx.db.getRepository(PropertyDefinition);
  const rows = (entries: Record<string, PropertySchema>, objectId: number | null) =>
    Object.entries(entries).map(([name, schema]) =>
      properties.create({ namespaceId: namespace.pk, objectId, baseName: name, schema }),
    );
  if (document.properties) await properties.save(rows(document.properties, null), { chunk: 100 });
  for (const object of document.objects ?? []) {
    const saved = await tx.db.getRepository(MetadefObject).save(
      tx.db.getRepository(MetadefObject).create({
        namespaceId: namespace.pk,
        name: object.name,
        description: object.description ?? null,
        requiredNames: object.required ?? [],
      }),
    );
    if (object.properties) await properties.save(rows(object.properties, saved.pk), { chunk: 100 });
  }
  for (const tag of document.tags ?? []) {
    await tx.db.getRepository(MetadefTag).insert({ namespaceId: namespace.pk, name: tag.name });
  }
}

function largeDocument(): GlanceDocument {
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

function loadCatalog(runtime: Runtime): Promise<void> {
  loaded ??= (async () => {
    const folder = path.resolve(projectRoot(), 'test/fixtures/glance-metadefs');
    const documents = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as GlanceDocument);
    documents.push(largeDocument());
    const ctx = runtime.adminContext();
    await ctx.transaction(async (tx) => {
      for (const document of documents) {
        if (await tx.db.getRepository(Namespace).existsBy({ name: document.namespace })) continue;
        await insertDocument(tx, document);
      }
    });
  })();
  return loaded;
}

const PROPERTY_FIELDS = `name title description type default enum minimum maximum readonly operators items { type enum }`;

registerScenario({
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
});

registerScenario({
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
});

registerScenario({
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
});

registerScenario({
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
});
