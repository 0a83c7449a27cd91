import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isInterfaceType } from 'graphql';
import { buildAppSchema, nodeTypes, printAppSchema } from '../src/app/schema';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema` after changing GraphQL types)', () => {
    const committed = readFileSync(join(__dirname, '..', 'schema.graphql'), 'utf8');
    expect(printAppSchema()).toBe(committed);
  });

  it('keeps the names of the contract', () => {
    const sdl = printAppSchema();
    for (const name of [
      'interface Node',
      'type Namespace implements Node',
      'type ResourceType implements Node',
      'type ResourceTypeAssociation',
      'enum Visibility',
      'input CreateNamespaceInput',
      'input UpdateNamespaceInput',
      'input ResourceTypeAssociationInput',
      'input NamespaceFilter',
      'input NamespaceOrder',
      'enum NamespaceOrderField',
      'enum OrderDirection',
      'type PageInfo',
    ]) {
      expect(sdl).toContain(name);
    }
  });

  it('lists a node(id:) fetcher for every type that implements Node, and no other', () => {
    const schema = buildAppSchema();
    const node = schema.getType('Node');
    if (!isInterfaceType(node)) throw new Error('no Node interface');
    const implementations = schema.getImplementations(node).objects.map((type) => type.name);
    expect(nodeTypes.map((type) => type.name).sort()).toEqual(implementations.sort());
  });
});
