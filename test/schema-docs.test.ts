import { getIntrospectionQuery } from 'graphql';
import { startTestApp, type Data, type TestApp } from './support/test-app';

/**
 * The schema is the API's documentation (GraphiQL's Docs, codegen'd clients): what the server answers to
 * introspection describes every type, field, argument, input field and enum value. `npm run lint` checks the
 * same on schema.graphql, with the Relay and naming rules (eslint.config.mjs).
 */
describe('schema documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('describes every type, field, argument, input field and enum value', async () => {
    const { __schema } = await t.ok(getIntrospectionQuery({ inputValueDeprecation: true }));
    const undocumented: string[] = [];
    const check = (where: string, description: string | null) => {
      if (!description?.trim()) undocumented.push(where);
    };
    for (const type of __schema.types as Data[]) {
      if (type.name.startsWith('__')) continue;
      check(type.name, type.description);
      for (const field of type.fields ?? []) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
      for (const input of type.inputFields ?? []) check(`${type.name}.${input.name}`, input.description);
      for (const value of type.enumValues ?? []) check(`${type.name}.${value.name}`, value.description);
    }
    expect(undocumented).toEqual([]);
    expect(__schema.types.length).toBeGreaterThan(50);
  });

  it('states limits and errors where they apply, from the code that enforces them', async () => {
    const { __type } = await t.ok(
      `{ __type(name: "CreateResourceInput") { inputFields { name description } } }`,
    );
    const tags = __type.inputFields.find((field: Data) => field.name === 'tags');
    expect(tags.description).toMatch(/1–60 characters.*at most 50 \(BAD_USER_INPUT/);
    const { __schema } = await t.ok(`{ __schema { mutationType { fields { name description } } } }`);
    const deleteNamespace = __schema.mutationType.fields.find(
      (field: Data) => field.name === 'deleteNamespace',
    );
    expect(deleteNamespace.description).toMatch(/FORBIDDEN while the namespace is protected/);
  });
});
