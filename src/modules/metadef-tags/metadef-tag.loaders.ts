import DataLoader from 'dataloader';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import type { EntityManager } from 'typeorm';
import { OrderDirection } from '../../common/relay/order';
import type { SortValueKind } from '../../common/relay/paginate';
import { MetadefTag } from './metadef-tag.entity';
import { MetadefTagOrderField } from './metadef-tag.inputs';

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

/**
 * The sort column of each tag order, over the alias `t`, and what a cursor holds of it. NAME sorts by the lower
 * case the database makes (the case-insensitive key of the unique index), compared by code point whatever the
 * database's locale; the value a cursor holds is read back from SQL, never folded again in JavaScript.
 */
export const TAG_SORT: Record<MetadefTagOrderField, { expr: string; kind: SortValueKind }> = {
  [MetadefTagOrderField.NAME]: { expr: 'lower(t.name) COLLATE "C"', kind: 'text' },
  [MetadefTagOrderField.CREATED_AT]: { expr: 't.created_at', kind: 'timestamp' },
};

/** The columns a tag list selects (with its sort value as `sort`), as raw rows. */
export const TAG_COLUMNS =
  't.id AS id, t.namespace_id AS namespace_id, t.name AS name, t.parent_id AS parent_id, t.created_at AS created_at, t.updated_at AS updated_at';

export interface TagRow {
  id: number;
  namespace_id: number;
  name: string;
  parent_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  sort: string | Date;
}

/** The sort value each listed tag was read with: what its cursor holds. */
const sortValues = new WeakMap<MetadefTag, string | Date>();

/** A tag of a list's raw row, remembering its sort value for the cursor. */
export function tagOfRow(db: EntityManager, row: TagRow): MetadefTag {
  const tag = db.getRepository(MetadefTag).create({
    pk: row.id,
    namespaceId: row.namespace_id,
    name: row.name,
    parentId: row.parent_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
  sortValues.set(tag, typeof row.sort === 'string' ? row.sort : new Date(row.sort));
  return tag;
}

/** The sort value a listed tag was read with (its creation time if it was not read by a list). */
export const tagSortValue = (tag: MetadefTag): string | Date => sortValues.get(tag) ?? tag.createdAt;

/**
 * The first page of the tags of many namespaces at once, for `namespaces { tagConnection(first: n) }`. Key:
 * `${namespacePk}:${field}:${direction}:${rows}`; value: up to `rows` tags in that order. One statement per order
 * in the batch, whatever the number of namespaces.
 */
export const firstTagsByNamespace: LoaderFactory<string, MetadefTag[]> = (db) =>
  new DataLoader(async (keys) => {
    const parsed = keys.map((key) => {
      const [pk, field, direction, rows] = key.split(':');
      return { pk: Number(pk), order: `${field}:${direction}`, rows: Number(rows) };
    });
    const byKey = new Map<string, MetadefTag[]>();
    for (const order of new Set(parsed.map((key) => key.order))) {
      const wanted = parsed.filter((key) => key.order === order);
      const [field, direction] = order.split(':') as [MetadefTagOrderField, OrderDirection];
      const sort = TAG_SORT[field];
      const dir = direction === OrderDirection.DESC ? 'DESC' : 'ASC';
      const rows: (TagRow & { rn: string })[] = await db.query(
        `SELECT * FROM (
           SELECT ${TAG_COLUMNS}, ${sort.expr} AS sort,
                  row_number() OVER (PARTITION BY t.namespace_id ORDER BY ${sort.expr} ${dir}, t.id ${dir}) AS rn
           FROM metadef_tags t WHERE t.namespace_id = ANY($1::int[])
         ) ranked WHERE rn <= $2 ORDER BY namespace_id, rn`,
        [[...new Set(wanted.map((key) => key.pk))], Math.max(...wanted.map((key) => key.rows))],
      );
      const groups = groupInOrder(
        wanted.map((key) => key.pk),
        rows,
        (row) => row.namespace_id,
      );
      wanted.forEach((key, index) => {
        byKey.set(
          `${key.pk}:${order}:${key.rows}`,
          groups[index].filter((row) => Number(row.rn) <= key.rows).map((row) => tagOfRow(db, row)),
        );
      });
    }
    return keys.map((key) => byKey.get(key) ?? []);
  });

/** How many tags each namespace has (for `totalCount`), by namespace key. */
export const tagCountByNamespacePk: LoaderFactory<number, number> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { namespace_id: number; count: string }[] = await db.query(
      `SELECT namespace_id, count(*) AS count FROM metadef_tags WHERE namespace_id = ANY($1::int[]) GROUP BY namespace_id`,
      [keys],
    );
    const counts = new Map(rows.map((row) => [row.namespace_id, Number(row.count)]));
    return keys.map((key) => counts.get(key) ?? 0);
  });
