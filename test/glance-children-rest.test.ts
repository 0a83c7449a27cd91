import { createNamespace } from './support/factories';
import { restBase, restClient, type Answer } from './support/rest';
import { project, startTestApp, type TestApp } from './support/test-app';

/**
 * Glance's metadef objects, properties and tags (issue 39) as glance/api/v2 answers them, each route one GraphQL
 * operation: status codes, bodies, tag paging and sorting, the append header, resource type prefixes.
 */

describe('Glance metadef objects, properties and tags over REST', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = restBase(await t.app.listen(0, '127.0.0.1'), '/image');
  });
  afterAll(() => t.close());

  const call = restClient(() => base);
  const json = { accept: 'application/json' };
  const ns = (namespace: string, below: string) =>
    `/v2/metadefs/namespaces/${encodeURIComponent(namespace)}${below}`;

  /** webob's JSON error body of `status`; its message. */
  const refused = (answer: Answer, status: number): string => {
    expect({ status: answer.status, code: answer.body?.code }).toEqual({
      status,
      code: expect.stringMatching(new RegExp(`^${status} `)),
    });
    return answer.body.message as string;
  };
  const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

  describe('objects', () => {
    it('create is 201 with the object, show and list return it, update replaces it, delete is 204', async () => {
      const namespace = await createNamespace(t);
      const body = {
        name: 'CPU Limits',
        description: 'Limits',
        required: ['quota:cpu_shares'],
        properties: {
          'quota:cpu_shares': { title: 'Shares', type: 'integer', minimum: 0 },
          'quota:cpu_period': { title: 'Period', type: 'integer' },
        },
      };
      const created = await call('POST', ns(namespace, '/objects'), { body });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        ...body,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        self: `/v2/metadefs/namespaces/${namespace}/objects/CPU Limits`,
        schema: '/v2/schemas/metadefs/object',
      });

      const shown = await call('GET', ns(namespace, '/objects/CPU%20Limits'));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(created.body);

      await call('POST', ns(namespace, '/objects'), { body: { name: 'Second' } });
      const list = await call('GET', ns(namespace, '/objects'));
      expect(list.status).toBe(200);
      expect(list.body.schema).toBe('v2/schemas/metadefs/objects');
      // Glance's default order: newest first.
      expect(list.body.objects.map((object: { name: string }) => object.name)).toEqual([
        'Second',
        'CPU Limits',
      ]);
      expect(list.body.objects[0]).toEqual({
        name: 'Second',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        self: `/v2/metadefs/namespaces/${namespace}/objects/Second`,
        schema: '/v2/schemas/metadefs/object',
      });
      const byName = await call('GET', ns(namespace, '/objects?sort_key=name&sort_dir=asc&limit=1'));
      expect(byName.body.objects.map((object: { name: string }) => object.name)).toEqual(['CPU Limits']);

      const updated = await call('PUT', ns(namespace, '/objects/CPU%20Limits'), {
        body: { name: 'CPU', properties: { shares: { title: 'Shares', type: 'string' } } },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'CPU',
        properties: { shares: { title: 'Shares', type: 'string' } },
      });
      expect(updated.body.description).toBeUndefined();
      refused(await call('GET', ns(namespace, '/objects/CPU%20Limits'), { headers: json }), 404);

      const deleted = await call('DELETE', ns(namespace, '/objects/CPU'));
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      refused(await call('DELETE', ns(namespace, '/objects/CPU'), { headers: json }), 404);
      expect((await call('DELETE', ns(namespace, '/objects'))).status).toBe(204);
      expect((await call('GET', ns(namespace, '/objects'))).body.objects).toEqual([]);
    });

    it('409 on a taken name, 404 for an unknown namespace, 400 naming the problem, 403 for read-only attributes', async () => {
      const namespace = await createNamespace(t);
      await call('POST', ns(namespace, '/objects'), { body: { name: 'Taken' } });
      refused(await call('POST', ns(namespace, '/objects'), { body: { name: 'Taken' }, headers: json }), 409);
      expect(refused(await call('GET', ns('NoSuchNs', '/objects'), { headers: json }), 404)).toMatch(
        /^Namespace NoSuchNs not found/,
      );
      refused(await call('POST', ns('NoSuchNs', '/objects'), { body: { name: 'x' }, headers: json }), 404);
      expect(
        refused(
          await call('POST', ns(namespace, '/objects'), { body: { name: 'x', colour: 1 }, headers: json }),
          400,
        ),
      ).toContain('colour');
      expect(
        refused(await call('POST', ns(namespace, '/objects'), { body: {}, headers: json }), 400),
      ).toContain("required property 'name'");
      expect(
        refused(
          await call('POST', ns(namespace, '/objects'), { body: { name: 'x', self: '/x' }, headers: json }),
          403,
        ),
      ).toMatch(/^Attribute 'self' is read-only\./);
      refused(await call('GET', ns(namespace, '/objects?sort_dir=up'), { headers: json }), 400);
      refused(await call('GET', ns(namespace, '/objects?limit=0'), { headers: json }), 400);
    });

    it("403 with Glance's body when the operation's policy rule refuses (a member writing)", async () => {
      const namespace = await createNamespace(t);
      const member = project(`p-${namespace}`);
      const answer = await call('POST', ns(namespace, '/objects'), {
        body: { name: 'x' },
        as: member,
        headers: json,
      });
      refused(answer, 403);
      const graphql = await t.gql(
        `mutation ($namespace: String!) { createObject(namespace: $namespace, input: { name: "x" }) { name } }`,
        { namespace },
        member,
      );
      expect(graphql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.body.message).toContain(graphql.errors?.[0]?.message);
    });
  });

  describe('properties', () => {
    it('create is 201 with the named property, the list is a name → document map, update and delete', async () => {
      const namespace = await createNamespace(t);
      const created = await call('POST', ns(namespace, '/properties'), {
        body: { name: 'hw_rng', title: 'RNG', type: 'string', enum: ['a', 'b'], readonly: false },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        name: 'hw_rng',
        title: 'RNG',
        type: 'string',
        enum: ['a', 'b'],
        readonly: false,
      });
      await call('POST', ns(namespace, '/properties'), {
        body: { name: 'hw_list', title: 'L', type: 'array', items: { type: 'integer' }, minItems: 1 },
      });

      const list = await call('GET', ns(namespace, '/properties'));
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        properties: {
          hw_rng: { title: 'RNG', type: 'string', enum: ['a', 'b'], readonly: false },
          hw_list: { title: 'L', type: 'array', items: { type: 'integer' }, minItems: 1 },
        },
      });
      expect((await call('GET', ns(namespace, '/properties/hw_rng'))).body).toEqual(created.body);

      refused(
        await call('POST', ns(namespace, '/properties'), {
          body: { name: 'hw_rng', title: 'x', type: 'string' },
          headers: json,
        }),
        409,
      );
      expect(
        refused(
          await call('POST', ns(namespace, '/properties'), {
            body: { name: 'p', title: 'x' },
            headers: json,
          }),
          400,
        ),
      ).toContain("'type'");
      refused(
        await call('POST', ns(namespace, '/properties'), {
          body: { name: 'p', title: 'x', type: 'string', created_at: 'now' },
          headers: json,
        }),
        403,
      );

      const updated = await call('PUT', ns(namespace, '/properties/hw_rng'), {
        body: { name: 'hw_rng2', title: 'RNG', type: 'integer', maximum: 9 },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ name: 'hw_rng2', title: 'RNG', type: 'integer', maximum: 9 });
      refused(await call('GET', ns(namespace, '/properties/hw_rng'), { headers: json }), 404);
      refused(
        await call('PUT', ns(namespace, '/properties/nothing'), {
          body: { name: 'n', title: 'n', type: 'string' },
          headers: json,
        }),
        404,
      );

      expect((await call('DELETE', ns(namespace, '/properties/hw_rng2'))).status).toBe(204);
      refused(await call('DELETE', ns(namespace, '/properties/hw_rng2'), { headers: json }), 404);
      expect((await call('DELETE', ns(namespace, '/properties'))).status).toBe(204);
      expect((await call('GET', ns(namespace, '/properties'))).body).toEqual({ properties: {} });
      refused(await call('GET', ns('NoSuchNs', '/properties'), { headers: json }), 404);
    });

    it('show with resource_type strips the association prefix, 404 without it', async () => {
      const namespace = await createNamespace(t, {
        resourceTypeAssociations: [
          { name: 'OS::Nova::Flavor', prefix: 'hw:' },
          { name: 'OS::Glance::Image' },
        ],
      });
      await call('POST', ns(namespace, '/properties'), {
        body: { name: 'cpu_policy', title: 'CPU', type: 'string' },
      });
      const shown = await call(
        'GET',
        ns(namespace, '/properties/hw:cpu_policy?resource_type=OS::Nova::Flavor'),
      );
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({ name: 'cpu_policy', title: 'CPU', type: 'string' });
      expect(
        refused(
          await call('GET', ns(namespace, '/properties/cpu_policy?resource_type=OS::Nova::Flavor'), {
            headers: json,
          }),
          404,
        ),
      ).toContain("prefix of 'hw:'");
      refused(
        await call('GET', ns(namespace, '/properties/cpu_policy?resource_type=OS::Glance::Image'), {
          headers: json,
        }),
        404,
      );
      refused(
        await call('GET', ns(namespace, '/properties/hw:cpu_policy?resource_type=OS::Cinder::Volume'), {
          headers: json,
        }),
        404,
      );
    });
  });

  describe('tags', () => {
    const names = (answer: Answer) => (answer.body.tags as { name: string }[]).map((tag) => tag.name);

    it('bulk create replaces the tags, X-Openstack-Append adds to them; a repeat or an existing tag is 409', async () => {
      const namespace = await createNamespace(t);
      const first = await call('POST', ns(namespace, '/tags'), {
        body: { tags: [{ name: 'a' }, { name: 'b' }] },
      });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ tags: [{ name: 'a' }, { name: 'b' }] });
      const replaced = await call('POST', ns(namespace, '/tags'), { body: { tags: [{ name: 'c' }] } });
      expect(replaced.body).toEqual({ tags: [{ name: 'c' }] });
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc')))).toEqual(['c']);
      const appended = await call('POST', ns(namespace, '/tags'), {
        body: { tags: [{ name: 'd' }] },
        headers: { 'x-openstack-append': 'True' },
      });
      expect(appended.status).toBe(201);
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc')))).toEqual(['c', 'd']);
      refused(
        await call('POST', ns(namespace, '/tags'), {
          body: { tags: [{ name: 'C' }] },
          headers: { 'x-openstack-append': 'yes', ...json },
        }),
        409,
      );
      refused(
        await call('POST', ns(namespace, '/tags'), {
          body: { tags: [{ name: 'x' }, { name: 'X' }] },
          headers: json,
        }),
        409,
      );
      // An empty list writes nothing, not even the replacement's delete.
      expect((await call('POST', ns(namespace, '/tags'), { body: { tags: [] } })).body).toEqual({ tags: [] });
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc')))).toEqual(['c', 'd']);
      refused(
        await call('POST', ns(namespace, '/tags'), { body: { tags: [{ title: 'x' }] }, headers: json }),
        400,
      );
      refused(await call('POST', ns('NoSuchNs', '/tags'), { body: { tags: [] }, headers: json }), 404);
    });

    it('list: newest first by default, sort_key/sort_dir, limit and marker (a tag name)', async () => {
      const namespace = await createNamespace(t);
      for (const name of ['beta', 'alpha', 'Gamma', 'delta']) {
        expect((await call('POST', ns(namespace, `/tags/${name}`))).status).toBe(201);
      }
      expect(names(await call('GET', ns(namespace, '/tags')))).toEqual(['delta', 'Gamma', 'alpha', 'beta']);
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=created_at&sort_dir=asc')))).toEqual([
        'beta',
        'alpha',
        'Gamma',
        'delta',
      ]);
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc&limit=2')))).toEqual([
        'alpha',
        'beta',
      ]);
      expect(
        names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc&limit=2&marker=beta'))),
      ).toEqual(['delta', 'Gamma']);
      expect(
        names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=desc&marker=delta'))),
      ).toEqual(['beta', 'alpha']);
      refused(await call('GET', ns(namespace, '/tags?marker=nothing'), { headers: json }), 404);
      refused(await call('GET', ns(namespace, '/tags?sort_dir=sideways'), { headers: json }), 400);
      refused(await call('GET', ns(namespace, '/tags?limit=-1'), { headers: json }), 400);
      refused(await call('GET', ns(namespace, '/tags?limit=two'), { headers: json }), 400);
      refused(await call('GET', ns(namespace, '/tags?sort_key=colour'), { headers: json }), 400);
      refused(await call('GET', ns('NoSuchNs', '/tags'), { headers: json }), 404);
    });

    it('one tag: POST creates (201, 409 when taken), GET shows, PUT renames, DELETE is 204', async () => {
      const namespace = await createNamespace(t);
      const created = await call('POST', ns(namespace, '/tags/Blue'));
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        name: 'Blue',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      refused(await call('POST', ns(namespace, '/tags/blue'), { headers: json }), 409);
      expect((await call('GET', ns(namespace, '/tags/Blue'))).body).toEqual(created.body);
      refused(await call('GET', ns(namespace, '/tags/Red'), { headers: json }), 404);
      refused(await call('GET', ns('NoSuchNs', '/tags/Blue'), { headers: json }), 404);

      const renamed = await call('PUT', ns(namespace, '/tags/Blue'), { body: { name: 'Navy' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Navy');
      refused(
        await call('PUT', ns(namespace, '/tags/Navy'), {
          body: { name: 'x', created_at: 'now' },
          headers: json,
        }),
        403,
      );
      refused(await call('PUT', ns(namespace, '/tags/Navy'), { body: {}, headers: json }), 400);
      await call('POST', ns(namespace, '/tags/Teal'));
      refused(await call('PUT', ns(namespace, '/tags/Teal'), { body: { name: 'navy' }, headers: json }), 409);

      expect((await call('DELETE', ns(namespace, '/tags/Navy'))).status).toBe(204);
      refused(await call('DELETE', ns(namespace, '/tags/Navy'), { headers: json }), 404);
      expect((await call('DELETE', ns(namespace, '/tags'))).status).toBe(204);
      expect((await call('GET', ns(namespace, '/tags'))).body).toEqual({ tags: [] });
    });

    it('a protected namespace: replacing its tags is 403 (a delete), appending is 201', async () => {
      const namespace = await createNamespace(t, { protected: true });
      await call('POST', ns(namespace, '/tags/kept'));
      refused(
        await call('POST', ns(namespace, '/tags'), { body: { tags: [{ name: 'new' }] }, headers: json }),
        403,
      );
      const appended = await call('POST', ns(namespace, '/tags'), {
        body: { tags: [{ name: 'new' }] },
        headers: { 'x-openstack-append': 'true' },
      });
      expect(appended.status).toBe(201);
      expect(names(await call('GET', ns(namespace, '/tags?sort_key=name&sort_dir=asc')))).toEqual([
        'kept',
        'new',
      ]);
    });

    it("404s in Glance's words", async () => {
      const namespace = await createNamespace(t);
      expect(refused(await call('GET', ns(namespace, '/tags/Red'), { headers: json }), 404)).toMatch(
        new RegExp(`^The metadata definition tag with name=Red was not found in namespace=${namespace}\\.`),
      );
      expect(refused(await call('GET', ns(namespace, '/objects/O'), { headers: json }), 404)).toMatch(
        /^The metadata definition object with name=O was not found/,
      );
      expect(refused(await call('GET', ns(namespace, '/properties/p'), { headers: json }), 404)).toMatch(
        /^The metadata definition property with name=p was not found/,
      );
    });

    it('an unknown method on a tag path is 405 with Allow', async () => {
      const namespace = await createNamespace(t);
      const answer = await call('PATCH', ns(namespace, '/tags'), { body: {}, headers: json });
      refused(answer, 405);
      expect(answer.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'POST']);
    });
  });

  describe('the schemas glanceclient validates with', () => {
    it.each(['object', 'objects', 'property', 'properties', 'tag', 'tags'])(
      '/v2/schemas/metadefs/%s is 200',
      async (name) => {
        const answer = await call('GET', `/v2/schemas/metadefs/${name}`);
        expect(answer.status).toBe(200);
        expect(answer.body.name).toBe(name);
      },
    );
  });
});
