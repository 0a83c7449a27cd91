/**
 * What the backup tests put in a database and ask of it: data in every table through the GraphQL API, changes
 * left pending, a fixed set of queries whose answers must be the same after a restore, the change log as the API
 * tells it, and each table's rows for a direct comparison.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { actorStatement } from '../../src/common/actor';
import { ADMIN } from './test-app';

/** Runs an operation as an admin, failing on errors; returns its data. */
export type Ok = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Anything that runs SQL: a TypeORM DataSource or QueryRunner. */
export interface Sql {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

const NAMESPACE = `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name } }`;
const PROVIDER = `mutation ($input: CreateResourceProviderInput!) {
  createResourceProvider(input: $input) { uuid generation }
}`;
const PROVIDER_TRAITS = `mutation ($uuid: UUID!, $traits: [String!]!, $generation: Int!) {
  setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: $generation) { generation }
}`;
const RESOURCE = `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`;

/** Values a backup must keep exactly: large and long numbers, text with what a line-based file could trip on. */
export const AWKWARD = {
  big: 2 ** 70,
  precise: 1.0000000000000002,
  text: 'line\nbreak "quoted" \\ back\tslash é ✓ \u2028 \u{1F600}',
};

/**
 * Fills every table the schema has through the API (seeds fill resource types, standard traits and the
 * default definitions): `suffix` keeps names apart when called more than once on one database.
 */
export async function fillEveryTable(ok: Ok, suffix = ''): Promise<void> {
  const ns = `Backup::Compute${suffix}`;
  await ok(NAMESPACE, {
    input: {
      name: ns,
      displayName: 'Backup test',
      description: AWKWARD.text,
      visibility: 'PUBLIC',
      resourceTypeAssociations: [{ name: 'OS::Nova::Flavor', prefix: 'bk:' }],
      properties: [
        { name: 'cores', title: 'Cores', type: 'INTEGER', minimum: 1, maximum: 64 },
        { name: 'policy', title: 'Policy', type: 'STRING', enum: ['dedicated', 'shared'], default: 'shared' },
      ],
      objects: [
        {
          name: 'Topology',
          description: 'sockets and threads',
          required: ['sockets'],
          properties: [{ name: 'sockets', title: 'Sockets', type: 'INTEGER' }],
        },
      ],
      tags: ['ssd', 'fast'],
    },
  });
  await ok(`mutation ($ns: String!) { createTag(namespace: $ns, name: "nvme", parent: "ssd") { name } }`, {
    ns,
  });
  await ok(NAMESPACE, {
    input: { name: `Backup::Private${suffix}`, visibility: 'PRIVATE', owner: 'project-b' },
  });

  await ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, {
    name: `CUSTOM_BACKUP${suffix.toUpperCase().replace(/\W/g, '_')}`,
  });
  const root = (await ok(PROVIDER, { input: { name: `bk-root${suffix}` } })).createResourceProvider;
  const child = (await ok(PROVIDER, { input: { name: `bk-child${suffix}`, parentUuid: root.uuid } }))
    .createResourceProvider;
  await ok(PROVIDER_TRAITS, {
    uuid: child.uuid,
    generation: child.generation,
    traits: [`CUSTOM_BACKUP${suffix.toUpperCase().replace(/\W/g, '_')}`, 'HW_CPU_X86_AVX2'],
  });

  for (const [i, projectId] of ['project-a', 'project-a', 'project-b'].entries()) {
    await ok(RESOURCE, {
      input: {
        resourceType: 'OS::Nova::Server',
        name: `vm-${i}${suffix}`,
        projectId,
        tags: ['web', i % 2 ? 'Prod' : 'prod', `only-${i}`],
        properties: { flavor: i ? 'm1.small' : 'm1.large', cores: 4 + i, ...AWKWARD },
      },
    });
  }
  await ok(RESOURCE, {
    input: {
      resourceType: 'OS::Cinder::Volume',
      name: `disk${suffix}`,
      tags: ['ssd'],
      properties: { size: 10 },
    },
  });
  await ok(
    `mutation { updateResourceProperty(resourceType: "OS::Nova::Server", name: "text", private: true) { name } }`,
  );
}

/**
 * The fixed set of questions: the whole catalog, traits, providers with their traits, resources with tags and
 * properties, discovery and tag usage. Their answers before a backup and after its restore must be equal.
 */
export const FIXED_QUERIES: Record<string, string> = {
  catalog: `{
    namespaces(first: 500) {
      totalCount
      nodes {
        id name displayName description visibility protected owner createdAt updatedAt
        resourceTypeAssociations { name prefix propertiesTarget createdAt }
        properties { id name storedName title type schema createdAt updatedAt }
        objects { id name description required properties { id name schema } createdAt updatedAt }
        tags { id name parent { name } children { name } createdAt }
      }
    }
    resourceTypes { id name protected createdAt namespaces(first: 50) { nodes { name } } }
    flavor: namespace(name: "Backup::Compute", resourceType: "OS::Nova::Flavor") {
      name properties { name storedName }
    }
    searchProperties(query: "cores", first: 50) { totalCount }
  }`,
  traits: `{
    traits(first: 500, filter: { startsWith: "CUSTOM_" }) { totalCount nodes { id name standard createdAt associated } }
    all: traits(first: 1) { totalCount }
    validateTraits(names: ["HW_CPU_X86_AVX2", "CUSTOM_NOPE"]) { valid }
  }`,
  providers: `{
    resourceProviders(first: 500) {
      totalCount
      nodes {
        id uuid name generation createdAt updatedAt
        parent { uuid } root { uuid } children { uuid } traits { name }
      }
    }
  }`,
  resources: `{
    resources(first: 500) {
      totalCount
      nodes { id uuid name projectId resourceType tags properties createdAt updatedAt }
    }
  }`,
  discovery: `{
    servers: resourceProperties(resourceType: "OS::Nova::Server", includePrivate: true) {
      id name private values definition { name }
    }
    volumes: resourceProperties(resourceType: "OS::Cinder::Volume", includePrivate: true) { name values }
  }`,
  tagUsage: `{
    resourceTagUsage(first: 500) {
      totalCount
      nodes { tag normalized count caseVariants resourceTypes { resourceType count } }
    }
  }`,
};

