import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPolicies } from '../src/app/policy';
import { makeIdentity } from '../src/common/identity/identity';
import { PolicyEngine } from '../src/common/policy/engine';
import { buildProgram } from '../src/main';
import { subscribe, wsClient } from './support/subscriptions';
import { postGql, startTestApp, unique, type Data, type TestApp, type Who } from './support/test-app';

/**
 * The policy as operators meet it: secure-RBAC defaults (a reader cannot change anything, a member writes in its
 * project), a policy file granting a custom role over HTTP, WebSocket and the CLI alike, a broken file refused
 * naming its line, a changed file reloaded without dropping requests, and the sample and docs listing every rule.
 */
const PROJECT = 'policy-project';
const as = (roles: string[], project = PROJECT): Who => ({ project, user: `u-${roles.join('-')}`, roles });
const READER = as(['reader']);
const MEMBER = as(['member', 'reader']);
const ADMIN = as(['admin', 'member', 'reader'], 'admin-project');
const SERVICE = as(['service'], 'service-project');
const TRAIT_ADMIN = as(['trait_admin'], 'ops-project');
const AUDITOR = as(['auditor'], 'audit-project');

const outcome = (body: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
  body.errors?.length ? String(body.errors[0].extensions?.code) : 'ok';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'policy-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string>): Promise<{ out: string; code: number }> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const out: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  const write = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0);
  process.exitCode = 0;
  try {
    await buildProgram()
      .exitOverride()
      .parseAsync(['node', 'metacatalog', ...args]);
    return { out: out.join('\n'), code: Number(process.exitCode ?? 0) };
  } finally {
    process.exitCode = 0;
    log.mockRestore();
    write.mockRestore();
    process.env = saved;
  }
}

describe('secure-RBAC defaults over HTTP', () => {
  let t: TestApp;
  let resource: string;
  beforeAll(async () => {
    t = await startTestApp({ METADEF_PROJECT_WRITES: 'true' });
    resource = (
      await t.ok<{ createResource: { uuid: string } }>(
        `mutation { createResource(input: { resourceType: "OS::Nova::Server", name: "p" }) { uuid } }`,
        {},
        MEMBER,
      )
    ).createResource.uuid;
    await t.ok(
      `mutation ($name: String!) { createNamespace(input: { name: $name, visibility: PRIVATE }) { name } }`,
      { name: `Policy::Own${PROJECT}` },
      MEMBER,
    );
  });
  afterAll(() => t.close());

  const WRITES: Record<string, [string, (who: Who) => Record<string, unknown>]> = {
    createResource: [
      `mutation { createResource(input: { resourceType: "OS::Nova::Server" }) { uuid } }`,
      () => ({}),
    ],
    addResourceTag: [
      `mutation ($uuid: UUID!) { addResourceTag(uuid: $uuid, tag: "x") { created } }`,
      () => ({ uuid: resource }),
    ],
    createNamespace: [
      `mutation ($name: String!) { createNamespace(input: { name: $name }) { name } }`,
      (who) => ({ name: unique(`Policy::${who.roles!.join('')}`) }),
    ],
    createProperty: [
      `mutation ($ns: String!, $name: String!) { createProperty(namespace: $ns, input: { name: $name, title: "T", type: STRING }) { name } }`,
      (who) => ({ ns: `Policy::Own${PROJECT}`, name: unique(`p_${who.roles![0]}`) }),
    ],
    createTrait: [
      `mutation ($name: String!) { createTrait(name: $name) { created } }`,
      (who) => ({
        name: unique(`CUSTOM_POLICY_${who.roles![0].toUpperCase()}`)
          .toUpperCase()
          .replace(/[^A-Z0-9_]/g, '_'),
      }),
    ],
  };
  const EXPECTED: Record<string, Record<string, string>> = {
    reader: {
      createResource: 'FORBIDDEN',
      addResourceTag: 'FORBIDDEN',
      createNamespace: 'FORBIDDEN',
      createProperty: 'FORBIDDEN',
      createTrait: 'FORBIDDEN',
    },
    member: {
      createResource: 'ok',
      addResourceTag: 'ok',
      createNamespace: 'ok',
      createProperty: 'ok',
      createTrait: 'FORBIDDEN',
    },
    admin: {
      createResource: 'ok',
      addResourceTag: 'ok',
      createNamespace: 'ok',
      createProperty: 'ok',
      createTrait: 'ok',
    },
    service: {
      createResource: 'FORBIDDEN',
      addResourceTag: 'NOT_FOUND',
      createNamespace: 'FORBIDDEN',
      createProperty: 'NOT_FOUND',
      createTrait: 'ok',
    },
  };
  const WHO: Record<string, Who> = { reader: READER, member: MEMBER, admin: ADMIN, service: SERVICE };

  it.each(Object.keys(EXPECTED))(
    '%s: every write as the defaults say, a refusal naming its rule',
    async (role) => {
      const seen: Record<string, string> = {};
      for (const [name, [query, variables]] of Object.entries(WRITES)) {
        const result = await t.gql(query, variables(WHO[role]), WHO[role]);
        seen[name] = outcome(result);
        if (seen[name] === 'FORBIDDEN') {
          expect(result.errors![0].message).toMatch(/^policy "[^"]+" does not allow /);
          expect(result.errors![0].extensions?.policy).toEqual(expect.any(String));
        }
      }
      expect(seen).toEqual(EXPECTED[role]);
    },
  );

  it.each(Object.keys(EXPECTED))('%s: what the lists show of the project', async (role) => {
    const { resources, namespaces } = await t.ok<{
      resources: { nodes: { uuid: string }[] };
      namespaces: { nodes: { name: string }[] };
    }>(
      `{ resources(first: 100) { nodes { uuid } } namespaces(first: 100) { nodes { name } } }`,
      {},
      WHO[role],
    );
    const sees = role !== 'service';
    expect(resources.nodes.some((node) => node.uuid === resource)).toBe(sees);
    expect(namespaces.nodes.some((node) => node.name === `Policy::Own${PROJECT}`)).toBe(sees);
  });

  it('POLICY_ENFORCE_NEW_DEFAULTS=false: any role on the project writes in it again', async () => {
    const old = await startTestApp({ POLICY_ENFORCE_NEW_DEFAULTS: 'false' });
    try {
      const result = await old.gql(WRITES.createResource[0], {}, as(['observer']));
      expect(outcome(result)).toBe('ok');
    } finally {
      await old.close();
    }
  });
});

