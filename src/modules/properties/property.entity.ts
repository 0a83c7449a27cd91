import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, UpdatedAt, TIMESTAMP_DOCS } from '../../common/columns';
import { Node } from '../../common/relay/node';
import { JSONScalar } from '../../common/scalars';
import { Namespace } from '../namespaces/namespace.entity';
import { ViewableNodeEntity } from '../namespaces/resource-type-view';
import { MetadefObject } from './object.entity';
import { KIND_DOCS, ParameterKind, type PropertyParameterDoc } from './property-parameters';
import { ITEMS_DOCS, PARAMETER_DOCS, PROPERTY_KEYWORD_DOCS } from './property.docs';

export enum PropertyType {
  STRING = 'string',
  INTEGER = 'integer',
  NUMBER = 'number',
  BOOLEAN = 'boolean',
  ARRAY = 'array',
}
registerEnumType(PropertyType, {
  name: 'PropertyType',
  description: 'The types a property value may have (JSON-schema types of the metadefs spec).',
  valuesConfig: {
    STRING: { description: 'Text (JSON-schema "string").' },
    INTEGER: { description: 'A whole number (JSON-schema "integer").' },
    NUMBER: { description: 'Any number (JSON-schema "number").' },
    BOOLEAN: { description: 'true or false (JSON-schema "boolean").' },
    ARRAY: { description: 'A list of items of a primitive type (JSON-schema "array", with items).' },
  },
});

registerEnumType(ParameterKind, {
  name: 'ParameterKind',
  description: 'What the text of a placeholder of a parameterized property name may be.',
  valuesConfig: {
    NUMBER: { description: KIND_DOCS.number },
    GROUP: { description: KIND_DOCS.group },
    TRAIT: { description: KIND_DOCS.trait },
    RESOURCE_CLASS: { description: KIND_DOCS.resourceClass },
    TEXT: { description: KIND_DOCS.text },
  },
});

@ObjectType({
  description: 'One placeholder of a parameterized property name, e.g. {num} in hw:numa_cpus.{num}.',
})
export class PropertyParameter {
  @Field({ description: PARAMETER_DOCS.name })
  name: string;

  @Field(() => ParameterKind, { description: PARAMETER_DOCS.kind })
  kind: ParameterKind;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.pattern })
  pattern?: string;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.description })
  description?: string;
}

@ObjectType({ description: 'Why a property is deprecated, and what to use instead.' })
export class PropertyDeprecation {
  @Field({ description: PARAMETER_DOCS.reason })
  reason: string;

  @Field(() => String, { nullable: true, description: PARAMETER_DOCS.replacement })
  replacement?: string;
}

export const PROPERTY_NAME_MAX = 80;

/**
 * The stored JSON-schema document of one property, in Glance's format (without its name): the restricted
 * property meta-schema of the metadefs spec, plus `operators` (multivalue operators spec).
 */
export interface PropertySchema {
  type: `${PropertyType}`;
  title: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  readonly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: { type?: `${PropertyType}`; enum?: unknown[] };
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  additionalItems?: boolean;
  operators?: string[];
  /** Our extensions: the placeholders of a parameterized name, a deprecation, enum case rules, leniency. */
  parameters?: PropertyParameterDoc[];
  deprecated?: { reason: string; replacement?: string };
  caseInsensitive?: boolean;
  lenient?: boolean;
}

@ObjectType({ description: 'The type and allowed values of the items of an ARRAY property.' })
export class PropertyItems {
  @Field(() => PropertyType, { nullable: true, description: ITEMS_DOCS.type })
  type?: PropertyType;

  @Field(() => [JSONScalar], { nullable: true, description: ITEMS_DOCS.enum })
  enum?: unknown[];
}

/**
 * A property definition: of a namespace (objectId null) or of an object in it. Its constraints live in
 * `schema` (jsonb); the GraphQL fields read from it. Seen in a resource type view (see ViewableNodeEntity) the
 * same row is shown as `hw:cpu_cores` or `hw_cpu_cores`, each with its own id.
 */
@Entity('metadef_properties')
@Index('metadef_properties_namespace_id_name_key', ['namespaceId', 'storedName'], {
  unique: true,
  where: 'object_id IS NULL',
})
@Index('metadef_properties_object_id_name_key', ['objectId', 'storedName'], {
  unique: true,
  where: 'object_id IS NOT NULL',
})
@ObjectType('PropertyDefinition', {
  implements: Node,
  description:
    'The definition of one metadata key (a Glance metadefs property): its type and the constraints its values must satisfy, in a namespace or in one of its objects.',
})
export class PropertyDefinition extends ViewableNodeEntity implements Node {
  static readonly nodeType = 'PropertyDefinition';

  @Column({ type: 'integer' })
  namespaceId: number;

