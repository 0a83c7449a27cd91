import { IsNull } from 'typeorm';
import type { Context, TxContext } from '../../common/context';
import { ConflictError, NotFoundError, ProblemList, checkText } from '../../common/errors';
import type { Namespace } from '../namespaces/namespace.entity';
import { assertNotProtected, assertWithinQuota, quotaExempt } from '../namespaces/namespace.policy';
import { namespaceService } from '../namespaces/namespace.service';
import { checkParameters } from './property-parameters';
import { checkPropertySchema, propertyInputToDoc } from './property-schema';
import { PROPERTY_NAME_MAX, PropertyDefinition, type PropertySchema } from './property.entity';
import type { PropertyDefinitionInput } from './property.inputs';

/** A property definition as given: a GraphQL input, or a Glance document with its name. */
export type PropertyDoc = PropertyDefinitionInput | ({ name: string } & Record<string, unknown>);

export interface CheckedProperty {
  name: string;
  schema: PropertySchema;
}

/**
 * Validates property definitions (names: 1–80 characters, unique in the list; schemas: see
 * property-schema.ts); `pathOf(index)` is where each sits in the input. Throws one BAD_USER_INPUT with every
 * problem.
 */
function checkPropertyList(
  docs: readonly PropertyDoc[],
  pathOf: (index: number) => string,
): CheckedProperty[] {
  const problems = new ProblemList();
  const checked: CheckedProperty[] = [];
  const seen = new Set<string>();
  docs.forEach((doc, index) => {
    const field = pathOf(index);
    const name = (doc as { name?: unknown }).name;
    if (typeof name !== 'string') {
      problems.add(`${field}.name`, 'is required');
    } else {
      problems.check(() => {
        checkText(`${field}.name`, name, { min: 1, max: PROPERTY_NAME_MAX });
        if (seen.has(name)) problems.add(`${field}.name`, `"${name}" is listed twice`);
        seen.add(name);
      });
    }
    const result = checkPropertySchema(propertyInputToDoc(doc), field);
    if (result.schema && typeof name === 'string') {
      const placeholderProblems = checkParameters(name, result.schema.parameters, field);
      if (placeholderProblems.length) problems.addAll(placeholderProblems);
      else checked.push({ name, schema: result.schema });
    }
    problems.addAll(result.problems);
  });
  problems.throwIfAny();
  return checked;
}

/** A list of property definitions at `<prefix>.<index>` (e.g. `input.properties.2.maximum`). */
export function checkProperties(docs: readonly PropertyDoc[], prefix: string): CheckedProperty[] {
  return checkPropertyList(docs, (index) => `${prefix}.${index}`);
}

/** One property definition at `prefix` (e.g. `input.maximum`). */
export function checkProperty(doc: PropertyDoc, prefix: string): CheckedProperty {
  return checkPropertyList([doc], () => prefix)[0];
}

export const PROPERTY_QUOTA = (ctx: Context) => ({
  what: 'property definitions',
  env: 'METADEF_PROPERTIES_PER_NAMESPACE',
  limit: ctx.config.catalog.quotas.propertiesPerNamespace,
});

export class PropertyService {
  /** Non-admin writers: every property definition of the namespace (its objects' included) counts. */
  async checkQuota(tx: TxContext, namespace: Namespace, adding: number): Promise<void> {
    if (adding <= 0 || quotaExempt(tx)) return;
    const existing = await tx.db.getRepository(PropertyDefinition).countBy({ namespaceId: namespace.pk });
    assertWithinQuota(tx, namespace, PROPERTY_QUOTA(tx), existing, adding);
  }

  /** Inserts validated properties of a namespace (objectId null) or of an object. */
  async insert(
    tx: TxContext,
    namespace: Namespace,
    objectId: number | null,
    properties: CheckedProperty[],
  ): Promise<PropertyDefinition[]> {
    if (!properties.length) return [];
    const repository = tx.db.getRepository(PropertyDefinition);
    const rows = properties.map(({ name, schema }) =>
      repository.create({ namespaceId: namespace.pk, objectId, storedName: name, schema }),
    );
    return repository.save(rows);
  }

  /** Adds namespace-level properties, failing CONFLICT on a name already taken. */
  async add(
    tx: TxContext,
    namespace: Namespace,
    docs: readonly PropertyDoc[],
    prefix: string,
  ): Promise<void> {
    const checked = checkProperties(docs, prefix);
    await this.checkQuota(tx, namespace, checked.length);
    for (const [index, property] of checked.entries()) {
      if (await this.find(tx, namespace, property.name)) {
        throw new ConflictError(
          `Property "${property.name}" already exists in namespace "${namespace.name}" (${prefix}.${index}.name)`,
        );
      }
    }
    await this.insert(tx, namespace, null, checked);
  }

  find(ctx: Context, namespace: Namespace, name: string): Promise<PropertyDefinition | null> {
    return ctx.db
      .getRepository(PropertyDefinition)
      .findOneBy({ namespaceId: namespace.pk, objectId: IsNull(), storedName: name });
  }

  async get(ctx: Context, namespaceName: string, name: string): Promise<PropertyDefinition | null> {
    const namespace = await namespaceService.getByName(ctx, namespaceName);
    return namespace && this.find(ctx, namespace, name);
  }

  create(ctx: Context, namespaceName: string, input: PropertyDefinitionInput): Promise<PropertyDefinition> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'add_metadef_property');
      const property = checkProperty(input, 'input');
      await this.checkQuota(tx, namespace, 1);
      if (await this.find(tx, namespace, property.name)) {
        throw new ConflictError(
          `Property "${property.name}" already exists in namespace "${namespace.name}"`,
        );
      }
      const [row] = await this.insert(tx, namespace, null, [property]);
      return row;
    });
  }

  /** Replaces a definition; a new name must be free. */
  update(
    ctx: Context,
    namespaceName: string,
    name: string,
    input: PropertyDefinitionInput,
  ): Promise<PropertyDefinition> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'modify_metadef_property');
      const existing = await this.find(tx, namespace, name);
      if (!existing) throw new NotFoundError(`Property of namespace "${namespace.name}"`, name);
      const property = checkProperty(input, 'input');
      if (property.name !== name && (await this.find(tx, namespace, property.name))) {
        throw new ConflictError(
          `Property "${property.name}" already exists in namespace "${namespace.name}"`,
        );
      }
      const saved = await this.replace(tx, existing, property);
      return saved;
    });
  }

  /** Overwrites one stored definition (same row: its key and relations stay). */
  async replace(
    tx: TxContext,
    existing: PropertyDefinition,
    property: CheckedProperty,
  ): Promise<PropertyDefinition> {
    existing.storedName = property.name;
    existing.schema = property.schema;
    return tx.db.getRepository(PropertyDefinition).save(existing);
  }

  delete(ctx: Context, namespaceName: string, name: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'remove_metadef_property');
      const existing = await this.find(tx, namespace, name);
      if (!existing) throw new NotFoundError(`Property of namespace "${namespace.name}"`, name);
      assertNotProtected(namespace, 'its properties');
      await tx.db.getRepository(PropertyDefinition).delete({ pk: existing.pk });
      return true;
    });
  }

  /** Deletes the namespace-level properties (not those of objects); returns how many. */
  deleteAll(ctx: Context, namespaceName: string): Promise<number> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'remove_metadef_property');
      assertNotProtected(namespace, 'its properties');
      const result = await tx.db
        .getRepository(PropertyDefinition)
        .delete({ namespaceId: namespace.pk, objectId: IsNull() });
      return result.affected ?? 0;
    });
  }
}

export const propertyService = new PropertyService();
