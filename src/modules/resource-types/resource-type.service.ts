import { In, type SelectQueryBuilder } from 'typeorm';
import type { Context, TxContext } from '../../common/context';
import { InputError, checkText } from '../../common/errors';
import type { Identity } from '../../common/identity/identity';
import { Visibility } from '../../common/visibility';
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

export function restrictToVisibleTypes<T extends object>(
  query: SelectQueryBuilder<T>,
  alias: string,
  identity: Identity,
): SelectQueryBuilder<T> {
  if (identity.isAdmin) return query;
  return query.andWhere(
    `(${alias}.protected
      OR EXISTS (SELECT 1 FROM namespace_resource_types nrt JOIN namespaces ns ON ns.id = nrt.namespace_id
                  WHERE nrt.resource_type_id = ${alias}.id
                    AND (ns.visibility = :typePublicVisibility OR ns.owner = :typeViewerProject))
      OR EXISTS (SELECT 1 FROM resources r
                  WHERE r.resource_type_id = ${alias}.id AND r.project_id = :typeViewerProject))`,
    { typePublicVisibility: Visibility.PUBLIC, typeViewerProject: identity.projectId },
  );
}

export class ResourceTypeService {
  /** The resource types the caller may see, by name. */
  list(ctx: Context): Promise<ResourceType[]> {
    const query = ctx.db.getRepository(ResourceType).createQueryBuilder('rt').orderBy('rt.name', 'ASC');
    return restrictToVisibleTypes(query, 'rt', ctx.identity).getMany();
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
    return restrictToVisibleTypes(query, 'rt', ctx.identity).getOne();
  }

  /** The type of this key if the caller may see it (node look-ups). */
  getVisibleByPk(ctx: Context, pk: number): Promise<ResourceType | null> {
    const query = ctx.db.getRepository(ResourceType).createQueryBuilder('rt').where('rt.id = :pk', { pk });
    return restrictToVisibleTypes(query, 'rt', ctx.identity).getOne();
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
    if (tx.identity.isAdmin) {
      await repository
        .createQueryBuilder()
        .insert()
        .values(unique.map((name) => ({ name, protected: false })))
        .orIgnore()
        .execute();
    }
    const query = repository.createQueryBuilder('rt').where({ name: In(unique) });
    const types = await restrictToVisibleTypes(query, 'rt', tx.identity).getMany();
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
