import type { Context, TxContext } from '../../common/context';
import { ConflictError, NotFoundError, ProblemList, checkText } from '../../common/errors';
import type { Namespace } from '../namespaces/namespace.entity';
import { assertNotProtected, assertWithinQuota, quotaExempt } from '../namespaces/namespace.policy';
import { namespaceService } from '../namespaces/namespace.service';
import { PropertyDefinition } from './property.entity';
import { checkProperties, propertyService, type CheckedProperty, type PropertyDoc } from './property.service';
import { OBJECT_DESCRIPTION_MAX, OBJECT_NAME_MAX, MetadefObject } from './object.entity';

/** An object as given: the GraphQL input, or the same shape built from a Glance document. */
export interface ObjectDoc {
  name: string;
  description?: string | null;
  required?: string[] | null;
  properties?: readonly PropertyDoc[] | null;
}

interface CheckedObject {
  name: string;
  description: string | null;
  required: string[];
  properties: CheckedProperty[];
}

/** Validates an object: name, description, its properties, and `required` naming its own properties. */
export function checkObject(input: ObjectDoc, prefix: string): CheckedObject {
  const problems = new ProblemList();
  problems.check(() => checkText(`${prefix}.name`, input.name, { min: 1, max: OBJECT_NAME_MAX }));
  if (input.description != null) {
    problems.check(() =>
      checkText(`${prefix}.description`, input.description!, {
        max: OBJECT_DESCRIPTION_MAX,
        multiline: true,
      }),
    );
  }
  let properties: CheckedProperty[] = [];
  problems.check(() => {
    properties = checkProperties(input.properties ?? [], `${prefix}.properties`);
  });
  const names = new Set((input.properties ?? []).map((property) => property.name));
  const required = input.required ?? [];
  const seen = new Set<string>();
  required.forEach((name, index) => {
    if (!names.has(name)) {
      problems.add(`${prefix}.required.${index}`, `"${name}" is not a property of the object`);
    } else if (seen.has(name)) {
      problems.add(`${prefix}.required.${index}`, `"${name}" is listed twice`);
    }
    seen.add(name);
  });
  problems.throwIfAny();
  return { name: input.name, description: input.description ?? null, required, properties };
}

export class ObjectService {
  private quota(ctx: Context) {
    return {
      what: 'objects',
      env: 'METADEF_OBJECTS_PER_NAMESPACE',
      limit: ctx.config.catalog.quotas.objectsPerNamespace,
    };
  }

  find(ctx: Context, namespace: Namespace, name: string): Promise<MetadefObject | null> {
    return ctx.db.getRepository(MetadefObject).findOneBy({ namespaceId: namespace.pk, name });
  }

  /** Adds objects (with their properties) to a namespace; CONFLICT on a name already taken. */
  async add(
    tx: TxContext,
    namespace: Namespace,
    inputs: readonly ObjectDoc[],
    prefix: string,
  ): Promise<MetadefObject[]> {
    const problems = new ProblemList();
    const checked: CheckedObject[] = [];
    const seen = new Set<string>();
    inputs.forEach((input, index) =>
      problems.check(() => {
        const object = checkObject(input, `${prefix}.${index}`);
        if (seen.has(object.name)) {
          problems.add(`${prefix}.${index}.name`, `"${object.name}" is listed twice`);
        }
        seen.add(object.name);
        checked.push(object);
      }),
    );
    problems.throwIfAny();
    if (!quotaExempt(tx) && checked.length) {
      const existing = await tx.db.getRepository(MetadefObject).countBy({ namespaceId: namespace.pk });
      assertWithinQuota(tx, namespace, this.quota(tx), existing, checked.length);
      await propertyService.checkQuota(
        tx,
        namespace,
        checked.reduce((sum, object) => sum + object.properties.length, 0),
      );
    }
    const saved: MetadefObject[] = [];
    for (const [index, object] of checked.entries()) {
      if (await this.find(tx, namespace, object.name)) {
        throw new ConflictError(
          `Object "${object.name}" already exists in namespace "${namespace.name}" (${prefix}.${index}.name)`,
        );
      }
      saved.push(await this.insertChecked(tx, namespace, object));
    }
    return saved;
  }

