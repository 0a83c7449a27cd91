import { In } from 'typeorm';
import type { Context } from '../../common/context';
import { checkText } from '../../common/errors';
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
   * Returns the resource types of these names, creating the unknown ones (as Glance does when a namespace
   * is associated with a new type). Safe against a concurrent creator of the same name.
   */
  async ensure(ctx: Context, names: string[], field: string): Promise<Map<string, ResourceType>> {
    const unique = [...new Set(names)];
    unique.forEach((name) => checkResourceTypeName(field, name));
    const repository = ctx.db.getRepository(ResourceType);
    if (unique.length) {
      await repository
        .createQueryBuilder()
        .insert()
        .values(unique.map((name) => ({ name, protected: false })))
        .orIgnore()
        .execute();
    }
    const found = unique.length ? await repository.findBy({ name: In(unique) }) : [];
    return new Map(found.map((type) => [type.name, type]));
  }
}

export const resourceTypeService = new ResourceTypeService();
