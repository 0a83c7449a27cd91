import DataLoader from 'dataloader';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import { MetadefTag } from './metadef-tag.entity';

/** The tags of a namespace, by namespace key, by lower-case name. */
export const tagsByNamespacePk: LoaderFactory<number, MetadefTag[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(MetadefTag)
      .createQueryBuilder('t')
      .where('t.namespaceId IN (:...keys)', { keys })
      .orderBy('lower(t.name)', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.namespaceId);
  });

export const tagByPk: LoaderFactory<number, MetadefTag | null> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(MetadefTag)
      .createQueryBuilder('t')
      .where('t.id IN (:...keys)', { keys })
      .getMany();
    return oneInOrder(keys, rows, (row) => row.pk);
  });

/** The direct children of tags, by parent key, by lower-case name. */
export const tagChildrenByPk: LoaderFactory<number, MetadefTag[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(MetadefTag)
      .createQueryBuilder('t')
      .where('t.parentId IN (:...keys)', { keys })
      .orderBy('lower(t.name)', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.parentId!);
  });
