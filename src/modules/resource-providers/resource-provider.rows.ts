import { Trait } from '../traits/trait.entity';
import { ResourceProvider } from './resource-provider.entity';

/**
 * A resource_providers row as read by hand: every column, or what a list's operation selects; with its traits
 * when the read aggregates them (`traitsSelect`): parallel arrays in name order, null for a provider without any.
 */
export interface ProviderRow {
  id: number;
  name: string;
  uuid?: string;
  generation?: number;
  parent_id?: number | null;
  root_id?: number;
  created_at?: Date;
  updated_at?: Date;
  trait_ids?: number[] | null;
  trait_names?: string[] | null;
  trait_standard?: boolean[] | null;
  trait_created_at?: Date[] | null;
}

/** A ResourceProvider of a row, without entity hydration: the fields not read stay undefined (never selected). */
export function providerOfRow(row: ProviderRow): ResourceProvider {
  const provider = new ResourceProvider();
  provider.pk = row.id;
  provider.name = row.name;
  provider.uuid = row.uuid!;
  provider.generation = row.generation!;
  provider.parentId = row.parent_id!;
  provider.rootId = row.root_id!;
  provider.createdAt = row.created_at!;
  provider.updatedAt = row.updated_at!;
  return provider;
}

/** The columns (beside id and name, always read) that each ResourceProvider field needs. */
export const PROVIDER_COLUMNS: readonly [field: string, column: keyof ProviderRow][] = [
  ['uuid', 'uuid'],
  ['generation', 'generation'],
  ['parent', 'parent_id'],
  ['root', 'root_id'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
];

/**
 * The Trait fields a read of providers with their traits builds: the key and name always (the loader's key, the
 * order), `standard` and `createdAt` when the operation selects them under some `traits`
 * (common/relay/selection.ts fieldsUnderAny: the primed lists serve every place of the request that reads them).
 */
export interface TraitColumns {
  standard: boolean;
  createdAt: boolean;
}

export const traitColumnsOf = (fields: ReadonlySet<string>): TraitColumns => ({
  standard: fields.has('standard'),
  createdAt: fields.has('createdAt'),
});

/** One array of the provider's traits in name order (what traitsByProviderPk reads, in the provider's row). */
const traitArray = (alias: string, column: string) =>
  `(SELECT array_agg(t.${column} ORDER BY t.name) FROM resource_provider_traits rpt JOIN traits t ON t.id = rpt.trait_id WHERE rpt.resource_provider_id = ${alias}.id)`;

/**
 * The select list items that read the traits of provider `alias` in its own row: one array per column, each a
 * correlated aggregate the planner evaluates only for the rows a page returns.
 */
export function traitsSelect(alias: string, columns: TraitColumns): [expression: string, name: string][] {
  const select: [string, string][] = [
    [traitArray(alias, 'id'), 'trait_ids'],
    [traitArray(alias, 'name'), 'trait_names'],
  ];
  if (columns.standard) select.push([traitArray(alias, 'standard'), 'trait_standard']);
  if (columns.createdAt) select.push([traitArray(alias, 'created_at'), 'trait_created_at']);
  return select;
}

/** The traits a row aggregated (`traitsSelect`), by name: what traitsByProviderPk would answer for it. */
export function traitsOfRow(row: ProviderRow): Trait[] {
  const ids = row.trait_ids;
  if (!ids) return [];
  const names = row.trait_names!;
  const standard = row.trait_standard;
  const createdAt = row.trait_created_at;
  const traits = new Array<Trait>(ids.length);
  for (let index = 0; index < ids.length; index += 1) {
    const trait = new Trait();
    trait.pk = ids[index];
    trait.name = names[index];
    trait.standard = standard?.[index] as boolean;
    trait.createdAt = createdAt?.[index] as Date;
    traits[index] = trait;
  }
  return traits;
}

const PROVIDER_SELECT_LIST = `rp.id, rp.name, ${PROVIDER_COLUMNS.map(([, column]) => `rp.${column}`).join(', ')}`;

/** `SELECT` every column of providers `FROM resource_providers rp`, with their traits' `columns` when given. */
export function providerSelect(columns?: TraitColumns): string {
  const traits = columns
    ? traitsSelect('rp', columns).map(([expression, name]) => `, ${expression} AS ${name}`)
    : [];
  return `SELECT ${PROVIDER_SELECT_LIST}${traits.join('')} FROM resource_providers rp`;
}
