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

interface DescendantRow {
  root_id: number;
  id: number;
  namespace_id: number;
  name: string;
  parent_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Every descendant of tags (children, grandchildren, …), by tag key: one recursive query per batch,
 * ordered by depth then lower-case name. Guards against cycles by depth.
 */
export const tagDescendantsByPk: LoaderFactory<number, MetadefTag[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows: DescendantRow[] = await db.query(
      `WITH RECURSIVE tree (root_id, id, depth) AS (
         SELECT parent_id, id, 1 FROM metadef_tags WHERE parent_id = ANY($1::int[])
         UNION ALL
         SELECT tree.root_id, t.id, tree.depth + 1 FROM metadef_tags t JOIN tree ON t.parent_id = tree.id
         WHERE tree.depth < 100
       )
       SELECT tree.root_id, t.id, t.namespace_id, t.name, t.parent_id, t.created_at, t.updated_at
       FROM tree JOIN metadef_tags t ON t.id = tree.id
       ORDER BY tree.root_id, tree.depth, lower(t.name), t.id`,
      [keys],
    );
    const repository = db.getRepository(MetadefTag);
    const tags = rows.map((row) => ({
      root: row.root_id,
      tag: repository.create({
        pk: row.id,
        namespaceId: row.namespace_id,
        name: row.name,
        parentId: row.parent_id,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }),
    }));
    return groupInOrder(keys, tags, (row) => row.root).map((group) => group.map((row) => row.tag));
  });
