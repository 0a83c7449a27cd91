import { type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from './page-info.type';
import type { Page } from './paginate';

export interface ConnectionShape<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount(): Promise<number>;
}

/**
 * Builds the `XConnection` and `XEdge` types of a node type. `totalCount` is counted only when selected.
 */
export function ConnectionType<T extends object>(name: string, nodeType: ClassType<T>) {
  @ObjectType(`${name}Edge`, {
    simpleResolvers: true,
    description: `One ${name} of a page, with its cursor.`,
  })
  class Edge {
    @Field({
      description: 'Opaque position of this item: pass it as after (or before) to continue from here.',
    })
    cursor: string;

    @Field(() => nodeType, { description: `The ${name}.` })
    node: T;
  }

  @ObjectType(`${name}Connection`, {
    description: `A page of ${name} items (Relay connection): edges with cursors, or nodes alone, and pageInfo.`,
  })
  class Connection implements ConnectionShape<T> {
    @Field(() => [Edge], { description: 'The items of this page, each with its cursor.' })
    get edges(): Edge[] {
      const page = this.page;
      return (this.madeEdges ??= page.items.map((node, index) => ({ cursor: page.cursors[index], node })));
    }

    @Field(() => [nodeType], {
      description: 'The items of this page, without cursors (same order as edges).',
    })
    get nodes(): T[] {
      return this.page.items;
    }

    @Field(() => PageInfo, { description: 'Whether there are more items, and the cursors to reach them.' })
    get pageInfo(): PageInfo {
      const page = this.page;
      return {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.hasPreviousPage,
        // Cursors are made only when one is selected.
        get startCursor() {
          return page.cursors[0] ?? null;
        },
        get endCursor() {
          return page.cursors[page.cursors.length - 1] ?? null;
        },
      };
    }

    private page: Page<T>;
    private madeEdges: Edge[] | undefined;

    @Field(() => Int, {
      description:
        'All items matching the filter, across pages (counted only when selected: one more query).',
    })
    totalCount(): Promise<number> {
      return this.page.count();
    }

    /** A page as a connection: edges, cursors and pageInfo are made when selected. */
    static from(page: Page<T>): Connection {
      const connection = new Connection();
      connection.page = page;
      return connection;
    }
  }

  return Connection;
}
