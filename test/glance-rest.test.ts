import { restBase, restClient, type Answer } from './support/rest';
import { startTestApp, type TestApp } from './support/test-app';

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
});
