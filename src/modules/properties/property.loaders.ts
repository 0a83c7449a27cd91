import DataLoader from 'dataloader';
import { groupInOrder, type LoaderFactory } from '../../common/loaders';
import { PropertyDefinition } from './property.entity';

/** Namespace-level properties (not those of objects), by namespace key, by name. */
export const propertiesByNamespacePk: LoaderFactory<number, PropertyDefinition[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(PropertyDefinition)
      .createQueryBuilder('p')
      .where('p.namespaceId IN (:...keys)', { keys })
      .andWhere('p.objectId IS NULL')
      .orderBy('p.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.namespaceId);
  });

/** The properties of objects, by object key, by name. */
export const propertiesByObjectPk: LoaderFactory<number, PropertyDefinition[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(PropertyDefinition)
      .createQueryBuilder('p')
      .where('p.objectId IN (:...keys)', { keys })
      .orderBy('p.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.objectId!);
  });
