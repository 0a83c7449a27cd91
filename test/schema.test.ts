import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printAppSchema } from '../src/app/schema';

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
});
