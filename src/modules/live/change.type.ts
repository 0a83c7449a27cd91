import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../../common/relay/connection.type';
import { Node } from '../../common/relay/node';
import { DateTimeScalar } from '../../common/scalars';
import { ChangeKind } from '../../common/changes';

export enum ChangeVia {
  GRAPHQL = 'graphql',
  REST = 'rest',
  CLI = 'cli',
  IMPORT = 'import',
  SQL = 'sql',
}
registerEnumType(ChangeVia, {
  name: 'ChangeVia',
  description: 'The way a change came in.',
  valuesConfig: {
    GRAPHQL: { description: 'This API (HTTP or WebSocket).' },
    REST: { description: "The OpenStack REST routes (Placement's /traits, …), each a GraphQL operation." },
    CLI: { description: 'A `metacatalog` command (seeds, traits sync, restore).' },
    IMPORT: { description: 'The Glance definition importer (`metadefs load`).' },
    SQL: { description: 'SQL by hand: no actor was named by the transaction.' },
  },
});

@ObjectType({ description: 'Who made a change.' })
export class ChangeActor {
  @Field(() => ChangeVia, { description: 'The way in.' })
  via: ChangeVia;

  @Field(() => String, { nullable: true, description: "The caller's project (null for SQL by hand)." })
  projectId: string | null;

  @Field(() => String, { nullable: true, description: "The caller's user (null when unknown)." })
  userId: string | null;
}

@ObjectType({
  description:
    'One record of the change log: what one committed transaction did to one node (several writes of one node in one transaction are one record).',
})
export class Change {
  @Field({ description: 'Its change cursor: `after` of `changes`, `history` and of every subscription.' })
  cursor: string;

  @Field(() => ChangeKind, { description: 'Created, updated or deleted.' })
  kind: ChangeKind;

  @Field(() => ID, { description: 'Global id of the node (what `node(id:)` took; it may be gone now).' })
  nodeId: string;

  @Field({ description: 'Its GraphQL type (Namespace, PropertyDefinition, Trait, Resource, …).' })
  nodeType: string;

  @Field({
    description:
      "Whether it went (or came) with its container: a namespace's content deleted with it, an object's properties. Subscriptions tell the container only.",
  })
  contained: boolean;

  @Field(() => DateTimeScalar, { description: 'When its transaction committed.' })
  committedAt: Date;

  @Field({
    description: 'Its transaction: the records of one transaction share it, and have consecutive cursors.',
  })
  transactionId: string;

  @Field(() => ChangeActor, { description: 'Who made it.' })
  actor: ChangeActor;

  @Field(() => String, {
    nullable: true,
    description: 'Catalog nodes: the namespace (its name when the transaction committed).',
  })
  namespace: string | null;

  @Field(() => String, { nullable: true, description: 'Resources: their resource type.' })
  resourceType: string | null;

  @Field(() => String, { nullable: true, description: 'Resources: their project.' })
  projectId: string | null;

  @Field(() => Node, {
    nullable: true,
    description: 'The node as it is now, as the caller may see it: null once deleted or not visible.',
  })
  node: Promise<Node | null>;
}

export const ChangeConnection = ConnectionType('Change', Change);
export type ChangeConnection = InstanceType<typeof ChangeConnection>;

@InputType({ description: 'Which changes to list (all of them must hold; omitted: any).' })
export class ChangeFilter {
  @Field(() => [String], { nullable: true, description: 'Only nodes of these GraphQL types.' })
  types?: string[] | null;

  @Field(() => [ChangeKind], { nullable: true, description: 'Only these kinds.' })
  kinds?: ChangeKind[] | null;

  @Field(() => ID, {
    nullable: true,
    description:
      "Only this node's changes (also once it is gone). BAD_USER_INPUT when it is not a global id.",
  })
  nodeId?: string | null;

  @Field(() => String, { nullable: true, description: 'Only catalog nodes of this namespace (by name).' })
  namespace?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only resources of this resource type, and catalog nodes of namespaces associated with it.',
  })
  resourceType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Only this project's resources, and catalog nodes of the namespaces it owns.",
  })
  project?: string | null;
}
