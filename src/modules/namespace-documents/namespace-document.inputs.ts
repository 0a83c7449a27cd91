import { ArrayMaxSize, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { Visibility } from '../../common/visibility';
import { NAMESPACE_FIELD_DOCS } from '../namespaces/namespace.docs';
import { ResourceTypeAssociationInput } from '../namespaces/namespace.inputs';
import { MetadefObjectInput } from '../properties/object.inputs';
import { PropertyDefinitionInput } from '../properties/property.inputs';

/** The caps on the lists of one CreateNamespaceInput (the per-namespace quotas bound non-admins further). */
const ASSOCIATIONS_MAX = 100;
const DEFINITIONS_MAX = 500;

@InputType({
  description: `A new namespace with, optionally, everything in it: created all or nothing. Lists are capped (${ASSOCIATIONS_MAX} associations, ${DEFINITIONS_MAX} properties, objects or tags; BAD_USER_INPUT past that).`,
})
export class CreateNamespaceInput {
  @Field({ description: NAMESPACE_FIELD_DOCS.name })
  name: string;

  @Field(() => String, { nullable: true, description: NAMESPACE_FIELD_DOCS.displayName })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: NAMESPACE_FIELD_DOCS.description })
  description?: string | null;

  @Field(() => Visibility, {
    nullable: true,
    defaultValue: Visibility.PRIVATE,
    description: NAMESPACE_FIELD_DOCS.visibility,
  })
  visibility?: Visibility | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: NAMESPACE_FIELD_DOCS.protected })
  protected?: boolean | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: NAMESPACE_FIELD_DOCS.complete })
  complete?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: `${NAMESPACE_FIELD_DOCS.owner} Default: the caller's project.`,
  })
  owner?: string | null;

  @Field(() => [ResourceTypeAssociationInput], {
    nullable: true,
    description: `Resource types to associate, each once (BAD_USER_INPUT for a repeat); at most ${ASSOCIATIONS_MAX}.`,
  })
  @ArrayMaxSize(ASSOCIATIONS_MAX)
  @ValidateNested()
  resourceTypeAssociations?: ResourceTypeAssociationInput[] | null;

  @Field(() => [PropertyDefinitionInput], {
    nullable: true,
    description: `Namespace-level properties, created with the namespace; at most ${DEFINITIONS_MAX}.`,
  })
  @ArrayMaxSize(DEFINITIONS_MAX)
  @ValidateNested()
  properties?: PropertyDefinitionInput[] | null;

  @Field(() => [MetadefObjectInput], {
    nullable: true,
    description: `Objects, created with the namespace; at most ${DEFINITIONS_MAX}.`,
  })
  @ArrayMaxSize(DEFINITIONS_MAX)
  @ValidateNested()
  objects?: MetadefObjectInput[] | null;

  @Field(() => [String], {
    nullable: true,
    description: `Metadef tag names (unique ignoring case), created with the namespace as roots; at most ${DEFINITIONS_MAX}.`,
  })
  @ArrayMaxSize(DEFINITIONS_MAX)
  tags?: string[] | null;
}