  private async insertChecked(
    tx: TxContext,
    namespace: Namespace,
    object: CheckedObject,
  ): Promise<MetadefObject> {
    const repository = tx.db.getRepository(MetadefObject);
    const row = await repository.save(
      repository.create({
        namespaceId: namespace.pk,
        name: object.name,
        description: object.description,
        requiredNames: object.required,
      }),
    );
    await propertyService.insert(tx, namespace, row.pk, object.properties);
    return row;
  }

  create(ctx: Context, namespaceName: string, input: ObjectDoc): Promise<MetadefObject> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'add_metadef_object');
      const object = checkObject(input, 'input');
      if (await this.find(tx, namespace, object.name)) {
        throw new ConflictError(`Object "${object.name}" already exists in namespace "${namespace.name}"`);
      }
      if (!quotaExempt(tx)) {
        const existing = await tx.db.getRepository(MetadefObject).countBy({ namespaceId: namespace.pk });
        assertWithinQuota(tx, namespace, this.quota(tx), existing, 1);
        await propertyService.checkQuota(tx, namespace, object.properties.length);
      }
      const row = await this.insertChecked(tx, namespace, object);
      return row;
    });
  }

  /** Replaces an object with its properties; it may be renamed (to a free name). */
  update(ctx: Context, namespaceName: string, name: string, input: ObjectDoc): Promise<MetadefObject> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'modify_metadef_object');
      const existing = await this.find(tx, namespace, name);
      if (!existing) throw new NotFoundError(`Object of namespace "${namespace.name}"`, name);
      const object = checkObject(input, 'input');
      if (object.name !== name && (await this.find(tx, namespace, object.name))) {
        throw new ConflictError(`Object "${object.name}" already exists in namespace "${namespace.name}"`);
      }
      const saved = await this.replace(tx, namespace, existing, object);
      return saved;
    });
  }

  private async replace(
    tx: TxContext,
    namespace: Namespace,
    existing: MetadefObject,
    object: CheckedObject,
  ): Promise<MetadefObject> {
    const properties = tx.db.getRepository(PropertyDefinition);
    const before = await properties.countBy({ objectId: existing.pk });
    await propertyService.checkQuota(tx, namespace, object.properties.length - before);
    await properties.delete({ objectId: existing.pk });
    existing.name = object.name;
    existing.description = object.description;
    existing.requiredNames = object.required;
    const saved = await tx.db.getRepository(MetadefObject).save(existing);
    await propertyService.insert(tx, namespace, existing.pk, object.properties);
    return saved;
  }

  /** Replaces an existing object by name with a new definition (import with --prefer-new). */
  async replaceByName(tx: TxContext, namespace: Namespace, input: ObjectDoc, prefix: string): Promise<void> {
    const existing = await this.find(tx, namespace, input.name);
    const object = checkObject(input, prefix);
    if (existing) await this.replace(tx, namespace, existing, object);
    else await this.insertChecked(tx, namespace, object);
  }

  delete(ctx: Context, namespaceName: string, name: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'delete_metadef_object');
      const existing = await this.find(tx, namespace, name);
      if (!existing) throw new NotFoundError(`Object of namespace "${namespace.name}"`, name);
      assertNotProtected(namespace, 'its objects');
      await tx.db.getRepository(MetadefObject).delete({ pk: existing.pk });
      return true;
    });
  }

  deleteAll(ctx: Context, namespaceName: string): Promise<number> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'delete_metadef_object');
      assertNotProtected(namespace, 'its objects');
      const result = await tx.db.getRepository(MetadefObject).delete({ namespaceId: namespace.pk });
      return result.affected ?? 0;
    });
  }
}

export const objectService = new ObjectService();