describe('a policy file', () => {
  let file: string;
  let t: TestApp;
  let url: string;
  let privateNamespace: string;
  const write = (rules: Record<string, string>) =>
    writeFileSync(
      file,
      Object.entries(rules)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join('\n'),
    );
  const GRANTS = {
    'placement:traits:update': 'rule:context_is_admin or role:trait_admin',
    get_metadef_namespace:
      "rule:context_is_admin or role:auditor or 'public':%(visibility)s or rule:project_reader",
  };

  beforeAll(async () => {
    file = join(dir, 'policy.yaml');
    write(GRANTS);
    t = await startTestApp({ POLICY_FILE: file });
    url = await t.app.listen(0, '127.0.0.1');
    privateNamespace = unique('Policy::Private');
    await t.ok(
      `mutation ($name: String!) { createNamespace(input: { name: $name, visibility: PRIVATE }) { name } }`,
      { name: privateNamespace },
      ADMIN,
    );
  });
  afterAll(() => t.close());

  const headers = (who: Who) => ({
    'x-project-id': who.project,
    'x-user-id': who.user!,
    'x-roles': who.roles!.join(','),
  });
  const createTrait = (name: string) => ({
    query: `mutation ($name: String!) { createTrait(name: $name) { created } }`,
    variables: { name },
  });

  it('grants a custom role over HTTP', async () => {
    const granted = await postGql(
      url,
      createTrait('CUSTOM_POLICY_HTTP').query,
      createTrait('CUSTOM_POLICY_HTTP').variables,
      headers(TRAIT_ADMIN),
    );
    expect(outcome(granted.body as Data)).toBe('ok');
    const refused = await postGql(
      url,
      createTrait('CUSTOM_POLICY_HTTP2').query,
      createTrait('CUSTOM_POLICY_HTTP2').variables,
      headers(SERVICE),
    );
    expect((refused.body as Data).errors[0].message).toMatch(
      /^policy "placement:traits:update" does not allow/,
    );
    // Reads too: the auditor sees the private namespace, in lists and by name.
    const read = await postGql(
      url,
      `query ($n: String!) { namespace(name: $n) { name } namespaces(first: 100) { nodes { name } } }`,
      { n: privateNamespace },
      headers(AUDITOR),
    );
    const data = (read.body as Data).data;
    expect(data.namespace).toEqual({ name: privateNamespace });
    expect(data.namespaces.nodes.map((n: { name: string }) => n.name)).toContain(privateNamespace);
    const other = await postGql(
      url,
      `query ($n: String!) { namespace(name: $n) { name } }`,
      { n: privateNamespace },
      headers(READER),
    );
    expect((other.body as Data).data.namespace).toBeNull();
  });

  it('grants a custom role over WebSocket', async () => {
    const run = async (who: Who, name: string) => {
      const client = wsClient(url.replace(/^http/, 'ws'), { headers: headers(who) });
      try {
        return await client.run(createTrait(name));
      } finally {
        await client.dispose();
      }
    };
    const granted = await run(TRAIT_ADMIN, 'CUSTOM_POLICY_WS');
    expect(granted.results[0].errors).toBeUndefined();
    expect(granted.results[0].data.createTrait).toEqual({ created: true });
    const refused = await run(READER, 'CUSTOM_POLICY_WS2');
    expect(refused.results[0].errors[0].extensions.policy).toBe('placement:traits:update');
  });

  it('grants a custom role in the CLI (policy check, policy list)', async () => {
    const env = { POLICY_FILE: file, LOG_LEVEL: 'silent' };
    expect(
      await cli(
        ['policy', 'check', 'placement:traits:update', '--roles', 'trait_admin', '--project', 'p'],
        env,
      ),
    ).toEqual({
      out: 'placement:traits:update: passed',
      code: 0,
    });
    expect(
      await cli(['policy', 'check', 'placement:traits:update', '--roles', 'service', '--project', 'p'], env),
    ).toEqual({
      out: 'placement:traits:update: failed',
      code: 3,
    });
    // Without the file, the default: the service role.
    expect(
      (
        await cli(['policy', 'check', 'placement:traits:update', '--roles', 'service', '--project', 'p'], {
          LOG_LEVEL: 'silent',
        })
      ).code,
    ).toBe(0);
    const listed = (await cli(['policy', 'list'], env)).out;
    expect(listed).toContain(
      '"placement:traits:update": "rule:context_is_admin or role:trait_admin"  # policy file',
    );
    expect(listed).toContain('"create_resource": "rule:context_is_admin or rule:project_member"\n');
  });

  it('a changed file is reloaded without dropping requests; a broken change keeps the last good rules', async () => {
    const trait = () =>
      postGql(
        url,
        createTrait(
          unique('CUSTOM_RELOAD')
            .toUpperCase()
            .replace(/[^A-Z0-9_]/g, '_'),
        ).query,
        createTrait(
          unique('CUSTOM_RELOAD')
            .toUpperCase()
            .replace(/[^A-Z0-9_]/g, '_'),
        ).variables,
        headers(SERVICE),
      );
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100; i++) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the policy file was not reloaded');
    };
    // Requests all along the reload: each answered, by the old rules or the new.
    const during: Promise<{ status: number; body: unknown }>[] = [];
    const load = setInterval(() => during.push(trait()), 10);
    write({ ...GRANTS, 'placement:traits:update': 'rule:context_is_admin or rule:service_api' });
    await until(async () => outcome((await trait()).body as Data) === 'ok');
    clearInterval(load);
    const answers = await Promise.all(during);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(['ok', 'FORBIDDEN']).toContain(outcome(answer.body as Data));
    }
    writeFileSync(file, '"placement:traits:update": "role:admin or"\n');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(outcome((await trait()).body as Data)).toBe('ok');
  });
});