/** The answer to each of FIXED_QUERIES. */
export async function fixedAnswers(ok: Ok): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(FIXED_QUERIES)) answers[name] = await ok(query);
  return answers;
}

/** The tables of the schema but the migrations' bookkeeping (what a backup must cover). */
export async function tableNames(db: Sql): Promise<string[]> {
  const rows = (await db.query(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND relkind IN ('r', 'p') AND relpersistence = 'p' AND relname <> 'migrations'
      ORDER BY relname`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** Each table's rows as PostgreSQL prints them (timestamps in UTC), sorted: equal contents, equal text. */
export async function tableContents(db: Sql): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    const rows = (await db.query(`SELECT row_to_json(t)::text AS line FROM "${table}" t ORDER BY 1`)) as {
      line: string;
    }[];
    contents[table] = rows.map((row) => row.line);
  }
  return contents;
}

/** Row counts per table. */
export function countsOf(contents: Record<string, string[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(contents).map(([table, rows]) => [table, rows.length]));
}

/**
 * Writes by SQL on a database no service runs on, so that their changes stay pending (not numbered) until a step
 * runs: what a backup finds of the transactions committed since the last step. Three transactions: one named as a
 * GraphQL write (its instance had not run its step yet), one of two nodes by SQL by hand, one by the CLI; an
 * update, a creation and a change of another node, a delete (of a resource with its tags and properties).
 */
export async function writePending(db: DataSource, suffix = ''): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(actorStatement({ via: 'graphql', project: ADMIN.project, user: ADMIN.user ?? null }));
    await tx.query(`UPDATE namespaces SET description = 'changed, not numbered yet' WHERE name = $1`, [
      `Backup::Compute${suffix}`,
    ]);
  });
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO traits (name) VALUES ($1)`, [
      `CUSTOM_PENDING${suffix.toUpperCase().replace(/\W/g, '_')}`,
    ]);
    await tx.query(`UPDATE resource_providers SET name = name || '-renamed' WHERE name = $1`, [
      `bk-root${suffix}`,
    ]);
  });
  await db.transaction(async (tx) => {
    await tx.query(actorStatement({ via: 'cli', project: null, user: null }));
    await tx.query(`DELETE FROM resources WHERE name = $1`, [`disk${suffix}`]);
  });
}

/** Everything the API tells of a change record but its node (which a restore gives again as it is). */
export const CHANGE_FIELDS = `cursor kind nodeId nodeType contained committedAt transactionId
  actor { via projectId userId } namespace resourceType projectId`;

export interface Change {
  cursor: string;
  kind: string;
  nodeId: string;
  nodeType: string;
  committedAt: string;
  transactionId: string;
  actor: { via: string; projectId: string | null; userId: string | null };
}

/** The seq a change cursor names (cursors are opaque to clients; the tests know them). */
export const seqOf = (cursor: string): number =>
  Number((JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string])[1]);

/** The change cursor of a seq. */
export const cursorOf = (seq: number | string): string =>
  Buffer.from(JSON.stringify(['change', String(seq)])).toString('base64url');

/**
 * Every change after `after` (from the oldest the log keeps without it), read page by page as a poller reads
 * them, `first` at a time; with the number of pages.
 */
export async function allChanges(
  ok: Ok,
  { after, first = 7 }: { after?: string; first?: number } = {},
): Promise<{ changes: Change[]; pages: number }> {
  const changes: Change[] = [];
  let pages = 0;
  for (let cursor = after; ;) {
    const page = (
      await ok(
        `query ($first: Int, $after: String) {
          changes(first: $first, after: $after) { nodes { ${CHANGE_FIELDS} } pageInfo { hasNextPage endCursor } }
        }`,
        { first, after: cursor },
      )
    ).changes as { nodes: Change[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    pages += 1;
    changes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return { changes, pages };
    cursor = page.pageInfo.endCursor!;
  }
}

/** Each node's `history` (every page of it), by id; null for a node that is no longer there (deleted). */
export async function historiesOf(ok: Ok, ids: string[]): Promise<Record<string, Change[] | null>> {
  const histories: Record<string, Change[] | null> = {};
  for (const id of ids) {
    const history: Change[] = [];
    for (let after: string | undefined; ;) {
      const node = (
        await ok(
          `query ($id: ID!, $after: String) {
            node(id: $id) { ... on Node { history(first: 2, after: $after) {
              nodes { ${CHANGE_FIELDS} } pageInfo { hasNextPage endCursor } } } }
          }`,
          { id, after },
        )
      ).node as {
        history: { nodes: Change[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      } | null;
      if (!node) {
        histories[id] = null;
        break;
      }
      history.push(...node.history.nodes);
      if (!node.history.pageInfo.hasNextPage) {
        histories[id] = history;
        break;
      }
      after = node.history.pageInfo.endCursor!;
    }
  }
  return histories;
}

/** A backup file's rows of one table, parsed (what a test reads of a file beside checkBackup). */
export function backupRows(file: string, table: string): Record<string, unknown>[] {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`{"table":${JSON.stringify(table)},`));
  if (start < 0) return [];
  const rows: Record<string, unknown>[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('{"table":') || line.startsWith('{"sequences":')) break;
    rows.push(JSON.parse(line) as Record<string, unknown>);
  }
  return rows;
}
