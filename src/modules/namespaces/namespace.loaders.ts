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
export const visibleNamespaceByPk: LoaderFactory<number, Namespace | null> = (db, identity) =>
  new DataLoader(async (keys) => {
    const query = db
      .getRepository(Namespace)
      .createQueryBuilder('ns')
      .where({ pk: In([...keys]) });
    const rows = await restrictToVisible(query, 'ns', identity).getMany();
    return oneInOrder(keys, rows, (row) => row.pk);
  });
