import DataLoader from 'dataloader';
import { In } from 'typeorm';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import { MetadefObject } from './object.entity';

/** The objects of a namespace, by namespace key, by name. */
export const objectsByNamespacePk: LoaderFactory<number, MetadefObject[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(MetadefObject)
      .createQueryBuilder('o')
      .where('o.namespaceId IN (:...keys)', { keys })
      .orderBy('o.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.namespaceId);
  });

/** Objects by key (null when absent). Visibility is the caller's to check, through the namespace. */
export const objectByPk: LoaderFactory<number, MetadefObject | null> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db.getRepository(MetadefObject).findBy({ pk: In([...keys]) });
    return oneInOrder(keys, rows, (row) => row.pk);
  });
