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
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor: string;

    @Field(() => nodeType)
    node: T;
  }

  @ObjectType(`${name}Connection`)
  class Connection implements ConnectionShape<T> {
    @Field(() => [Edge])
    edges: Edge[];

    @Field(() => [nodeType])
    nodes: T[];

    @Field(() => PageInfo)
    pageInfo: PageInfo;

    private count: () => Promise<number>;

    @Field(() => Int, { description: 'All items matching the filter, across pages.' })
    totalCount(): Promise<number> {
      return this.count();
    }

    static from(page: Page<T>): Connection {
      const connection = new Connection();
      connection.edges = page.items.map((node, index) => ({ cursor: page.cursors[index], node }));
      connection.nodes = page.items;
      connection.pageInfo = {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.hasPreviousPage,
        startCursor: page.cursors[0] ?? null,
        endCursor: page.cursors[page.cursors.length - 1] ?? null,
      };
      connection.count = page.count;
      return connection;
    }
  }

  return Connection;
}
