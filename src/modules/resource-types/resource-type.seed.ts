import { readFileSync } from 'node:fs';
import { seedsPath } from '../../common/paths';
import type { Seeder } from '../../db/seed';
import { ResourceType } from './resource-type.entity';

/** The default resource types (seeds/resource-types.json): created if missing, and protected. */
export const resourceTypesSeeder: Seeder = {
  name: 'resource-types',
  mode: 'always',
  async run(ctx) {
    const names = JSON.parse(readFileSync(seedsPath('resource-types.json'), 'utf8')) as string[];
    const result = await ctx.db
      .getRepository(ResourceType)
      .createQueryBuilder()
      .insert()
      .values(names.map((name) => ({ name, protected: true })))
      .orUpdate(['protected'], ['name'])
      .returning(['id'])
      .execute();
    return `${result.identifiers.length} default resource types present`;
  },
};
