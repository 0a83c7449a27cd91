import { ArrayMaxSize, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { NAMESPACE_LIMITS, Visibility } from '../namespaces/namespace.entity';
import { ResourceTypeAssociationInput } from '../namespaces/namespace.inputs';
import { MetadefObjectInput } from '../objects/object.inputs';
import { PropertyDefinitionInput } from '../properties/property.inputs';

@InputType()
export class CreateNamespaceInput {
  @Field({ description: `Unique name, 1–${NAMESPACE_LIMITS.name} characters.` })
  name: string;

  @Field(() => String, { nullable: true })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Visibility, { nullable: true, defaultValue: Visibility.PRIVATE })
  visibility?: Visibility | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  protected?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: "Owning project; admins only. Default: the caller's project.",
  })
  owner?: string | null;

  @Field(() => [ResourceTypeAssociationInput], { nullable: true })
  @ArrayMaxSize(100)
  @ValidateNested()
  resourceTypeAssociations?: ResourceTypeAssociationInput[] | null;

  @Field(() => [PropertyDefinitionInput], {
    nullable: true,
    description: 'Namespace-level properties, created with the namespace (all or nothing).',
  })
  @ArrayMaxSize(500)
  @ValidateNested()
  properties?: PropertyDefinitionInput[] | null;

  @Field(() => [MetadefObjectInput], { nullable: true, description: 'Objects, created with the namespace.' })
  @ArrayMaxSize(500)
  @ValidateNested()
  objects?: MetadefObjectInput[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Metadef tag names (unique ignoring case), created with the namespace.',
  })
  @ArrayMaxSize(500)
  tags?: string[] | null;
}
