import { Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { ChangeKind } from '../../common/changes';
import { Node } from '../../common/relay/node';
import { Resource } from '../resources/resource.entity';
import { ResourceProvider } from '../resource-providers/resource-provider.entity';
import { Trait } from '../traits/trait.entity';

registerEnumType(ChangeKind, {
  name: 'ChangeKind',
  description: 'What a committed write did to a node. DELETED events carry the id only (node is null).',
  valuesConfig: {
    CREATED: {
      description:
        'The node was created by the committed write, or (catalogChanged) a namespace came into your sight: made public, given to your project, renamed or associated so that your filters match it.',
    },
    UPDATED: { description: 'The node was changed (for a namespace: also anything in it, in bulk writes).' },
    DELETED: {
      description:
        'The node was deleted, or (catalogChanged) a namespace left your sight: made private, given to another project, renamed or dissociated so that your filters no longer match it. Evict it by id (node is null).',
    },
  },
});

@InterfaceType({ description: 'What every change event carries: what a committed write did, to which node.' })
export abstract class ChangeEvent {
  @Field(() => ChangeKind, { description: 'Created, updated or deleted.' })
  kind: ChangeKind;

  @Field(() => ID, {
    description: 'Global id of the changed node (what `node(id:)` takes; evict it on DELETED).',
  })
  id: string;

  @Field({
    description:
      "This event's change cursor: pass it as `after` to resume the subscription after it (also `changes(after:)`).",
  })
  cursor: string;
}

@ObjectType({
  implements: ChangeEvent,
  description:
    'A namespace, property definition, object or metadef tag changed (bulk writes such as deleteAllTags or an import send one UPDATED event for the namespace).',
})
export class CatalogChangeEvent extends ChangeEvent {
  @Field({ description: 'The node type: Namespace, PropertyDefinition, MetadefObject or MetadefTag.' })
  nodeType: string;

  @Field({ description: 'The namespace the node is (or was) in.' })
  namespace: string;

  @Field(() => Node, { nullable: true, description: 'The node as committed; null once deleted.' })
  node: Promise<Node | null>;
}

@ObjectType({ implements: ChangeEvent, description: 'A trait was created or deleted.' })
export class TraitChangeEvent extends ChangeEvent {
  @Field({ description: 'The trait name (still known after a delete).' })
  name: string;

  @Field(() => Trait, { nullable: true, description: 'The trait; null once deleted.' })
  trait: Promise<Trait | null>;
}

@ObjectType({
  implements: ChangeEvent,
  description:
    'A resource provider was created, renamed, moved (parent changed) or deleted, or its traits changed.',
})
export class ResourceProviderChangeEvent extends ChangeEvent {
  @Field({ description: "The provider's UUID (still known after a delete)." })
  uuid: string;

  @Field(() => Int, { description: 'The generation after the change (a trait change increments it).' })
  generation: number;

  @Field(() => ResourceProvider, { nullable: true, description: 'The provider; null once deleted.' })
  resourceProvider: Promise<ResourceProvider | null>;
}

@ObjectType({
  implements: ChangeEvent,
  description: 'A resource was created or deleted, or its name, tags or properties changed.',
})
export class ResourceChangeEvent extends ChangeEvent {
  @Field({ description: "The resource's UUID (still known after a delete)." })
  uuid: string;

  @Field({ description: 'Its resource type (e.g. OS::Nova::Server).' })
  resourceType: string;

  @Field({ description: 'The project that owns it.' })
  projectId: string;

  @Field(() => Resource, { nullable: true, description: 'The resource; null once deleted.' })
  resource: Promise<Resource | null>;
}
