import DataLoader from 'dataloader';
import { In } from 'typeorm';
import { groupInOrder, oneInOrder, type LoaderFactory } from '../../common/loaders';
import { prepared } from '../../db/prepared';
import { Trait } from '../traits/trait.entity';
import { ResourceProvider } from './resource-provider.entity';
import {
  providerOfRow,
  providersByPk,
  traitsOfRow,
  type ProviderRow,
  type TraitColumns,
} from './resource-provider.rows';

/** Providers by key (null when absent): parents and roots. */
export const resourceProviderByPk: LoaderFactory<number, ResourceProvider | null> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db.getRepository(ResourceProvider).findBy({ pk: In([...keys]) });
    return oneInOrder(keys, rows, (row) => row.pk);
  });

/** The direct children of providers, by parent key, ordered by name. */
export const childrenByParentPk: LoaderFactory<number, ResourceProvider[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(ResourceProvider)
      .find({ where: { parentId: In([...keys]) }, order: { name: 'ASC' } });
    return groupInOrder(keys, rows, (row) => row.parentId!);
  });

interface TraitRow {
  resource_provider_id: number;
  id: number;
  name: string;
  standard: boolean;
  created_at: Date;
}

const TRAITS_OF_PROVIDERS = prepared(
  `SELECT rpt.resource_provider_id, t.id, t.name, t.standard, t.created_at
     FROM resource_provider_traits rpt JOIN traits t ON t.id = rpt.trait_id
    WHERE rpt.resource_provider_id = ANY($1::int[])
    ORDER BY t.name`,
);

/** The traits of providers, by provider key, ordered by name. */
export const traitsByProviderPk: LoaderFactory<number, Trait[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows: TraitRow[] = await db.query(TRAITS_OF_PROVIDERS, [[...keys]]);
    const traits = rows.map((row) => ({
      providerPk: row.resource_provider_id,
      trait: Object.assign(new Trait(), {
        pk: row.id,
        name: row.name,
        standard: row.standard,
        createdAt: row.created_at,
      }),
    }));
    return groupInOrder(keys, traits, (entry) => entry.providerPk).map((group) =>
      group.map((entry) => entry.trait),
    );
  });

/** A provider read with its traits: which one, and which trait columns (the same for every key of a request). */
export interface ProviderWithTraitsKey {
  pk: number;
  columns: TraitColumns;
}

/**
 * Providers by key with their traits, in one statement per batch (node(id) and nodes(ids) selecting traits):
 * the caller primes traitsByProviderPk with them.
 */
export const providerWithTraitsByPk: LoaderFactory<
  ProviderWithTraitsKey,
  { provider: ResourceProvider; traits: Trait[] } | null,
  number
> = (db) =>
  new DataLoader(
    async (keys) => {
      const { columns } = keys[0];
      const rows: ProviderRow[] = await db.query(providersByPk(columns), [keys.map((key) => key.pk)]);
      const read = rows.map((row) => ({ provider: providerOfRow(row), traits: traitsOfRow(row, columns) }));
      return oneInOrder(
        keys.map((key) => key.pk),
        read,
        (entry) => entry.provider.pk,
      );
    },
    { cacheKeyFn: (key) => key.pk },
  );