describe("a policy file restricting reads of traits and providers (Placement's defaults)", () => {
  let file: string;
  let t: TestApp;
  let url: string;
  let provider: string;
  let providerId: string;
  const RULES = {
    'placement:traits:list': 'rule:admin_or_service_api',
    'placement:traits:show': 'rule:admin_or_service_api',
    'placement:resource_providers:list': 'rule:admin_or_service_api',
    'placement:resource_providers:show': 'rule:admin_or_service_api',
    'placement:resource_providers:traits:list': 'rule:admin_or_service_api',
    // Deleting a trait apart from creating one: overriding one leaves the other.
    'placement:traits:delete': 'role:trait_admin',
  };
  const headers = (who: Who) => ({
    'x-project-id': who.project,
    'x-user-id': who.user!,
    'x-roles': who.roles!.join(','),
  });
  const gql = async (who: Who, query: string, variables: Record<string, unknown> = {}) =>
    (await postGql(url, query, variables, headers(who))).body as Data;
  const refusedBy = (body: Data) =>
    body.errors?.map((e: Data) => `${e.extensions.code}:${e.extensions.policy}`);

  beforeAll(async () => {
    file = join(dir, 'placement-reads.yaml');
    writeFileSync(
      file,
      Object.entries(RULES)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join('\n'),
    );
    t = await startTestApp({ POLICY_FILE: file });
    url = await t.app.listen(0, '127.0.0.1');
    const made = await gql(
      ADMIN,
      `mutation ($n: String!) { createResourceProvider(input: { name: $n }) { id uuid } }`,
      {
        n: unique('policy-rp'),
      },
    );
    provider = made.data.createResourceProvider.uuid;
    providerId = made.data.createResourceProvider.id;
  });
  afterAll(() => t.close());

  it('a reader is FORBIDDEN naming each rule over HTTP, even after an admin got the same answer cached', async () => {
    const TRAITS = `{ traits(first: 5) { totalCount nodes { name } } }`;
    // The admin asks twice: the second answer comes from the cache.
    const first = await gql(ADMIN, TRAITS);
    expect(first.errors).toBeUndefined();
    expect(await gql(ADMIN, TRAITS)).toEqual(first);
    expect(refusedBy(await gql(READER, TRAITS))).toEqual(['FORBIDDEN:placement:traits:list']);
    expect(refusedBy(await gql(MEMBER, TRAITS))).toEqual(['FORBIDDEN:placement:traits:list']);
    expect((await gql(SERVICE, TRAITS)).data.traits.totalCount).toBe(first.data.traits.totalCount);
    const reads: [string, string, Record<string, unknown>][] = [
      ['placement:traits:show', `{ trait(name: "HW_CPU_X86_AVX2") { name } }`, {}],
      ['placement:traits:list', `{ validateTraits(names: ["HW_CPU_X86_AVX2"]) { valid } }`, {}],
      ['placement:resource_providers:list', `{ resourceProviders(first: 1) { totalCount } }`, {}],
      [
        'placement:resource_providers:show',
        `query ($u: UUID!) { resourceProvider(uuid: $u) { name } }`,
        { u: provider },
      ],
    ];
    for (const [rule, query, variables] of reads) {
      expect(await gql(ADMIN, query, variables)).not.toHaveProperty('errors');
      expect(refusedBy(await gql(READER, query, variables))).toEqual([`FORBIDDEN:${rule}`]);
    }
    // node(id) of each type, and a provider's traits reached through a list the reader may not see either.
    const ids = await gql(
      ADMIN,
      `query ($u: UUID!) { resourceProvider(uuid: $u) { id traits { name } } trait(name: "HW_CPU_X86_AVX2") { id } }`,
      { u: provider },
    );
    for (const [rule, id] of [
      ['placement:resource_providers:show', ids.data.resourceProvider.id],
      ['placement:traits:show', ids.data.trait.id],
    ]) {
      expect(refusedBy(await gql(READER, `query ($id: ID!) { node(id: $id) { id } }`, { id }))).toEqual([
        `FORBIDDEN:${rule}`,
      ]);
    }
  });

  it("Placement's REST routes answer 403, as Placement does", async () => {
    const base = url.replace(/\/graphql$/, '/placement');
    const get = (path: string, who: Who) =>
      fetch(`${base}${path}`, { headers: { ...headers(who), 'openstack-api-version': 'placement 1.6' } });
    for (const path of [
      '/traits',
      '/traits/HW_CPU_X86_AVX2',
      '/resource_providers',
      `/resource_providers/${provider}`,
      `/resource_providers/${provider}/traits`,
    ]) {
      expect({ path, status: (await get(path, READER)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await get(path, SERVICE)).status }).toEqual({
        path,
        status: path === '/traits/HW_CPU_X86_AVX2' ? 204 : 200,
      });
    }
  });

  it('the subscriptions refuse the reader at once and tell the service', async () => {
    const ws = url.replace(/^http/, 'ws');
    const reader = subscribe(ws, `subscription { traitChanged { name } }`, {}, { headers: headers(READER) });
    const providers = subscribe(
      ws,
      `subscription { resourceProviderChanged { uuid } }`,
      {},
      { headers: headers(READER) },
    );
    const service = subscribe(
      ws,
      `subscription { traitChanged { name } }`,
      {},
      { headers: headers(SERVICE) },
    );
    try {
      await expect(reader.next()).rejects.toThrow(/placement:traits:list/);
      await expect(providers.next()).rejects.toThrow(/placement:resource_providers:list/);
      await service.acknowledged;
      const name = 'CUSTOM_POLICY_READS_SUB';
      // Subscribed once its listener is there: a trait created until then is told.
      let told: Data | undefined;
      const event = service.next().then((data) => (told = data));
      while (!told) {
        await gql(SERVICE, `mutation ($n: String!) { createTrait(name: $n) { created } }`, {
          n: `${name}_${Date.now()}`,
        });
        await Promise.race([event, new Promise((resolve) => setTimeout(resolve, 200))]);
      }
      expect(told.traitChanged.name).toMatch(new RegExp(`^${name}_`));
    } finally {
      await Promise.all([reader, providers, service].map((s) => s.dispose()));
    }
  });

  it("a provider's changes follow the list rule", async () => {
    const CHANGES = `query ($id: ID!) { changes(filter: { nodeId: $id }) { nodes { kind } } }`;
    const ofProvider = async (who: Who) =>
      (await gql(who, CHANGES, { id: providerId })).data.changes.nodes.length;
    expect(await ofProvider(ADMIN)).toBeGreaterThan(0);
    expect(await ofProvider(READER)).toBe(0);
  });

  it('separate write rules: overriding placement:traits:delete leaves placement:traits:update', async () => {
    const name = `CUSTOM_POLICY_SPLIT_${Date.now()}`;
    const create = await gql(SERVICE, `mutation ($n: String!) { createTrait(name: $n) { created } }`, {
      n: name,
    });
    expect(create.errors).toBeUndefined();
    const refused = await gql(SERVICE, `mutation ($n: String!) { deleteTrait(name: $n) }`, { n: name });
    expect(refusedBy(refused)).toEqual(['FORBIDDEN:placement:traits:delete']);
    const granted = await gql(TRAIT_ADMIN, `mutation ($n: String!) { deleteTrait(name: $n) }`, { n: name });
    expect(granted.data).toEqual({ deleteTrait: true });
  });

  it('the CLI checks the same rules', async () => {
    const env = { POLICY_FILE: file, LOG_LEVEL: 'silent' };
    const check = (rule: string, roles: string) =>
      cli(['policy', 'check', rule, '--roles', roles, '--project', 'p'], env);
    expect(await check('placement:traits:list', 'reader')).toEqual({
      out: 'placement:traits:list: failed',
      code: 3,
    });
    expect(await check('placement:traits:list', 'service')).toEqual({
      out: 'placement:traits:list: passed',
      code: 0,
    });
    // Without the file, the default: everyone reads.
    expect(
      (
        await cli(['policy', 'check', 'placement:traits:list', '--roles', 'reader', '--project', 'p'], {
          LOG_LEVEL: 'silent',
        })
      ).code,
    ).toBe(0);
  });
});

