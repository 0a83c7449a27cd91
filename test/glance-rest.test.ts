import { restBase, restClient, type Answer } from './support/rest';
import { project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Glance's image API v2 metadata definitions (issue 39) as glance/api/v2 answers them, served through the GraphQL
 * pipeline: the version documents, webob's error bodies, and the metadef routes' status codes and bodies.
 */

describe('Glance metadefs REST API', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = restBase(await t.app.listen(0, '127.0.0.1'), '/image');
  });
  afterAll(() => t.close());

  const call = restClient(() => base);

  /** webob's JSON error body (Accept: application/json). */
  const glanceError = (answer: Answer, status: number, title: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      message: expect.stringMatching(/<br \/><br \/>\n\n$/),
      code: `${status} ${title}`,
      title,
    });
    return answer.body.message as string;
  };
  const json = { accept: 'application/json' };

  describe('the version documents', () => {
    it('GET / is 300 Multiple Choices, GET /versions 200, each version linking to <prefix>/v2/', async () => {
      const root = await call('GET', '/', { as: null });
      expect(root.status).toBe(300);
      const versions = await call('GET', '/versions', { as: null });
      expect(versions.status).toBe(200);
      expect(versions.body).toEqual(root.body);
      const listed = versions.body.versions as { id: string; status: string; links: unknown[] }[];
      expect(listed.filter((version) => version.status === 'CURRENT').map((version) => version.id)).toEqual([
        'v2.17',
      ]);
      expect(listed.map((version) => version.id)).toEqual(expect.arrayContaining(['v2.0', 'v2.9', 'v2.15']));
      for (const version of listed) {
        expect(version.id).toMatch(/^v2\.\d+$/);
        expect(version.links).toEqual([{ rel: 'self', href: `${base}/v2/` }]);
      }
    });

    it('the links follow X-Forwarded-Proto, as a proxy in front of Glance makes them', async () => {
      const answer = await call('GET', '/versions', { headers: { 'x-forwarded-proto': 'https' } });
      expect(answer.body.versions[0].links[0].href).toBe(`${base.replace(/^http:/, 'https:')}/v2/`);
    });

    it('POST /versions is 405 with Allow: GET', async () => {
      const answer = await call('POST', '/versions', { body: {}, headers: json });
      glanceError(answer, 405, 'Method Not Allowed');
      expect(answer.headers.get('allow')).toBe('GET');
    });
  });

  describe('the metadef schemas', () => {
    it("are Glance's documents, each collection linking first, next and describedby", async () => {
      const namespace = await call('GET', '/v2/schemas/metadefs/namespace', { as: null });
      expect(namespace.status).toBe(200);
      expect(namespace.body).toMatchObject({
        name: 'namespace',
        required: ['namespace'],
        additionalProperties: false,
        properties: {
          namespace: { type: 'string', maxLength: 80 },
          visibility: { type: 'string', enum: ['public', 'private'] },
          properties: { $ref: '#/definitions/property' },
        },
      });
      expect(namespace.body.definitions.property.additionalProperties.required).toEqual(['title', 'type']);
      const names = ['namespaces', 'resource_types', 'properties', 'objects', 'tags'];
      for (const name of names) {
        const collection = await call('GET', `/v2/schemas/metadefs/${name}`);
        expect(collection.status).toBe(200);
        expect(collection.body.links).toEqual([
          { rel: 'first', href: '{first}' },
          { rel: 'next', href: '{next}' },
          { rel: 'describedby', href: '{schema}' },
        ]);
      }
      const association = await call('GET', '/v2/schemas/metadefs/resource_type');
      expect(association.body).toMatchObject({ name: 'resource_type_association', required: ['name'] });
      expect((await call('GET', '/v2/schemas/metadefs/resource_types')).body.name).toBe(
        'resource_type_associations',
      );
      expect((await call('GET', '/v2/schemas/metadefs/property')).body.required).toEqual([
        'title',
        'type',
        'name',
      ]);
      glanceError(await call('GET', '/v2/schemas/metadefs/nothing', { headers: json }), 404, 'Not Found');
    });
  });

  describe("webob's error bodies", () => {
    it('an unknown path is 404; its body follows Accept: JSON, HTML (any type, as glanceclient sends), plain', async () => {
      const path = '/v2/images';
      expect(glanceError(await call('GET', path, { headers: json }), 404, 'Not Found')).toMatch(
        /^The resource could not be found/,
      );

      const html = await call('GET', path, { headers: { accept: '*/*' } });
      expect(html.status).toBe(404);
      expect(html.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(html.text).toMatch(
        /^<html>\n <head>\n {2}<title>404 Not Found<\/title>\n <\/head>\n <body>\n {2}<h1>404 Not Found<\/h1>\n {2}The resource could not be found[^<]*<br \/><br \/>\n\n\n <\/body>\n<\/html>$/,
      );
      // HTML wins a tie with JSON (webob offers text/html first); JSON wins when it is preferred.
      const tie = await call('GET', path, { headers: { accept: 'application/json, */*' } });
      expect(tie.headers.get('content-type')).toMatch(/^text\/html/);
      const preferred = await call('GET', path, { headers: { accept: 'application/json, */*;q=0.5' } });
      expect(preferred.headers.get('content-type')).toMatch(/^application\/json/);

      const plain = await call('GET', path, { headers: { accept: 'text/plain' } });
      expect(plain.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
      expect(plain.text).toMatch(/^404 Not Found\n\nThe resource could not be found.*\n\n {2}$/);
    });

    it('a message is escaped in HTML', async () => {
      const answer = await call('GET', "/v2/a'&b", { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('/v2/a&#x27;&amp;b<br /><br />');
    });
  });

  describe('namespaces', () => {
    const NS = '/v2/metadefs/namespaces';
    /** A namespace body with everything Glance takes in a create. */
    const full = (name: string, type: string) => ({
      namespace: name,
      display_name: 'CPU limits',
      description: 'Limits of the CPU',
      visibility: 'public',
      protected: false,
      resource_type_associations: [{ name: type, prefix: 'quota:', properties_target: 'image' }],
      properties: {
        cpu_shares: { title: 'Shares', type: 'integer', minimum: 0 },
      },
      objects: [
        {
          name: 'Period',
          description: 'The period',
          required: ['cpu_period'],
          properties: { cpu_period: { title: 'Period', type: 'integer', maximum: 1000000 } },
        },
      ],
      tags: [{ name: 'fast' }, { name: 'slow' }],
    });

    it('POST creates with embedded content (201, Location); GET shows it; a second POST is 409', async () => {
      const name = unique('OS::Glance::Rest');
      const type = unique('OS::Rest::Type');
      const created = await call('POST', NS, { body: full(name, type), headers: json });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`${base}${NS}/${encodeURIComponent(name)}`);
      const expected = {
        namespace: name,
        display_name: 'CPU limits',
        description: 'Limits of the CPU',
        visibility: 'public',
        protected: false,
        owner: 'admin-project',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        resource_type_associations: [
          {
            name: type,
            prefix: 'quota:',
            properties_target: 'image',
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
        properties: { cpu_shares: { title: 'Shares', type: 'integer', minimum: 0 } },
        objects: [
          {
            name: 'Period',
            description: 'The period',
            required: ['cpu_period'],
            properties: { cpu_period: { title: 'Period', type: 'integer', maximum: 1000000 } },
            schema: '/v2/schemas/metadefs/object',
            self: `${NS}/${name}/objects/Period`,
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
        tags: [{ name: 'fast' }, { name: 'slow' }],
        self: `${NS}/${name}`,
        schema: '/v2/schemas/metadefs/namespace',
      };
      expect(created.body).toEqual(expected);
      const shown = await call('GET', `${NS}/${encodeURIComponent(name)}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(expected);

      const again = await call('POST', NS, { body: { namespace: name }, headers: json });
      glanceError(again, 409, 'Conflict');
    });

    it('GET with resource_type shows property names and required with that association prefix', async () => {
      const name = unique('OS::Glance::Prefix');
      const type = unique('OS::Rest::Type');
      expect((await call('POST', NS, { body: full(name, type) })).status).toBe(201);
      const path = `${NS}/${encodeURIComponent(name)}?resource_type=${encodeURIComponent(type)}`;
      const shown = (await call('GET', path)).body;
      expect(Object.keys(shown.properties)).toEqual(['quota:cpu_shares']);
      expect(Object.keys(shown.objects[0].properties)).toEqual(['quota:cpu_period']);
      expect(shown.objects[0].required).toEqual(['quota:cpu_period']);
      // Another resource type (not associated): stored names.
      const other = await call('GET', `${NS}/${encodeURIComponent(name)}?resource_type=OS::Nova::Server`);
      expect(Object.keys(other.body.properties)).toEqual(['cpu_shares']);
    });

    it("a body Glance's schema refuses is 400; a read-only attribute 403; no body 400", async () => {
      glanceError(
        await call('POST', NS, { body: { namespace: 'x', extra: 1 }, headers: json }),
        400,
        'Bad Request',
      );
      glanceError(
        await call('POST', NS, { body: { display_name: 'no name' }, headers: json }),
        400,
        'Bad Request',
      );
      glanceError(
        await call('POST', NS, { body: { namespace: 'x', visibility: 'shared' }, headers: json }),
        400,
        'Bad Request',
      );
      const readOnly = glanceError(
        await call('POST', NS, { body: { namespace: 'x', self: '/x' }, headers: json }),
        403,
        'Forbidden',
      );
      expect(readOnly).toMatch(/^Attribute 'self' is read-only\./);
      glanceError(await call('POST', NS, { headers: json }), 400, 'Bad Request');
      // An unknown property type is the catalog's refusal (GraphQL's BAD_USER_INPUT).
      const object = {
        namespace: unique('OS::Glance::Bad'),
        properties: { o: { title: 'O', type: 'object' } },
      };
      glanceError(await call('POST', NS, { body: object, headers: json }), 400, 'Bad Request');
    });

    it('a reader or a member may not create (403, as GraphQL refuses); a member sees only public ones', async () => {
      for (const who of [project('proj-r', ['reader']), project('proj-m')]) {
        const refused = await call('POST', NS, {
          body: { namespace: unique('OS::Glance::No') },
          as: who,
          headers: json,
        });
        expect(glanceError(refused, 403, 'Forbidden')).toMatch(/metadef|namespace|polic|admin/i);
      }
      const name = unique('OS::Glance::Private');
      expect((await call('POST', NS, { body: { namespace: name } })).status).toBe(201);
      const hidden = await call('GET', `${NS}/${encodeURIComponent(name)}`, {
        as: project('proj-m'),
        headers: json,
      });
      glanceError(hidden, 404, 'Not Found');
    });

    describe('the list', () => {
      let type: string;
      const names: string[] = [];
      beforeAll(async () => {
        type = unique('OS::Rest::Listed');
        for (const [index, visibility] of ['private', 'public', 'private'].entries()) {
          const name = `${unique('OS::Glance::List')}-${index}`;
          names.push(name);
          const body = { namespace: name, visibility, resource_type_associations: [{ name: type }] };
          expect((await call('POST', NS, { body })).status).toBe(201);
        }
      });
      const list = (query: string, options = {}) =>
        call('GET', `${NS}?resource_types=${encodeURIComponent(type)}&${query}`, options);

      it('pages with limit and marker, following next; first and schema as Glance gives them', async () => {
        const page = await list('sort_key=namespace&sort_dir=asc&limit=2');
        expect(page.status).toBe(200);
        expect(page.body.namespaces.map((ns: { namespace: string }) => ns.namespace)).toEqual(
          names.slice(0, 2),
        );
        expect(page.body.schema).toBe('/v2/schemas/metadefs/namespaces');
        const params = new URLSearchParams({
          resource_types: type,
          sort_key: 'namespace',
          sort_dir: 'asc',
          limit: '2',
        });
        expect(page.body.first).toBe(`${NS}?${params}`);
        params.set('marker', names[1]);
        expect(page.body.next).toBe(`${NS}?${params}`);
        const listed = page.body.namespaces[1];
        expect(listed).toEqual({
          namespace: names[1],
          visibility: 'public',
          protected: false,
          owner: 'admin-project',
          created_at: expect.any(String),
          updated_at: expect.any(String),
          resource_type_associations: [
            { name: type, created_at: expect.any(String), updated_at: expect.any(String) },
          ],
          self: `${NS}/${names[1]}`,
          schema: '/v2/schemas/metadefs/namespace',
        });
        const next = await call('GET', page.body.next.slice(NS.length).replace(/^/, NS));
        expect(next.body.namespaces.map((ns: { namespace: string }) => ns.namespace)).toEqual([names[2]]);
        expect(next.body.next).toBeUndefined();
      });

      it('sorts by created_at descending by default; sort_dir=asc reverses; namespace descending too', async () => {
        const byDefault = (await list('')).body.namespaces.map((ns: { namespace: string }) => ns.namespace);
        expect(byDefault).toEqual([...names].reverse());
        const ascending = (await list('sort_key=created_at&sort_dir=asc')).body.namespaces;
        expect(ascending.map((ns: { namespace: string }) => ns.namespace)).toEqual(names);
        const marked = await list(`sort_key=namespace&sort_dir=desc&marker=${encodeURIComponent(names[2])}`);
        expect(marked.body.namespaces.map((ns: { namespace: string }) => ns.namespace)).toEqual([
          names[1],
          names[0],
        ]);
      });

      it('filters by visibility and resource_types (a comma list: any of them)', async () => {
        const publicOnes = (await list('visibility=public')).body.namespaces;
        expect(publicOnes.map((ns: { namespace: string }) => ns.namespace)).toEqual([names[1]]);
        const either = await call(
          'GET',
          `${NS}?resource_types=${encodeURIComponent(`OS::None::Such,${type}`)}`,
        );
        expect(either.body.namespaces).toHaveLength(3);
        const none = await call('GET', `${NS}?resource_types=OS::None::Such`);
        expect(none.body).toEqual({
          namespaces: [],
          first: `${NS}?resource_types=OS%3A%3ANone%3A%3ASuch`,
          schema: '/v2/schemas/metadefs/namespaces',
        });
        // A member of another project sees the public one only.
        const member = await list('', { as: project('proj-list') });
        expect(member.body.namespaces.map((ns: { namespace: string }) => ns.namespace)).toEqual([names[1]]);
      });

      it('400 for a bad limit, sort_dir, sort_key or visibility; 404 for an unknown marker', async () => {
        for (const query of [
          'limit=-1',
          'limit=two',
          'sort_dir=up',
          'sort_key=description',
          'visibility=shared',
        ]) {
          glanceError(await list(query, { headers: json }), 400, 'Bad Request');
        }
        glanceError(await list('marker=OS::None::Such', { headers: json }), 404, 'Not Found');
        expect((await list('limit=0')).body.namespaces).toEqual([]);
      });
    });

    it('PUT replaces the fields (absent ones cleared, as Glance), renames; DELETE is 204, then 404', async () => {
      const name = unique('OS::Glance::Put');
      const type = unique('OS::Rest::Type');
      expect((await call('POST', NS, { body: full(name, type) })).status).toBe(201);
      const renamed = `${name}-2`;
      const put = await call('PUT', `${NS}/${encodeURIComponent(name)}`, {
        body: { namespace: renamed, display_name: 'Renamed', owner: 'admin-project', visibility: 'public' },
      });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({
        namespace: renamed,
        display_name: 'Renamed',
        visibility: 'public',
        protected: false,
        owner: 'admin-project',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        self: `${NS}/${renamed}`,
        schema: '/v2/schemas/metadefs/namespace',
      });
      glanceError(
        await call('GET', `${NS}/${encodeURIComponent(name)}`, { headers: json }),
        404,
        'Not Found',
      );
      // The content stays.
      expect(
        Object.keys((await call('GET', `${NS}/${encodeURIComponent(renamed)}`)).body.properties),
      ).toEqual(['cpu_shares']);
      glanceError(
        await call('PUT', `${NS}/OS::None::Such`, { body: { namespace: 'x' }, headers: json }),
        404,
        'Not Found',
      );

      // Protected: DELETE is 403 until unprotected.
      const protect = { namespace: renamed, protected: true, visibility: 'public' };
      expect((await call('PUT', `${NS}/${encodeURIComponent(renamed)}`, { body: protect })).status).toBe(200);
      glanceError(
        await call('DELETE', `${NS}/${encodeURIComponent(renamed)}`, { headers: json }),
        403,
        'Forbidden',
      );
      expect(
        (await call('PUT', `${NS}/${encodeURIComponent(renamed)}`, { body: { namespace: renamed } })).status,
      ).toBe(200);
      const deleted = await call('DELETE', `${NS}/${encodeURIComponent(renamed)}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      glanceError(
        await call('DELETE', `${NS}/${encodeURIComponent(renamed)}`, { headers: json }),
        404,
        'Not Found',
      );
    });
  });

  describe('resource types', () => {
    it("lists resource types; a namespace's associations; associate (201, 409 twice), deassociate (204, then 404)", async () => {
      const name = unique('OS::Glance::Assoc');
      const type = unique('OS::Rest::Assoc');
      expect((await call('POST', '/v2/metadefs/namespaces', { body: { namespace: name } })).status).toBe(201);
      const path = `/v2/metadefs/namespaces/${encodeURIComponent(name)}/resource_types`;
      expect((await call('GET', path)).body).toEqual({ resource_type_associations: [] });

      const associated = await call('POST', path, { body: { name: type, prefix: 'hw_' } });
      expect(associated.status).toBe(201);
      expect(associated.body).toEqual({
        name: type,
        prefix: 'hw_',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      glanceError(await call('POST', path, { body: { name: type }, headers: json }), 409, 'Conflict');
      glanceError(await call('POST', path, { body: { prefix: 'x' }, headers: json }), 400, 'Bad Request');
      glanceError(
        await call('POST', path, { body: { name: type, created_at: 'now' }, headers: json }),
        403,
        'Forbidden',
      );
      expect((await call('GET', path)).body.resource_type_associations).toEqual([associated.body]);

      const types = await call('GET', '/v2/metadefs/resource_types');
      expect(types.status).toBe(200);
      expect(types.body.resource_types).toEqual(
        expect.arrayContaining([
          { name: type, created_at: expect.any(String), updated_at: expect.any(String) },
          expect.objectContaining({ name: 'OS::Nova::Flavor' }),
        ]),
      );

      const one = `${path}/${encodeURIComponent(type)}`;
      expect((await call('DELETE', one)).status).toBe(204);
      glanceError(await call('DELETE', one, { headers: json }), 404, 'Not Found');
      glanceError(
        await call('GET', '/v2/metadefs/namespaces/OS::None::Such/resource_types', { headers: json }),
        404,
        'Not Found',
      );
      // A member may not associate (the same rule as GraphQL).
      const member = await call('POST', path, { body: { name: type }, as: project('proj-m'), headers: json });
      expect([403, 404]).toContain(member.status);
    });
  });
});
