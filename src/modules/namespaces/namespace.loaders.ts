import DataLoader from 'dataloader';
import { In } from 'typeorm';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import { NamespaceResourceType } from './namespace-resource-type.entity';
import { Namespace } from './namespace.entity';
import { restrictToVisible } from './namespace.policy';

/** A namespace's resource type associations, by namespace key, ordered by resource type name. */
export const associationsByNamespacePk: LoaderFactory<number, NamespaceResourceType[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(NamespaceResourceType)
      .createQueryBuilder('nrt')
      .innerJoinAndSelect('nrt.resourceType', 'rt')
      .where('nrt.namespaceId IN (:...keys)', { keys })
      .orderBy('rt.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.namespaceId);
  });

/** Namespaces visible to the caller, by key (null when absent or invisible). */
export const visibleNamespaceByPk: LoaderFactory<number, Namespace | null> = (db, viewer) =>
  new DataLoader(async (keys) => {
    const query = db
      .getRepository(Namespace)
      .createQueryBuilder('ns')
      .where({ pk: In([...keys]) });
    const rows = await restrictToVisible(query, 'ns', viewer).getMany();
    return oneInOrder(keys, rows, (row) => row.pk);
  });

/**
 * The first page (by name) of visible namespaces of many resource types at once, for
 * `resourceTypes { namespaces(first: n) }`. Key: `${resourceTypePk}:${rows}`; value: up to `rows` namespaces
 * in name order. Two statements per batch, whatever the number of resource types.
 */
export const namespacesByResourceType: LoaderFactory<string, Namespace[]> = (db, viewer) =>
  new DataLoader(async (keys) => {
    const parsed = keys.map((key) => key.split(':').map(Number) as [number, number]);
    const maxRows = Math.max(...parsed.map(([, rows]) => rows));
    const ranked = db
      .getRepository(Namespace)
      .createQueryBuilder('ns')
      .innerJoin('ns.associations', 'nrt')
      .select('nrt.resource_type_id', 'rt')
      .addSelect('ns.id', 'id')
      .addSelect('row_number() OVER (PARTITION BY nrt.resource_type_id ORDER BY ns.name, ns.id)', 'rn')
      .where('nrt.resource_type_id IN (:...resourceTypes)', {
        resourceTypes: [...new Set(parsed.map(([rt]) => rt))],
      });
    restrictToVisible(ranked, 'ns', viewer);
    const [sql, params] = ranked.getQueryAndParameters();
    const rows: { rt: number; id: number; rn: string }[] = await db.query(
      `SELECT rt, id, rn FROM (${sql}) ranked WHERE rn <= $${params.length + 1} ORDER BY rt, rn`,
      [...params, maxRows],
    );
    const ids = [...new Set(rows.map((row) => row.id))];
    const namespaces = ids.length ? await db.getRepository(Namespace).findBy({ pk: In(ids) }) : [];
    const byPk = new Map(namespaces.map((namespace) => [namespace.pk, namespace]));
    return parsed.map(([rt, limit]) =>
      rows
        .filter((row) => row.rt === rt && Number(row.rn) <= limit)
        .map((row) => byPk.get(row.id))
        .filter((namespace): namespace is Namespace => !!namespace),
    );
  });

/** How many visible namespaces each resource type has (for `totalCount`), by resource type key. */
export const namespaceCountByResourceType: LoaderFactory<number, number> = (db, viewer) =>
  new DataLoader(async (keys) => {
    const query = db
      .getRepository(Namespace)
      .createQueryBuilder('ns')
      .innerJoin('ns.associations', 'nrt')
      .select('nrt.resource_type_id', 'rt')
      .addSelect('count(*)', 'count')
      .where('nrt.resource_type_id IN (:...keys)', { keys })
      .groupBy('nrt.resource_type_id');
    restrictToVisible(query, 'ns', viewer);
    const rows: { rt: number; count: string }[] = await query.getRawMany();
    const counts = new Map(rows.map((row) => [Number(row.rt), Number(row.count)]));
    return keys.map((key) => counts.get(key) ?? 0);
  });
