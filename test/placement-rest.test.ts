import { restBase, restClient, type Answer } from './support/rest';
import { customTrait, providerName } from './support/placement';
import { ADMIN, project, startTestApp, type TestApp } from './support/test-app';

/**
 * Placement's /traits and /resource_providers as its API reference and placement's own gabbi tests answer them
 * (issue 39): status codes, bodies, microversions, generations, error bodies with codes, served through the GraphQL
 * pipeline (the same identity and rules as GraphQL, the change log's actor `via: rest`).
 */

describe('Placement REST API', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = restBase(await t.app.listen(0, '127.0.0.1'), '/placement');
  });
  afterAll(() => t.close());

  const call = restClient<{ version?: string }>(
    () => base,
    ({ version }) => (version ? { 'openstack-api-version': `placement ${version}` } : {}),
  );

  /** Placement's error body: one error of this status, with this code at 1.23 and later. */
  function expectPlacementError(answer: Answer, status: number, code?: string) {
    expect(answer.status).toBe(status);
    expect(answer.body.errors).toHaveLength(1);
    const [error] = answer.body.errors;
    expect(error).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
    expect(error.request_id).toMatch(/^req-/);
    if (code) expect(error.code).toBe(code);
    return error;
  }

  const createProvider = async (name = providerName()) => {
    const answer = await call('POST', '/resource_providers', { version: '1.20', body: { name } });
    expect(answer.status).toBe(200);
    return answer.body as { uuid: string; name: string; generation: number };
  };

  describe('microversions', () => {
    it('the root is the version document, at any version', async () => {
      const answer = await call('GET', '/', { as: null });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        versions: [
          {
            id: 'v1.0',
            max_version: '1.39',
            min_version: '1.0',
            status: 'CURRENT',
            links: [{ rel: 'self', href: '' }],
          },
        ],
      });
      expect(answer.headers.get('openstack-api-version')).toBe('placement 1.0');
    });

    it('says the version back (latest: 1.39), with Vary', async () => {
      for (const [asked, said] of [
        [undefined, '1.0'],
        ['1.6', '1.6'],
        ['latest', '1.39'],
      ] as const) {
        const answer = await call('GET', '/resource_providers', { version: asked });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('openstack-api-version')).toBe(`placement ${said}`);
        expect(answer.headers.get('vary')).toContain('openstack-api-version');
      }
    });

    it('406 outside 1.0-1.39, 400 for a malformed version', async () => {
      const refused = expectPlacementError(await call('GET', '/', { version: '1.40' }), 406);
      expect(refused).toMatchObject({ min_version: '1.0', max_version: '1.39' });
      expectPlacementError(await call('GET', '/traits', { version: '1.40' }), 406);
      expectPlacementError(await call('GET', '/traits', { version: '0.9' }), 406);
      expectPlacementError(await call('GET', '/traits', { version: '2.0' }), 406);
      expectPlacementError(await call('GET', '/traits', { version: '1.x' }), 400);
    });

    it('a route is absent below the version that added it (traits: 1.6)', async () => {
      expectPlacementError(await call('GET', '/traits', { version: '1.5' }), 404);
      expectPlacementError(await call('GET', '/traits'), 404);
      expect((await call('GET', '/traits', { version: '1.6' })).status).toBe(200);
    });

    it("the error body's code from 1.23, as upstream", async () => {
      const old = expectPlacementError(await call('GET', '/traits/CUSTOM_NOPE_X', { version: '1.22' }), 404);
      expect(old.code).toBeUndefined();
      expectPlacementError(
        await call('GET', '/traits/CUSTOM_NOPE_X', { version: '1.23' }),
        404,
        'placement.undefined_code',
      );
    });

    it('an unknown path or method answers 404 / 405 in the error body', async () => {
      expectPlacementError(await call('GET', '/allocation_candidates', { version: '1.39' }), 404);
      expectPlacementError(await call('GET', '/resource_providers/x/inventories', { version: '1.39' }), 404);
      const answer = await call('POST', '/traits/CUSTOM_X', { version: '1.39' });
      expectPlacementError(answer, 405);
      expect(answer.headers.get('allow')).toContain('PUT');
    });
  });

  describe('/traits', () => {
    it('PUT creates (201, Location), again is 204; GET is 204 / 404; DELETE is 204 then 404', async () => {
      const name = customTrait('REST');
      const created = await call('PUT', `/traits/${name}`, { version: '1.6' });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`${base}/traits/${name}`);
      expect((await call('PUT', `/traits/${name}`, { version: '1.6' })).status).toBe(204);
      expect((await call('GET', `/traits/${name}`, { version: '1.6' })).status).toBe(204);
      expect((await call('DELETE', `/traits/${name}`, { version: '1.6' })).status).toBe(204);
      expectPlacementError(await call('GET', `/traits/${name}`, { version: '1.6' }), 404);
      expectPlacementError(await call('DELETE', `/traits/${name}`, { version: '1.6' }), 404);
    });

    it('a name that is not CUSTOM_ is 400 to PUT; a standard trait cannot be deleted (400)', async () => {
      expectPlacementError(await call('PUT', '/traits/GOLD', { version: '1.6' }), 400);
      expectPlacementError(await call('DELETE', '/traits/HW_CPU_X86_AVX2', { version: '1.6' }), 400);
    });

    it('lists every trait (more than a GraphQL page), name=in:, name=startswith:, associated', async () => {
      const [a, b] = [customTrait('LSTA'), customTrait('LSTB')];
      for (const name of [a, b])
        expect((await call('PUT', `/traits/${name}`, { version: '1.6' })).status).toBe(201);
      const all = await call('GET', '/traits', { version: '1.6' });
      expect(all.status).toBe(200);
      expect(all.body.traits.length).toBeGreaterThan(345);
      expect(all.body.traits).toEqual(expect.arrayContaining(['HW_CPU_X86_AVX2', a, b]));
      expect(new Set(all.body.traits).size).toBe(all.body.traits.length);

      const some = await call('GET', `/traits?name=in:${a},HW_CPU_X86_AVX2,CUSTOM_NONE_SUCH`, {
        version: '1.6',
      });
      expect(some.body.traits.sort()).toEqual(['HW_CPU_X86_AVX2', a].sort());
      const prefixed = await call('GET', `/traits?name=startswith:${a.slice(0, -3)}`, { version: '1.6' });
      expect(prefixed.body.traits).toEqual([a]);

      const provider = await createProvider();
      const put = await call('PUT', `/resource_providers/${provider.uuid}/traits`, {
        version: '1.6',
        body: { traits: [a], resource_provider_generation: provider.generation },
      });
      expect(put.status).toBe(200);
      const associated = await call('GET', `/traits?associated=true&name=in:${a},${b}`, { version: '1.6' });
      expect(associated.body.traits).toEqual([a]);
      const unassociated = await call('GET', `/traits?associated=false&name=in:${a},${b}`, {
        version: '1.6',
      });
      expect(unassociated.body.traits).toEqual([b]);
      // In use: 409.
      expectPlacementError(await call('DELETE', `/traits/${a}`, { version: '1.6' }), 409);
    });

    it('400 for a malformed name filter, associated value or an unknown parameter', async () => {
      expectPlacementError(await call('GET', '/traits?name=HW_CPU', { version: '1.6' }), 400);
      expectPlacementError(await call('GET', '/traits?associated=yes', { version: '1.6' }), 400);
      expectPlacementError(await call('GET', '/traits?foo=bar', { version: '1.6' }), 400);
    });

    it('writes need the rules GraphQL has: a member is refused (403), and reading is open', async () => {
      const member = project('p-rest', ['member']);
      const name = customTrait('M');
      const refused = expectPlacementError(
        await call('PUT', `/traits/${name}`, { version: '1.6', as: member }),
        403,
      );
      // The same refusal, word for word, as GraphQL's.
      const graphql = await t.gql(
        `mutation ($name: String!) { createTrait(name: $name) { created } }`,
        { name },
        member,
      );
      expect(graphql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(refused.detail).toBe(graphql.errors?.[0].message);
      expect(
        (await call('GET', '/traits?name=in:HW_CPU_X86_AVX2', { version: '1.6', as: member })).status,
      ).toBe(200);
      // No identity: 401 (AUTH_MODE=headers without X-Project-Id).
      expectPlacementError(await call('GET', '/traits', { version: '1.6', as: null }), 401);
    });
  });

  describe('/resource_providers/{uuid}/traits', () => {
    it('GET / PUT with the generation, 409 placement.concurrent_update when stale, DELETE', async () => {
      const provider = await createProvider();
      const path = `/resource_providers/${provider.uuid}/traits`;
      const empty = await call('GET', path, { version: '1.6' });
      expect(empty.body).toEqual({ traits: [], resource_provider_generation: provider.generation });

      const set = await call('PUT', path, {
        version: '1.6',
        body: {
          traits: ['HW_CPU_X86_AVX2', 'HW_CPU_X86_SSE'],
          resource_provider_generation: provider.generation,
        },
      });
      expect(set.status).toBe(200);
      expect(set.body.traits.sort()).toEqual(['HW_CPU_X86_AVX2', 'HW_CPU_X86_SSE']);
      expect(set.body.resource_provider_generation).toBe(provider.generation + 1);

      const stale = await call('PUT', path, {
        version: '1.23',
        body: { traits: ['HW_CPU_X86_AVX2'], resource_provider_generation: provider.generation },
      });
      expectPlacementError(stale, 409, 'placement.concurrent_update');

      const unknown = await call('PUT', path, {
        version: '1.23',
        body: { traits: ['CUSTOM_NO_SUCH_TRAIT_X'], resource_provider_generation: provider.generation + 1 },
      });
      expectPlacementError(unknown, 400);

      expect((await call('DELETE', path, { version: '1.6' })).status).toBe(204);
      const after = await call('GET', path, { version: '1.6' });
      expect(after.body).toEqual({ traits: [], resource_provider_generation: provider.generation + 2 });
    });

    it('400 for a body without the generation or with another key; 404 for an unknown provider', async () => {
      const provider = await createProvider();
      const path = `/resource_providers/${provider.uuid}/traits`;
      expectPlacementError(await call('PUT', path, { version: '1.6', body: { traits: [] } }), 400);
      expectPlacementError(
        await call('PUT', path, {
          version: '1.6',
          body: { traits: [], resource_provider_generation: 0, extra: 1 },
        }),
        400,
      );
      expectPlacementError(
        await call('GET', '/resource_providers/7e0e0f5a-3c2b-4f2e-9d7e-1d2b3c4d5e6f/traits', {
          version: '1.6',
        }),
        404,
      );
      expectPlacementError(
        await call('GET', '/resource_providers/not-a-uuid/traits', { version: '1.6' }),
        404,
      );
    });
  });

  describe('/resource_providers', () => {
    it('create (201 before 1.20, 200 with the body from 1.20), show, rename, delete', async () => {
      const name = providerName();
      const old = await call('POST', '/resource_providers', { version: '1.19', body: { name } });
      expect(old.status).toBe(201);
      expect(old.body).toBeUndefined();
      const location = old.headers.get('location')!;
      const uuid = location.split('/').pop()!;
      expect(location).toBe(`${base}/resource_providers/${uuid}`);

      const shown = await call('GET', `/resource_providers/${uuid}`, { version: '1.14' });
      expect(shown.body).toMatchObject({
        uuid,
        name,
        generation: 0,
        parent_provider_uuid: null,
        root_provider_uuid: uuid,
      });
      expect(shown.body.links).toContainEqual({ rel: 'self', href: `/placement/resource_providers/${uuid}` });
      const shownOld = await call('GET', `/resource_providers/${uuid}`, { version: '1.0' });
      expect(shownOld.body.parent_provider_uuid).toBeUndefined();

      const child = await call('POST', '/resource_providers', {
        version: '1.20',
        body: { name: providerName(), parent_provider_uuid: uuid },
      });
      expect(child.status).toBe(200);
      expect(child.body).toMatchObject({ parent_provider_uuid: uuid, root_provider_uuid: uuid });

      expectPlacementError(
        await call('POST', '/resource_providers', { version: '1.23', body: { name } }),
        409,
        'placement.duplicate_name',
      );
      expectPlacementError(
        await call('DELETE', `/resource_providers/${uuid}`, { version: '1.23' }),
        409,
        'placement.resource_provider.cannot_delete_parent',
      );

      const renamed = await call('PUT', `/resource_providers/${child.body.uuid}`, {
        version: '1.14',
        body: { name: `${name}-renamed` },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe(`${name}-renamed`);

      expect((await call('DELETE', `/resource_providers/${child.body.uuid}`)).status).toBe(204);
      expect((await call('DELETE', `/resource_providers/${uuid}`)).status).toBe(204);
      expectPlacementError(await call('GET', `/resource_providers/${uuid}`), 404);
    });

    it('lists by name, uuid, in_tree and required (with ! from 1.22 and in: from 1.39)', async () => {
      const [gold, silver] = [customTrait('GOLD'), customTrait('SILVER')];
      for (const name of [gold, silver]) await call('PUT', `/traits/${name}`, { version: '1.6' });
      const root = await createProvider();
      const child = (
        await call('POST', '/resource_providers', {
          version: '1.20',
          body: { name: providerName(), parent_provider_uuid: root.uuid },
        })
      ).body;
      await call('PUT', `/resource_providers/${root.uuid}/traits`, {
        version: '1.6',
        body: { traits: [gold], resource_provider_generation: root.generation },
      });
      await call('PUT', `/resource_providers/${child.uuid}/traits`, {
        version: '1.6',
        body: { traits: [silver], resource_provider_generation: child.generation },
      });
      const names = async (query: string, version: string) => {
        const answer = await call('GET', `/resource_providers?${query}`, { version });
        expect(answer.status).toBe(200);
        return (answer.body.resource_providers as { uuid: string }[]).map((provider) => provider.uuid).sort();
      };
      expect(await names(`name=${root.name}`, '1.0')).toEqual([root.uuid]);
      expect(await names(`uuid=${child.uuid}`, '1.0')).toEqual([child.uuid]);
      expect(await names(`in_tree=${child.uuid}`, '1.14')).toEqual([root.uuid, child.uuid].sort());
      expect(await names(`required=${gold}`, '1.18')).toEqual([root.uuid]);
      expect(await names(`in_tree=${root.uuid}&required=!${gold}`, '1.22')).toEqual([child.uuid]);
      expect(await names(`required=in:${gold},${silver}`, '1.39')).toEqual([root.uuid, child.uuid].sort());
      // Not taken before the version that added it.
      expectPlacementError(
        await call('GET', `/resource_providers?required=${gold}`, { version: '1.17' }),
        400,
      );
      expectPlacementError(
        await call('GET', `/resource_providers?in_tree=${root.uuid}`, { version: '1.13' }),
        400,
      );
      expectPlacementError(
        await call('GET', '/resource_providers?required=CUSTOM_NOT_THERE_X', { version: '1.18' }),
        400,
      );
    });
  });

  it("writes are recorded in the change log as the caller's, via rest", async () => {
    const name = customTrait('LOG');
    expect((await call('PUT', `/traits/${name}`, { version: '1.6' })).status).toBe(201);
    const data = await t.ok(
      `query ($name: String!) { trait(name: $name) { history { nodes { kind actor { via projectId userId } } } } }`,
      { name },
    );
    expect(data.trait.history.nodes).toEqual([
      { kind: 'CREATED', actor: { via: 'REST', projectId: ADMIN.project, userId: ADMIN.user } },
    ]);
  });

  it('runs through the GraphQL pipeline: counted by operation name, the HTTP route labelled by its prefix', async () => {
    expect((await call('PUT', `/traits/${customTrait('MET')}`, { version: '1.6' })).status).toBe(201);
    const metrics = await (await fetch(base.replace(/\/placement$/, '/metrics'))).text();
    expect(metrics).toMatch(
      /metacatalog_graphql_requests_total\{operation="PlacementCreateTrait",type="mutation",status="ok"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /metacatalog_http_requests_total\{method="PUT",route="\/placement\*",status="201"\} [1-9]/,
    );
  });
});
