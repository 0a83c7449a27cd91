import DataLoader from 'dataloader';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import type { PropertyValue } from './resource-property.entity';
import { restrictToVisibleResources } from './resource.policy';
import { Resource } from './resource.entity';

/** A resource's tags, by resource key, in byte order. */
export const tagsByResourcePk: LoaderFactory<number, string[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { resource_id: number; tag: string }[] = await db.query(
      `SELECT resource_id, tag FROM resource_tags WHERE resource_id = ANY($1::int[]) ORDER BY resource_id, tag`,
      [keys],
    );
    return groupInOrder(keys, rows, (row) => row.resource_id).map((group) => group.map((row) => row.tag));
  });

/**
 * A resource's properties as one JSON object (keys in byte order), by resource key. Whoever may see the
 * resource sees all its properties: a discovered property's privacy governs discovery (enumeration across resources),
 * not the resource's own owner.
 */
export const propertiesByResourcePk: LoaderFactory<number, Record<string, PropertyValue>> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { resource_id: number; name: string; value: PropertyValue }[] = await db.query(
      `SELECT rp.resource_id, c.name, rp.value
         FROM resource_properties rp JOIN discovered_properties c ON c.id = rp.discovered_property_id
        WHERE rp.resource_id = ANY($1::int[])
        ORDER BY rp.resource_id, c.name`,
      [keys],
    );
    return groupInOrder(keys, rows, (row) => row.resource_id).map((group) =>
      Object.fromEntries(group.map((row) => [row.name, row.value])),
    );
  });

/** Resources visible to the caller (own project; every project for admins), by key. */
export const visibleResourceByPk: LoaderFactory<number, Resource | null> = (db, viewer) =>
  new DataLoader(async (keys) => {
    const query = db
      .getRepository(Resource)
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.type', 'rt')
      .where('r.id IN (:...keys)', { keys });
    restrictToVisibleResources(query, 'r', viewer);
    const rows = await query.getMany();
    return oneInOrder(keys, rows, (row) => row.pk);
  });
