import { restBase, restClient, type Answer } from './support/rest';
import { createResource } from './support/resource-factories';
import { ADMIN, headersOf, project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Nova's server tags (compute 2.26) as the instance-tags spec words them (issue 39, point 5), on resources of type
 * OS::Nova::Server, through the GraphQL pipeline: status codes, bodies, the tag filters of GET /servers,
 * microversions and Nova's fault bodies.
 */

describe('Nova server tags (REST)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = restBase(await t.app.listen(0, '127.0.0.1'), '/compute/v2.1');
  });
  afterAll(() => t.close());

  const call = restClient<{ version?: string | null }>(
    () => base,
    ({ version = '2.26' }) => (version ? { 'openstack-api-version': `compute ${version}` } : {}),
  );

  const fault = (answer: Answer, status: number, name: string) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ [name]: { code: status, message: expect.any(String) } });
  };

  it('PUT/GET/DELETE one tag, replace and delete all, as the spec says', async () => {
    const server = await createResource(t, { name: unique('vm') });
    const tags = `/servers/${server}/tags`;
    expect((await call('GET', tags)).body).toEqual({ tags: [] });

    const added = await call('PUT', `${tags}/red`);
    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe(`${base}${tags}/red`);
    expect((await call('PUT', `${tags}/red`)).status).toBe(204);
    expect((await call('GET', `${tags}/red`)).status).toBe(204);
    fault(await call('GET', `${tags}/blue`), 404, 'itemNotFound');

    const replaced = await call('PUT', tags, { body: { tags: ['green', 'blue'] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.tags.sort()).toEqual(['blue', 'green']);
    expect((await call('DELETE', `${tags}/blue`)).status).toBe(204);
    fault(await call('DELETE', `${tags}/blue`), 404, 'itemNotFound');
    expect((await call('GET', tags)).body).toEqual({ tags: ['green'] });
    expect((await call('DELETE', tags)).status).toBe(204);
    expect((await call('GET', tags)).body).toEqual({ tags: [] });
  });

  it('400 for a tag with "/" or ",", over 60 characters, more than 50 tags, or a body without tags', async () => {
    const server = await createResource(t);
    const tags = `/servers/${server}/tags`;
    fault(await call('PUT', `${tags}/a,b`), 400, 'badRequest');
    fault(await call('PUT', `${tags}/${'x'.repeat(61)}`), 400, 'badRequest');
    fault(
      await call('PUT', tags, { body: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } }),
      400,
      'badRequest',
    );
    fault(await call('PUT', tags, { body: { labels: [] } }), 400, 'badRequest');
  });

  it("a resource that is no server, another project's server, or no uuid is 404, and nothing changes", async () => {
    const image = await createResource(t, { resourceType: 'OS::Glance::Image' });
    fault(await call('PUT', `/servers/${image}/tags/red`), 404, 'itemNotFound');
    fault(await call('GET', `/servers/${image}/tags`), 404, 'itemNotFound');
    const { resource } = await t.ok(`query ($uuid: UUID!) { resource(uuid: $uuid) { tags } }`, {
      uuid: image,
    });
    expect(resource.tags).toEqual([]);

    const theirs = await createResource(t, {}, project(unique('p')));
    fault(
      await call('PUT', `/servers/${theirs}/tags/red`, { as: project(unique('q')) }),
      404,
      'itemNotFound',
    );
    fault(await call('GET', '/servers/not-a-uuid/tags'), 404, 'itemNotFound');
  });

  it('GET /servers filters by tags, tags-any, not-tags, not-tags-any (from 2.26)', async () => {
    const who = project(unique('tagp'));
    const red = await createResource(t, { name: 'r', tags: ['red'] }, who);
    const redBlue = await createResource(t, { name: 'rb', tags: ['red', 'blue'] }, who);
    const green = await createResource(t, { name: 'g', tags: ['green'] }, who);
    await createResource(t, { resourceType: 'OS::Glance::Image', tags: ['red'] }, who);
    const ids = async (query: string) => {
      const answer = await call('GET', `/servers?${query}`, { as: who });
      expect(answer.status).toBe(200);
      return (answer.body.servers as { id: string }[]).map((server) => server.id).sort();
    };
    expect(await ids('')).toEqual([red, redBlue, green].sort());
    expect(await ids('tags=red,blue')).toEqual([redBlue]);
    expect(await ids('tags-any=blue,green')).toEqual([redBlue, green].sort());
    expect(await ids('not-tags=red')).toEqual([green]);
    expect(await ids('not-tags-any=red,blue')).toEqual([red, green].sort());
    expect(await ids('tags=red&not-tags=red')).toEqual([]);
    const listed = await call('GET', `/servers?tags=red,blue`, { as: who });
    expect(listed.body.servers[0]).toEqual({
      id: redBlue,
      name: 'rb',
      links: expect.arrayContaining([{ rel: 'self', href: `${base}/servers/${redBlue}` }]),
    });
    fault(await call('GET', '/servers?tags=red', { version: '2.25', as: who }), 400, 'badRequest');
  });

  it('microversions: tags absent below 2.26 (404), 406 outside 2.1-2.96, the version said back', async () => {
    const server = await createResource(t);
    fault(await call('GET', `/servers/${server}/tags`, { version: '2.25' }), 404, 'itemNotFound');
    fault(await call('GET', `/servers/${server}/tags`, { version: null }), 404, 'itemNotFound');
    fault(await call('GET', `/servers/${server}/tags`, { version: '2.97' }), 406, 'notAcceptable');
    fault(await call('GET', `/servers/${server}/tags`, { version: '2.x' }), 400, 'badRequest');
    const latest = await call('GET', `/servers/${server}/tags`, { version: 'latest' });
    expect(latest.status).toBe(200);
    expect(latest.headers.get('openstack-api-version')).toBe('compute 2.96');
    expect(latest.headers.get('x-openstack-nova-api-version')).toBe('2.96');
    const legacy = await fetch(`${base}/servers/${server}/tags`, {
      headers: { ...(headersOf(ADMIN) as Record<string, string>), 'x-openstack-nova-api-version': '2.26' },
    });
    expect(legacy.status).toBe(200);
  });

  it('a member writes the tags of their own servers; the change log says via REST', async () => {
    const who = project(unique('own'));
    const server = await createResource(t, {}, who);
    expect((await call('PUT', `/servers/${server}/tags/mine`, { as: who })).status).toBe(201);
    const { resource } = await t.ok(
      `query ($uuid: UUID!) { resource(uuid: $uuid) { history { nodes { actor { via projectId } } } } }`,
      { uuid: server },
    );
    expect(resource.history.nodes.at(-1).actor).toEqual({ via: 'REST', projectId: who.project });
  });
});
