import { Field, InputType, registerEnumType } from 'type-graphql';
import { OrderDirection } from '../../common/relay/order';
import { ASSOCIATION_LIMITS } from './namespace-resource-type.entity';
import { NAMESPACE_FIELD_DOCS } from './namespace.docs';
import { Visibility } from '../../common/visibility';

@InputType({
  description: 'Associates a namespace with a resource type (an unknown type is registered for admins only).',
})
export class ResourceTypeAssociationInput {
  @Field({
    description:
      'Resource type name, e.g. OS::Nova::Flavor. An unknown name is registered for admins; BAD_USER_INPUT for others. CONFLICT when the namespace is already associated with it.',
  })
  name: string;

  @Field(() => String, {
    nullable: true,
    description: `Prefix of property keys on this type, e.g. "hw:", at most ${ASSOCIATION_LIMITS.prefix} characters; null: none.`,
  })
  prefix?: string | null;

  @Field(() => String, {
    nullable: true,
    description: `Which key/value set of the resource the properties go to, e.g. "image" for OS::Cinder::Volume; at most ${ASSOCIATION_LIMITS.propertiesTarget} characters.`,
  })
  propertiesTarget?: string | null;
}

@InputType({
  description:
    'Changes to a namespace: fields left out stay as they are. All problems come in one BAD_USER_INPUT naming each field.',
})
export class UpdateNamespaceInput {
  @Field(() => String, {
    nullable: true,
    description: `A new name: ${NAMESPACE_FIELD_DOCS.name} null: BAD_USER_INPUT.`,
  })
  name?: string | null;

  @Field(() => String, { nullable: true, description: `${NAMESPACE_FIELD_DOCS.displayName} null clears it.` })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: `${NAMESPACE_FIELD_DOCS.description} null clears it.` })
  description?: string | null;

  @Field(() => Visibility, {
    nullable: true,
    description: `${NAMESPACE_FIELD_DOCS.visibility} null: BAD_USER_INPUT.`,
  })
  visibility?: Visibility | null;

  @Field(() => Boolean, {
    nullable: true,
    description: `${NAMESPACE_FIELD_DOCS.protected} null: BAD_USER_INPUT.`,
  })
  protected?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: `${NAMESPACE_FIELD_DOCS.complete} null: BAD_USER_INPUT.`,
  })
  complete?: boolean | null;

  @Field(() => String, { nullable: true, description: `${NAMESPACE_FIELD_DOCS.owner} null: BAD_USER_INPUT.` })
  owner?: string | null;
}

@InputType({ description: 'Which namespaces to list; conditions given combine with AND.' })
export class NamespaceFilter {
  @Field(() => [String], {
    nullable: true,
    description:
      'Associated with at least one of these resource types (as Glance). An empty list matches no namespace, as in Glance; leave the field out (or null) for no condition.',
  })
  resourceTypes?: string[] | null;

  @Field(() => Visibility, { nullable: true, description: 'Only namespaces with this visibility.' })
  visibility?: Visibility | null;

  @Field(() => String, { nullable: true, description: 'Only namespaces this project owns.' })
  owner?: string | null;
}

export enum NamespaceOrderField {
  NAME = 'name',
  DISPLAY_NAME = 'displayName',
  PROTECTED = 'protected',
  VISIBILITY = 'visibility',
  OWNER = 'owner',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(NamespaceOrderField, {
  name: 'NamespaceOrderField',
  description:
    "What namespaces can be sorted by (Glance's sort_key). Text by code point (byte order); ties are broken by creation order.",
  valuesConfig: {
    NAME: { description: 'The name, by code point (byte order).' },
    DISPLAY_NAME: {
      description: 'The display name, by code point; namespaces without one come first (as an empty one).',
    },
    PROTECTED: { description: 'Unprotected ones first (ascending), then protected ones.' },
    VISIBILITY: { description: 'The visibility as Glance spells it: "private" before "public" (ascending).' },
    OWNER: { description: 'The owning project, by code point.' },
    CREATED_AT: { description: 'When it was created.' },
    UPDATED_AT: { description: 'When it last changed.' },
  },
});

@InputType({
  description: 'The order of a namespace list; a cursor is valid only for the order it was made in.',
})
export class NamespaceOrder {
  @Field(() => NamespaceOrderField, { defaultValue: NamespaceOrderField.NAME, description: 'The sort key.' })
  field: NamespaceOrderField;

  @Field(() => OrderDirection, { defaultValue: OrderDirection.ASC, description: 'The direction.' })
  direction: OrderDirection;
}