describe('a policy file that does not load', () => {
  it.each([
    [
      'a check string oslo.policy fails closed on',
      '"get_resource": "@"\n"create_resource": "admin"\n',
      'line 2: rule "create_resource"',
    ],
    ['not YAML', '"get_resource": "@"\n  - [\n', 'line 2'],
    ['a cycle', '"a": "rule:b"\n"b": "rule:a"\n', 'cycle'],
  ])('%s: the start is refused naming it', async (_, text, where) => {
    const file = join(dir, `broken-${unique('f')}.yaml`);
    writeFileSync(file, text);
    await expect(startTestApp({ POLICY_FILE: file })).rejects.toThrow(where);
  });

  it('an unknown rule name is a warning, not a refusal', async () => {
    const file = join(dir, 'unknown.yaml');
    writeFileSync(file, '"no_such_rule": "role:x"\n');
    const lines: string[] = [];
    const pino = (await import('pino')).default;
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const t = await startTestApp({ POLICY_FILE: file }, { logger });
    try {
      expect(lines.join('')).toContain('no_such_rule');
    } finally {
      await t.close();
    }
  });
});

describe('every rule is documented', () => {
  it('policy sample lists every rule with its description and default', async () => {
    const { out } = await cli(['policy', 'sample'], { LOG_LEVEL: 'silent' });
    for (const rule of allPolicies) {
      expect(out).toContain(`#"${rule.name}": ${JSON.stringify(rule.check)}`);
      expect(out).toContain(`# ${rule.description}`);
    }
  });

  it("docs/identity.md's rule table has every rule with its default", () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'identity.md'), 'utf8');
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const rule of allPolicies) {
      expect(doc).toMatch(new RegExp(`\\|\\s*\`${escape(rule.name)}\`\\s*\\|\\s*\`${escape(rule.check)}\``));
    }
  });
});