  @ManyToOne(() => Namespace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'namespace_id' })
  namespace?: Namespace;

  @Column({ type: 'integer', nullable: true })
  objectId: number | null;

  @ManyToOne(() => MetadefObject, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'object_id' })
  object?: MetadefObject | null;

  @Field({ description: 'The name as stored in the namespace, without any resource type prefix.' })
  @Column({ name: 'name', type: 'varchar', length: PROPERTY_NAME_MAX, collation: 'C' })
  storedName: string;

  @Field(() => JSONScalar, { description: 'The stored JSON-schema document of this property.' })
  @Column({ type: 'jsonb' })
  schema: PropertySchema;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.createdAt })
  @CreatedAt()
  createdAt: Date;

  @Field({ nullable: true, description: TIMESTAMP_DOCS.updatedAt })
  @UpdatedAt()
  updatedAt: Date;

  @Field({
    description: 'The key: the stored name, with the prefix of the resource type view when there is one.',
  })
  get name(): string {
    return this.view ? this.view.name(this.storedName) : this.storedName;
  }

  @Field({ description: PROPERTY_KEYWORD_DOCS.title })
  get title(): string {
    return this.schema.title;
  }

  @Field(() => String, { nullable: true, description: PROPERTY_KEYWORD_DOCS.description })
  get description(): string | undefined {
    return this.schema.description;
  }

  @Field(() => PropertyType, { description: PROPERTY_KEYWORD_DOCS.type })
  get type(): PropertyType {
    return this.schema.type as PropertyType;
  }

  @Field(() => JSONScalar, { nullable: true, description: PROPERTY_KEYWORD_DOCS.default })
  get default(): unknown {
    return this.schema.default;
  }

  @Field(() => [JSONScalar], { nullable: true, description: PROPERTY_KEYWORD_DOCS.enum })
  get enum(): unknown[] | undefined {
    return this.schema.enum;
  }

  @Field(() => Boolean, { nullable: true, description: PROPERTY_KEYWORD_DOCS.readonly })
  get readonly(): boolean | undefined {
    return this.schema.readonly;
  }

  @Field(() => Float, { nullable: true, description: PROPERTY_KEYWORD_DOCS.minimum })
  get minimum(): number | undefined {
    return this.schema.minimum;
  }

  @Field(() => Float, { nullable: true, description: PROPERTY_KEYWORD_DOCS.maximum })
  get maximum(): number | undefined {
    return this.schema.maximum;
  }

  @Field(() => Int, { nullable: true, description: PROPERTY_KEYWORD_DOCS.minLength })
  get minLength(): number | undefined {
    return this.schema.minLength;
  }

  @Field(() => Int, { nullable: true, description: PROPERTY_KEYWORD_DOCS.maxLength })
  get maxLength(): number | undefined {
    return this.schema.maxLength;
  }

  @Field(() => String, { nullable: true, description: PROPERTY_KEYWORD_DOCS.pattern })
  get pattern(): string | undefined {
    return this.schema.pattern;
  }

  @Field(() => PropertyItems, { nullable: true, description: PROPERTY_KEYWORD_DOCS.items })
  get items(): PropertyItems | undefined {
    return this.schema.items as PropertyItems | undefined;
  }

  @Field(() => Int, { nullable: true, description: PROPERTY_KEYWORD_DOCS.minItems })
  get minItems(): number | undefined {
    return this.schema.minItems;
  }

  @Field(() => Int, { nullable: true, description: PROPERTY_KEYWORD_DOCS.maxItems })
  get maxItems(): number | undefined {
    return this.schema.maxItems;
  }

  @Field(() => Boolean, { nullable: true, description: PROPERTY_KEYWORD_DOCS.uniqueItems })
  get uniqueItems(): boolean | undefined {
    return this.schema.uniqueItems;
  }

  @Field(() => Boolean, { nullable: true, description: PROPERTY_KEYWORD_DOCS.additionalItems })
  get additionalItems(): boolean | undefined {
    return this.schema.additionalItems;
  }

  @Field(() => [String], { nullable: true, description: PROPERTY_KEYWORD_DOCS.operators })
  get operators(): string[] | undefined {
    return this.schema.operators;
  }

  @Field(() => [PropertyParameter], { description: PROPERTY_KEYWORD_DOCS.parameters })
  get parameters(): PropertyParameter[] {
    return (this.schema.parameters ?? []) as PropertyParameter[];
  }

  @Field(() => PropertyDeprecation, { nullable: true, description: PROPERTY_KEYWORD_DOCS.deprecated })
  get deprecated(): PropertyDeprecation | undefined {
    return this.schema.deprecated;
  }

  @Field(() => Boolean, { nullable: true, description: PROPERTY_KEYWORD_DOCS.caseInsensitive })
  get caseInsensitive(): boolean | undefined {
    return this.schema.caseInsensitive;
  }

  @Field(() => Boolean, { nullable: true, description: PROPERTY_KEYWORD_DOCS.lenient })
  get lenient(): boolean | undefined {
    return this.schema.lenient;
  }
}
