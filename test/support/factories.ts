import { ADMIN, unique, type TestApp, type Who } from './test-app';

export interface NamespaceFields {
  name?: string;
  displayName?: string;
  description?: string;
  visibility?: 'PUBLIC' | 'PRIVATE';
  protected?: boolean;
  owner?: string;
  resourceTypeAssociations?: { name: string; prefix?: string; propertiesTarget?: string }[];
  [more: string]: unknown;
}

/** Creates a namespace (as an admin unless told otherwise) and returns its name. */
export async function createNamespace(
  t: TestApp,
  fields: NamespaceFields = {},
  as: Who = ADMIN,
): Promise<string> {
  const input = { name: unique('NS'), visibility: 'PUBLIC', ...fields };
  const data = await t.ok<{ createNamespace: { name: string } }>(
    `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name } }`,
    { input },
    as,
  );
  return data.createNamespace.name;
}
