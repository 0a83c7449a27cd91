import { addTypenameToDocument } from '@apollo/client/utilities';
import { print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import * as documents from '../web/src/gql/graphql';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every operation the explorer ships (web/src/gql, generated from its sources) passes the server's validation
 * and its limits (depth, aliases, the query cost): a field added to a screen's query cannot push it over the
 * cost limit unnoticed (the browser would only show an error), counted as Apollo Client sends it. Run with the variables left out: validation and
 * the limits come before them, so the only error allowed is a missing variable.
 */
const operations = Object.entries(documents)
  .filter(([name, value]) => name.endsWith('Document') && (value as DocumentNode)?.kind === 'Document')
  .map(([name, value]) => {
    const document = value as DocumentNode;
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
    );
    return { name, document, operation };
  })
  .filter((entry) => entry.operation && entry.operation.operation !== 'subscription');

describe('the explorer’s operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('are found (queries and mutations of every screen)', () => {
    expect(operations.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['ComposeCatalogDocument', 'ValidateDraftDocument', 'NamespaceViewDocument']),
    );
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations.map((entry) => [entry.name, entry] as const))(
    '%s passes validation and the limits',
    async (_name, { document }) => {
      // As the explorer's Apollo Client sends it: __typename in every selection (it counts in the cost).
      const result = await t.gql(print(addTypenameToDocument(document)), {});
      const refused = (result.errors ?? []).filter(
        (error) =>
          !(
            error.extensions?.code === 'BAD_USER_INPUT' &&
            /^Variable "\$\w+" of required type/.test(error.message)
          ),
      );
      // Mutations with every argument a variable: nothing runs without them.
      expect(refused.filter((error) => error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toEqual([]);
    },
  );
});
