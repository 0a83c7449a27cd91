import { In } from 'typeorm';
import type { Context } from '../../common/context';
import { InputError, checkText } from '../../common/errors';
import { RESOURCE_TYPE_NAME_MAX, ResourceType } from './resource-type.entity';

export function checkResourceTypeName(field: string, name: string): string {
  return checkText(field, name, { min: 1, max: RESOURCE_TYPE_NAME_MAX });
}

export class ResourceTypeService {
  list(ctx: Context): Promise<ResourceType[]> {
    return ctx.db.getRepository(ResourceType).find({ order: { name: 'ASC' } });
  }

  getByName(ctx: Context, name: string): Promise<ResourceType | null> {
    return ctx.db.getRepository(ResourceType).findOneBy({ name });
  }

  getByPk(ctx: Context, pk: number): Promise<ResourceType | null> {
    return ctx.db.getRepository(ResourceType).findOneBy({ pk });
  }

  /**
   * The resource types of these names (`fieldOf(index)` is where each name sits in the input). Only admins
   * create resource types: an admin's unknown names are registered (as Glance does when a namespace is
   * associated with a new type), safe against a concurrent creator of the same name; for anyone else an
   * unknown name is BAD_USER_INPUT, as createResource answers.
   */
  async resolve(
    ctx: Context,
    names: readonly string[],
    fieldOf: (index: number) => string,
  ): Promise<Map<string, ResourceType>> {
    names.forEach((name, index) => checkResourceTypeName(fieldOf(index), name));
    const unique = [...new Set(names)];
    if (!unique.length) return new Map();
    const repository = ctx.db.getRepository(ResourceType);
    if (ctx.identity.isAdmin) {
      await repository
        .createQueryBuilder()
        .insert()
        .values(unique.map((name) => ({ name, protected: false })))
        .orIgnore()
        .execute();
    }
    const found = new Map((await repository.findBy({ name: In(unique) })).map((type) => [type.name, type]));
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
