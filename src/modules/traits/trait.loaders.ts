import DataLoader from 'dataloader';
import { In } from 'typeorm';
import { oneInOrder, type LoaderFactory } from '../../common/loaders';
import { Trait } from './trait.entity';

/** Traits by key (null when absent). */
export const traitByPk: LoaderFactory<number, Trait | null> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db.getRepository(Trait).findBy({ pk: In([...keys]) });
    return oneInOrder(keys, rows, (row) => row.pk);
  });

/** Whether any resource provider has the trait, by trait key (one indexed query per batch). */
export const associatedByTraitPk: LoaderFactory<number, boolean> = (db) =>
  new DataLoader(async (keys) => {
    const rows: { trait_id: number }[] = await db.query(
      `SELECT t.id AS trait_id FROM unnest($1::int[]) AS t(id)
        WHERE EXISTS (SELECT 1 FROM resource_provider_traits rpt WHERE rpt.trait_id = t.id)`,
      [[...keys]],
    );
    const associated = new Set(rows.map((row) => Number(row.trait_id)));
    return keys.map((key) => associated.has(key));
  });
