import { Field, InputType, registerEnumType } from 'type-graphql';
import { OrderDirection } from '../../common/relay/order';
import { Visibility } from './namespace.entity';

@InputType({
  description: 'Associates a namespace with a resource type (an unknown type is registered for admins only).',
})
export class ResourceTypeAssociationInput {
  @Field({ description: 'Resource type name, e.g. OS::Nova::Flavor.' })
  name: string;

  @Field(() => String, { nullable: true, description: 'Prefix of property keys on this type, e.g. "hw:".' })
  prefix?: string | null;

  @Field(() => String, { nullable: true, description: 'e.g. "image" for OS::Cinder::Volume.' })
  propertiesTarget?: string | null;
}

@InputType({ description: 'Fields left out stay as they are.' })
export class UpdateNamespaceInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  description?: string | null;

  @Field(() => Visibility, { nullable: true })
  visibility?: Visibility | null;

  @Field(() => Boolean, { nullable: true })
  protected?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Admins only.' })
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
