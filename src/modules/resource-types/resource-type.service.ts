import type { Viewer } from '../../common/policy/engine';
import { definePolicies } from '../../common/policy/rule';
import { In, type SelectQueryBuilder } from 'typeorm';
import type { Context, TxContext } from '../../common/context';
import { InputError, checkText } from '../../common/errors';
import { RESOURCE_TYPE_NAME_MAX, ResourceType } from './resource-type.entity';

export function checkResourceTypeName(field: string, name: string): string {
  return checkText(field, name, { min: 1, max: RESOURCE_TYPE_NAME_MAX });
}

/**
 * Who sees a resource type. Types come to exist by the seeds (protected: the cloud's standard kinds) or by an
 * admin, who registers a name by associating it with a namespace (also a private one) or by creating a resource
 * of it. A name is data of its owner like a private namespace's is: a type is visible to admins, and to anyone
 * else when it is protected, associated with a namespace they can see (public or their project's), or carried
 * by a resource of their project. Anywhere else it does not exist for them: absent from `resourceTypes`, null
 * as a node, NOT_FOUND / unknown where a name is looked up, as for a name nobody registered.
 */
/**
 * Why a cached catalog answer may read `resources` (through restrictToVisibleTypes) and still be kept: a project
 * also sees the types of its resources, which the catalog version does not follow. An answer naming such a type
 * may outlive the project's last resource of it until the catalog changes (to that project only); a type it
 * newly sees is answered at once, since a refusal (NOT_FOUND) is never kept. docs/catalog.md says so.
 */
export const VISIBLE_TYPES_STALENESS =
  "a project's resource types (those of its resources) may be seen a while after its last such resource goes";

/**
 * The resource types `viewer` sees: every one where `get_metadef_resource_type` allows; else the standard
 * (protected) ones, those a namespace it sees (`get_metadef_namespace`) registers, and those of resources it sees
 * (`get_resource`).
 */
export function restrictToVisibleTypes<T extends object>(
  query: SelectQueryBuilder<T>,
  alias: string,
  viewer: Viewer,
): SelectQueryBuilder<T> {
  const { identity, policy } = viewer;
  if (policy.allows(identity, 'get_metadef_resource_type')) return query;
  const params: Record<string, string> = {};
  const param = (value: string) => {
    const name = `type_policy${Object.keys(params).length}`;
    params[name] = value;
    return `:${name}`;
  };
  const namespaces = policy.sqlFilter(identity, 'get_metadef_namespace', {
    columns: { project_id: 'ns.owner', owner: 'ns.owner', visibility: 'ns.visibility' },
    param,
  });
  const resources = policy.sqlFilter(identity, 'get_resource', {
    columns: { project_id: 'r.project_id' },
    param,
  });
  return query.andWhere(
    `(${alias}.protected
      OR EXISTS (SELECT 1 FROM namespace_resource_types nrt JOIN namespaces ns ON ns.id = nrt.namespace_id
                  WHERE nrt.resource_type_id = ${alias}.id AND (${namespaces}))
      OR EXISTS (SELECT 1 FROM resources r WHERE r.resource_type_id = ${alias}.id AND (${resources})))`,
    params,
  );
}

export const RESOURCE_TYPE_POLICIES = definePolicies([
  {
    name: 'get_metadef_resource_type',
    check: 'rule:context_is_admin or rule:system_reader',
    description:
      'See every resource type; without it, the standard ones, those of namespaces and resources the caller sees.',
    operations: ['resourceTypes', 'resourceType'],
    upstream: ['Glance list_metadef_resource_types', 'Glance get_metadef_resource_type'],
  },
  {
    name: 'add_metadef_resource_type',
    check: 'rule:context_is_admin',
    description:
      'Register a resource type nobody registered yet, by naming it (in an association or a resource).',
    operations: ['createNamespace', 'resource type associations', 'createResource'],
  },
]);

export class ResourceTypeService {
  /** The resource types the caller may see, by name. */
  list(ctx: Context): Promise<ResourceType[]> {
    const query = ctx.db.getRepository(ResourceType).createQueryBuilder('rt').orderBy('rt.name', 'ASC');
    return restrictToVisibleTypes(query, 'rt', ctx).getMany();
  }

  /** The type of this name, whoever may see it: for a write that has already checked what it touches. */
  getByName(ctx: Context, name: string): Promise<ResourceType | null> {
    return ctx.db.getRepository(ResourceType).findOneBy({ name });
  }

  /** The type of this name if the caller may see it (null as for a name nobody registered). */
  getVisibleByName(ctx: Context, name: string): Promise<ResourceType | null> {
    const query = ctx.db
      .getRepository(ResourceType)
      .createQueryBuilder('rt')
      .where('rt.name = :name', { name });
    return restrictToVisibleTypes(query, 'rt', ctx).getOne();
  }

  /** The type of this key if the caller may see it (node look-ups). */
  getVisibleByPk(ctx: Context, pk: number): Promise<ResourceType | null> {
    const query = ctx.db.getRepository(ResourceType).createQueryBuilder('rt').where('rt.id = :pk', { pk });
    return restrictToVisibleTypes(query, 'rt', ctx).getOne();
  }

  /**
   * The resource types of these names (`fieldOf(index)` is where each name sits in the input). Only admins
   * create resource types: an admin's unknown names are registered (as Glance does when a namespace is
   * associated with a new type), safe against a concurrent creator of the same name; for anyone else a name
   * they cannot see is unknown, BAD_USER_INPUT, as createResource answers.
   */
  async resolve(
    tx: TxContext,
    names: readonly string[],
    fieldOf: (index: number) => string,
  ): Promise<Map<string, ResourceType>> {
    names.forEach((name, index) => checkResourceTypeName(fieldOf(index), name));
    const unique = [...new Set(names)];
    if (!unique.length) return new Map();
    const repository = tx.db.getRepository(ResourceType);
    if (tx.policy.allows(tx.identity, 'add_metadef_resource_type')) {
      await repository
        .createQueryBuilder()
        .insert()
        .values(unique.map((name) => ({ name, protected: false })))
        .orIgnore()
        .execute();
    }
    const query = repository.createQueryBuilder('rt').where({ name: In(unique) });
    const types = await restrictToVisibleTypes(query, 'rt', tx).getMany();
    const found = new Map(types.map((type) => [type.name, type]));
    const unknown = names.findIndex((name) => !found.has(name));
    if (unknown >= 0) {
      throw new InputError(
        fieldOf(unknown),
        `unknown resource type "${names[unknown]}" (only admins may register new types)`,
      );
    }
    return found;
  }
}

export const resourceTypeService = new ResourceTypeService();