describe("a rule as a list's SQL condition", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // Rules over a namespace's owner and visibility, some reading credentials that lists cannot (roles, nested).
  const RULES = [
    "rule:context_is_admin or 'public':%(visibility)s or rule:project_reader",
    'project_id:%(owner)s and not role:reader',
    "not 'private':%(visibility)s or (role:auditor and user_id:u1)",
    'role:%(owner)s or project_id:%(missing)s',
    "'p1-public':%(owner)s-%(visibility)s or @",
    '!',
    "'public':%(visibility)s and not (project_id:%(project_id)s or role:admin)",
  ];
  const ROWS = ['p1', 'p2', 'auditor', null].flatMap((owner) =>
    ['public', 'private'].map((visibility) => ({ owner, visibility })),
  );
  const IDENTITIES = [
    makeIdentity('p1', 'u1', ['reader']),
    makeIdentity('p2', 'u2', ['member', 'auditor']),
    makeIdentity('p1', 'u1', ['auditor']),
    makeIdentity('p3', null, ['admin']),
    makeIdentity(null, 'root', ['admin']),
  ];

  it('keeps exactly the rows the rule allows, for every identity', async () => {
    const engine = new PolicyEngine(allPolicies);
    const db = t.app.database.dataSource;
    for (const rule of RULES) {
      engine.setOverrides({ get_metadef_namespace: rule });
      for (const identity of IDENTITIES) {
        const params: string[] = [];
        const condition = engine.sqlFilter(identity, 'get_metadef_namespace', {
          columns: { owner: 'ns.owner', project_id: 'ns.owner', visibility: 'ns.visibility' },
          nullable: ['owner', 'project_id'],
          param: (value) => `$${params.push(value)}`,
        });
        const values = ROWS.map(
          (_, i) => `($${params.length + 2 * i + 1}::text, $${params.length + 2 * i + 2}::text, ${i})`,
        );
        const kept = (await db.query(
          `SELECT i FROM (VALUES ${values.join(', ')}) AS ns(owner, visibility, i) WHERE ${condition} ORDER BY i`,
          [...params, ...ROWS.flatMap((row) => [row.owner, row.visibility])],
        )) as { i: number }[];
        const allowed = ROWS.flatMap((row, i) =>
          engine.allows(identity, 'get_metadef_namespace', {
            owner: row.owner,
            project_id: row.owner,
            visibility: row.visibility,
          })
            ? [i]
            : [],
        );
        expect({ rule, identity: identity.roles, kept: kept.map((row) => Number(row.i)) }).toEqual({
          rule,
          identity: identity.roles,
          kept: allowed,
        });
      }
    }
  });

  it('two callers share cached answers only where every rule treats them alike', () => {
    const engine = new PolicyEngine(allPolicies);
    const audience = (project: string | null, roles: string[], user = 'u') =>
      engine.audience(makeIdentity(project, user, roles));
    expect(audience('p1', ['member'])).toBe(audience('p1', ['member'], 'other-user'));
    expect(audience('p1', ['member'])).not.toBe(audience('p1', ['reader']));
    expect(audience('p1', ['member'])).not.toBe(audience('p2', ['member']));
    // The user id counts only once a rule reads it.
    engine.setOverrides({ get_metadef_namespace: 'role:admin or user_id:alice' });
    expect(audience('p1', ['reader'], 'alice')).not.toBe(audience('p1', ['reader'], 'bob'));
  });

  it("decides an identity's audience again when the rules change (it is kept per identity)", () => {
    const engine = new PolicyEngine(allPolicies);
    const alice = makeIdentity('p1', 'alice', ['reader']);
    const before = engine.audience(alice);
    expect(engine.audience(alice)).toBe(before);
    engine.setOverrides({ get_metadef_namespace: 'role:admin or user_id:alice' });
    expect(engine.audience(alice)).not.toBe(before);
    expect(engine.audience(alice)).toBe(engine.audience(makeIdentity('p1', 'alice', ['reader'])));
  });
});
