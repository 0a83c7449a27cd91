import DataLoader from 'dataloader';
import { groupInOrder, type LoaderFactory } from '../../common/loaders';
import type { PropertyValue } from '../resources/resource-property.entity';

/**
 * The distinct values resources carry for each discovered property, by its key, in jsonb order, read from
 * their maintained counts (discovered_property_values, kept by triggers: one row per value). Values come
 * from every project's resources (as Blazar: discovery exists to show what can be asked for); privacy is
 * per key, checked before a discovered property is handed out.
 */
export const valuesByDiscoveredPropertyPk: LoaderFactory<number, PropertyValue[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { discovered_property_id: number; value: PropertyValue }[] = await db.query(
      `SELECT discovered_property_id, value FROM discovered_property_values
        WHERE discovered_property_id = ANY($1::int[]) ORDER BY discovered_property_id, value`,
      [keys],
    );
    return groupInOrder(keys, rows, (row) => row.discovered_property_id).map((group) =>
      group.map((row) => row.value),
    );
  });
