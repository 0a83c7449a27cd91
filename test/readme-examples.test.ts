import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runMetacatalog, startMetacatalogServer, type ServerProcess } from './support/processes';
import { createProcessDatabase } from './support/test-database';

/**
 * The README's catalog examples, as a newcomer runs them: one step loads Glance's default definitions
 * (`metacatalog metadefs load --glance-defaults`, a real process), then the README's own query texts go to a
 * real server, and each answers what the README says it does.
 */
const README = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

/** The README's ```graphql block containing `marker`. */
function example(marker: string): string {
  const blocks = [...README.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1]);
  const found = blocks.filter((block) => block.includes(marker));
  expect(found).toHaveLength(1);
  return found[0];
}

describe('README examples after loading Glance defaults', () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createProcessDatabase>>;
  let url: string;

  beforeAll(async () => {
    // Two processes in turn on one database (an embedded one lives in a folder), which an earlier `serve`
    // migrated and seeded: the README's `npx metacatalog metadefs load` comes after the first start.
    database = await createProcessDatabase({ prepared: true });
    url = database.url;
    expect(README).toContain('npx metacatalog metadefs load --glance-defaults');
    const loaded = await runMetacatalog(['metadefs', 'load', '--glance-defaults'], {
      env: { DATABASE_URL: url, AUTH_MODE: 'none' },
    });
    // On stderr: its warnings and its info log lines (seeds checked), nothing worse.
    const logs = loaded.stderr.split('\n').filter((line) => line.startsWith('{'));
    for (const line of logs) expect(JSON.parse(line)).toMatchObject({ level: 30 });
    expect(
      loaded.stderr
        .split('\n')
        .filter((line) => line && !line.startsWith('warning: ') && !logs.includes(line)),
    ).toEqual([]);
    expect(loaded).toMatchObject({ code: 0, stdout: expect.stringContaining('created 33,') });
    server = await startMetacatalogServer({ env: { DATABASE_URL: url } });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('the changes example lists what the CLI loaded, with who and how', async () => {
    const query = example('changes(first: 5, filter: { namespace: "OS::Compute::Watchdog" })');
    const answer = await server!.gql<{
      changes: {
        edges: { cursor: string; node: { kind: string; nodeType: string; actor: { via: string } } }[];
        pageInfo: { endCursor: string; hasNextPage: boolean };
      };
    }>(query);
    expect(answer.errors).toBeUndefined();
    const { edges, pageInfo } = answer.data!.changes;
    expect(edges[0].node).toMatchObject({ kind: 'CREATED', nodeType: 'Namespace', actor: { via: 'IMPORT' } });
    expect(edges.every((edge) => edge.node.kind === 'CREATED' && edge.node.actor.via === 'IMPORT')).toBe(
      true,
    );
    expect(pageInfo.endCursor).toBe(edges.at(-1)!.cursor);
  });

  it("the history example gives the namespace's own records: created by the import", async () => {
    const query = example('history(first: 10)');
    const answer = await server!.gql<{
      namespace: {
        name: string;
        history: { nodes: { kind: string; committedAt: string; actor: { via: string } }[] };
      };
    }>(query);
    expect(answer.errors).toBeUndefined();
    const { name, history } = answer.data!.namespace;
    expect(name).toBe('OS::Compute::Watchdog');
    expect(history.nodes).toEqual([
      {
        kind: 'CREATED',
        committedAt: expect.any(String),
        actor: { via: 'IMPORT', projectId: 'admin', userId: 'metacatalog-cli' },
      },
    ]);
  });

  it('the prefix example gives hw:cpu_… for a flavor and hw_cpu_… for an image', async () => {
    const query = example('OS::Compute::VirtCPUTopology');
    const flavor = await server!.gql<{ namespace: { properties: { name: string }[] } }>(query);
    expect(flavor.errors).toBeUndefined();
    const names = flavor.data!.namespace.properties.map((property) => property.name);
    expect(names).toContain('hw:cpu_cores');
    expect(names.every((name) => name.startsWith('hw:cpu_'))).toBe(true);
    const image = await server!.gql<{ namespace: { properties: { name: string }[] } }>(
      query.replace('OS::Nova::Flavor', 'OS::Glance::Image'),
    );
    expect(image.data!.namespace.properties.map((property) => property.name)).toContain('hw_cpu_cores');
  });

  it('the search example finds the CPU core properties a flavor can carry', async () => {
    const result = await server!.gql<{
      searchProperties: { totalCount: number; nodes: { property: { name: string } }[] };
    }>(example('searchProperties(query: "cpu co"'));
    expect(result.errors).toBeUndefined();
    expect(result.data!.searchProperties.totalCount).toBeGreaterThan(0);
    expect(result.data!.searchProperties.nodes.map((node) => node.property.name)).toContain('hw:cpu_cores');
  });

  it('the validation example: an operator the property does not declare is an error, a typo an unknown key', async () => {
    const block = example('validateMetadata(resourceType: "OS::Nova::Flavor"');
    const variables = JSON.parse(/# variables: (.*)$/m.exec(block)![1]) as Record<string, unknown>;
    const result = await server!.gql<{
      validateMetadata: { valid: boolean; errors: { key: string; message: string }[]; unknownKeys: string[] };
    }>(block, variables);
    expect(result.errors).toBeUndefined();
    expect(result.data!.validateMetadata).toEqual({
      valid: false,
      errors: [
        {
          key: 'hw:cpu_policy',
          message: 'operator <or> is not allowed for this property (it declares no operators)',
        },
      ],
      unknownKeys: ['my:typo'],
    });
    expect(block).toContain('operator <or> is not allowed for this property (it declares\n# no operators)');
  });
});
