import { PrimaryGeneratedColumn } from 'typeorm';
import { encodeGlobalId } from './global-id';
import type { Node } from './node';

/**
 * The base of every entity that is a GraphQL node: the database key `pk`, and the opaque global `id`
 * derived from it (the `Node` interface's `id` field reads this getter). A subclass names its GraphQL type
 * in `static nodeType`; its module defines the fetcher with `defineNodeType` under the same name, listed in
 * app/schema.ts.
 */
export abstract class NodeEntity implements Node {
  @PrimaryGeneratedColumn({ name: 'id' })
  pk: number;

  static readonly nodeType: string;

  get id(): string {
    return encodeGlobalId((this.constructor as typeof NodeEntity).nodeType, this.nodeKey);
  }

  /** The key part of the global id: the database key, unless a subclass names something more specific. */
  protected get nodeKey(): string | number {
    return this.pk;
  }
}
