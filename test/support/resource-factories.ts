import { ADMIN, type TestApp, type Who } from './test-app';

export interface ResourceFields {
  uuid?: string;
  name?: string;
  resourceType?: string;
  projectId?: string;
  tags?: string[];
  properties?: Record<string, unknown>;
}

/** Creates a resource (as an admin unless told otherwise; in the caller's project by default); returns its uuid. */
export async function createResource(
  t: TestApp,
  fields: ResourceFields = {},
  as: Who = ADMIN,
): Promise<string> {
  const input = { resourceType: 'OS::Nova::Server', ...fields };
  const data = await t.ok<{ createResource: { uuid: string } }>(
    `mutation ($input: CreateResourceInput!) { createResource(input: $input) { uuid } }`,
    { input },
    as,
  );
  return data.createResource.uuid;
}
