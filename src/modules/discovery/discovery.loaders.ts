import DataLoader from 'dataloader';
import { groupInOrder, type LoaderFactory } from '../../common/loaders';
import type { PropertyValue } from '../resources/resource-property.entity';

/**
 * The distinct values resources carry for each capability, by capability key, in jsonb order. Values come
 * from every project's resources (as Blazar: discovery exists to show what can be asked for); privacy is
 * per key, checked before a capability is handed out.
 */
export const valuesByCapabilityPk: LoaderFactory<number, PropertyValue[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { capability_id: number; value: PropertyValue }[] = await db.query(
      `SELECT DISTINCT capability_id, value FROM resource_properties
        WHERE capability_id = ANY($1::int[]) ORDER BY capability_id, value`,
      [keys],
    );
    return groupInOrder(keys, rows, (row) => row.capability_id).map((group) => group.map((row) => row.value));
  });
