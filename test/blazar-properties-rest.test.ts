import { restBase, restClient, type Answer } from './support/rest';
import { createResource } from './support/resource-factories';
import { project, startTestApp, unique, type TestApp } from './support/test-app';

/**
 * Blazar's resource property discovery as its spec words the REST API (issue 39, point 5): list, show with
 * values, PATCH of the private flag, Blazar's error body; the rules are discovery's own (admins only by default,
 * private keys admins only), through the GraphQL pipeline.
 */

describe('Blazar property discovery (REST)', () => {
  let t: TestApp;
  let base: string;
  let type: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = restBase(await t.app.listen(0, '127.0.0.1'), '/reservation/v1');
    type = unique('OS::Blazar::Host');
    await createResource(t, { resourceType: type, properties: { arch: 'x86', ipmi: 'ipmi-1' } });
    await createResource(t, { resourceType: type, properties: { arch: 'arm', ipmi: 'ipmi-2' } });
  });
  afterAll(() => t.close());

  const call = restClient(() => base);

  const blazarError = (answer: Answer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      error_code: status,
      error_message: expect.any(String),
      error_name: expect.any(String),
    });
  };

  it('PATCH makes a key public (204); the list shows public keys, with values when detail=true', async () => {
    const path = `/${encodeURIComponent(type)}/properties`;
    // New keys are private by default (CAPABILITY_DEFAULT_VISIBILITY): none listed.
    expect((await call('GET', path)).body).toEqual([]);
    expect((await call('PATCH', `${path}/arch`, { body: { private: false } })).status).toBe(204);
    const listed = await call('GET', path);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ property: 'arch' }]);
    const detailed = await call('GET', `${path}?detail=true`);
    expect(detailed.body).toEqual([
      { property: 'arch', values: expect.arrayContaining([{ value: 'x86' }, { value: 'arm' }]) },
    ]);
    const shown = await call('GET', `${path}/arch`);
    expect(shown.body).toEqual({
      private: false,
      values: expect.arrayContaining([{ value: 'x86' }, { value: 'arm' }]),
    });
    expect(shown.body.values).toHaveLength(2);
  });

  it('404 for an unknown resource type or key; 403 for a private key or a non-admin PATCH; 400 for a bad body', async () => {
    blazarError(await call('GET', `/${encodeURIComponent(unique('OS::None'))}/properties`), 404);
    blazarError(await call('GET', `/${encodeURIComponent(type)}/properties/nope`), 404);
    const member = project(unique('p'), ['member']);
    blazarError(await call('GET', `/${encodeURIComponent(type)}/properties/ipmi`, { as: member }), 403);
    blazarError(
      await call('PATCH', `/${encodeURIComponent(type)}/properties/ipmi`, {
        body: { private: false },
        as: member,
      }),
      403,
    );
    blazarError(
      await call('PATCH', `/${encodeURIComponent(type)}/properties/ipmi`, { body: { private: 'no' } }),
      400,
    );
    blazarError(await call('GET', `/${encodeURIComponent(type)}/properties?detail=maybe`), 400);
    // The key stayed private: an admin sees it so.
    expect((await call('GET', `/${encodeURIComponent(type)}/properties/ipmi`)).body.private).toBe(true);
  });
});
