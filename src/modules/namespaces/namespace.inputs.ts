import { Length, Matches, MaxLength } from 'class-validator';
import { Field, InputType, registerEnumType } from 'type-graphql';
import { OrderDirection } from '../../common/relay/order';
import { ASSOCIATION_LIMITS } from './namespace-resource-type.entity';
import { NAMESPACE_LIMITS, Visibility } from './namespace.entity';

// eslint-disable-next-line no-control-regex
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
export const singleLine = { message: '$property must not contain control characters' };

@InputType({ description: 'Associates a namespace with a resource type (created if unknown).' })
export class ResourceTypeAssociationInput {
  @Field({ description: 'Resource type name, e.g. OS::Nova::Flavor.' })
  @Length(1, 80)
  @Matches(SINGLE_LINE, singleLine)
  name: string;

  @Field(() => String, { nullable: true, description: 'Prefix of property keys on this type, e.g. "hw:".' })
  @MaxLength(ASSOCIATION_LIMITS.prefix)
  @Matches(SINGLE_LINE, singleLine)
  prefix?: string | null;

  @Field(() => String, { nullable: true, description: 'e.g. "image" for OS::Cinder::Volume.' })
  @MaxLength(ASSOCIATION_LIMITS.propertiesTarget)
  @Matches(SINGLE_LINE, singleLine)
  propertiesTarget?: string | null;
}

@InputType({ description: 'Fields left out stay as they are.' })
export class UpdateNamespaceInput {
  @Field(() => String, { nullable: true })
  @Length(1, NAMESPACE_LIMITS.name)
  @Matches(SINGLE_LINE, singleLine)
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  @MaxLength(NAMESPACE_LIMITS.displayName)
  @Matches(SINGLE_LINE, singleLine)
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  @MaxLength(NAMESPACE_LIMITS.description)
  description?: string | null;

  @Field(() => Visibility, { nullable: true })
  visibility?: Visibility | null;

  @Field(() => Boolean, { nullable: true })
  protected?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Admins only.' })
  @Length(1, NAMESPACE_LIMITS.owner)
  @Matches(SINGLE_LINE, singleLine)
  owner?: string | null;
}

@InputType()
export class NamespaceFilter {
  @Field(() => [String], {
    nullable: true,
    description: 'Associated with any of these resource types (as Glance).',
  })
  resourceTypes?: string[] | null;

  @Field(() => Visibility, { nullable: true })
  visibility?: Visibility | null;

  @Field(() => String, { nullable: true, description: 'Owning project.' })
  owner?: string | null;
}

export enum NamespaceOrderField {
  NAME = 'name',
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
}
registerEnumType(NamespaceOrderField, { name: 'NamespaceOrderField' });

@InputType()
export class NamespaceOrder {
  @Field(() => NamespaceOrderField, { defaultValue: NamespaceOrderField.NAME })
  field: NamespaceOrderField;

  @Field(() => OrderDirection, { defaultValue: OrderDirection.ASC })
  direction: OrderDirection;
}
