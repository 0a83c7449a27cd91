import { expectError, type TestApp, type Who } from './test-app';

export interface ConnectionUnderTest {
  /**
   * A query with variables $first, $after (and $last, $before unless `forwardOnly`) returning the connection
   * at `data[field]`; `field` may be a path (`node.namespaces`).
   */
  query: string;
  field: string;
  /** Extra variables (e.g. a filter selecting exactly the items this test made). */
  variables?: Record<string, unknown>;
  /** The identifiers of the items the list holds, in its order. */
  expected: string[];
  key: (node: Record<string, unknown>) => string;
  as?: Who;
}

/**
 * The pagination contract every connection keeps (STYLE.md): pages forward and backward cover the list in
 * order without gaps or repeats, pageInfo is right at both ends, a tampered or foreign cursor is
 * BAD_USER_INPUT naming the argument, `first` over the cap is capped, negative sizes are rejected.
 */
export function describePaginationContract(
  name: string,
  setup: () => Promise<{ t: TestApp; list: ConnectionUnderTest; close?: () => Promise<void> }>,
  /** forwardOnly: a connection that pages forward only (ranked or aggregated lists: no `last`/`before`). */
  { forwardOnly = false }: { forwardOnly?: boolean } = {},
) {
  describe(`${name}: pagination contract`, () => {
    let t: TestApp;
    let list: ConnectionUnderTest;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ t, list, close } = await setup());
      expect(list.expected.length).toBeGreaterThanOrEqual(5);
    });
    afterAll(() => close?.());

    const page = async (variables: Record<string, unknown>) => {
      const data = await t.ok(list.query, { ...list.variables, ...variables }, list.as);
      return list.field.split('.').reduce((value, key) => value[key], data);
    };
    const backward = (name: string, test: () => Promise<void>) => (forwardOnly ? undefined : it(name, test));

    it('pages forward in order, with totalCount and pageInfo', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const connection = await page({ first: 2, after });
        pages += 1;
        expect(connection.totalCount).toBe(list.expected.length);
        expect(
          connection.edges.map((edge: { node: Record<string, unknown> }) => list.key(edge.node)),
        ).toEqual(connection.nodes.map(list.key));
        seen.push(...connection.nodes.map(list.key));
        expect(connection.pageInfo.hasPreviousPage).toBe(after !== null);
        if (connection.nodes.length) {
          expect(connection.pageInfo.startCursor).toBe(connection.edges[0].cursor);
          expect(connection.pageInfo.endCursor).toBe(connection.edges[connection.edges.length - 1].cursor);
        }
        if (!connection.pageInfo.hasNextPage) break;
        after = connection.pageInfo.endCursor;
      }
      expect(seen).toEqual(list.expected);
      expect(pages).toBe(Math.ceil(list.expected.length / 2));
    });

    backward('pages backward in order', async () => {
      const seen: string[] = [];
      let before: string | null = null;
      for (;;) {
        const connection = await page({ last: 2, before });
        seen.unshift(...connection.nodes.map(list.key));
        if (!connection.pageInfo.hasPreviousPage) break;
        before = connection.pageInfo.startCursor;
      }
      expect(seen).toEqual(list.expected);
    });

    it('rejects a tampered cursor naming the argument', async () => {
      const connection = await page({ first: 1 });
      const cursor: string = connection.pageInfo.endCursor;
      // Every cursor of ours is a JSON array; its last element (an id, an offset, a name) becomes an object.
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
      const tampered = Buffer.from(JSON.stringify([...decoded.slice(0, -1), {}])).toString('base64url');
      expectError(
        await t.gql(list.query, { ...list.variables, first: 1, after: tampered }, list.as),
        'BAD_USER_INPUT',
        'after',
      );
      expectError(
        await t.gql(list.query, { ...list.variables, first: 1, after: 'not a cursor' }, list.as),
        'BAD_USER_INPUT',
        'after',
      );
      if (forwardOnly) return;
      expectError(
        await t.gql(list.query, { ...list.variables, last: 1, before: '!!' }, list.as),
        'BAD_USER_INPUT',
        'before',
      );
    });

    it('caps first at 500 and rejects negative sizes and mixed directions', async () => {
      const connection = await page({ first: 100000 });
      expect(connection.nodes.length).toBe(Math.min(list.expected.length, 500));
      expectError(
        await t.gql(list.query, { ...list.variables, first: -1 }, list.as),
        'BAD_USER_INPUT',
        'first',
      );
      if (forwardOnly) return;
      expectError(
        await t.gql(list.query, { ...list.variables, last: -1 }, list.as),
        'BAD_USER_INPUT',
        'last',
      );
      expectError(
        await t.gql(list.query, { ...list.variables, first: 1, last: 1 }, list.as),
        'BAD_USER_INPUT',
        'last',
      );
    });

    it('first: 0 returns no items but tells whether there are some', async () => {
      const connection = await page({ first: 0 });
      expect(connection.nodes).toEqual([]);
      expect(connection.pageInfo.hasNextPage).toBe(true);
    });
  });
}
