import { Trait } from '../traits/trait.entity';
import { ResourceProvider } from './resource-provider.entity';
import { prepared } from '../../db/prepared';

/**
 * A resource_providers row as read by hand: every column, or what a list's operation selects; with its traits
 * when the read aggregates them (`traitsSelect`): one JSON array per trait in name order (id, name, then the
 * columns read), null for a provider without any.
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
  traits?: TraitTuple[] | null;
}

/** A trait as `traitsSelect` aggregates it: id, name, then standard and created_at when read (JSON: a string). */
type TraitTuple = [id: number, name: string, ...rest: (boolean | string)[]];

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

/**
 * How a page's tuples (common/relay/paginate.ts paginateTuples: the values of `columns`, in that order, as JSON)
 * become rows as read by hand: the timestamps, JSON text with offset and milliseconds, the instants the driver reads.
 */
export function rowOfTuple(columns: readonly (keyof ProviderRow)[]): (tuple: unknown[]) => ProviderRow {
  return (tuple) => {
    const row = {} as Record<string, unknown>;
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index];
      const value = tuple[index];
      row[column] =
        (column === 'created_at' || column === 'updated_at') && value != null
          ? new Date(value as string)
          : value;
    }
    return row as unknown as ProviderRow;
  };
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

/**
 * The select list item that reads the traits of provider `alias` in its own row: one correlated aggregate (the
 * planner evaluates it only for the rows a page returns) making a JSON array of arrays, which the driver parses
 * natively (a page of 500 providers with 12 traits each: 3 ms of the service's CPU, against 7 ms as one text
 * array per column and 12 ms as the loader's rows).
 */
export function traitsSelect(alias: string, columns: TraitColumns): [expression: string, name: string] {
  const values = ['t.id', 't.name'];
  if (columns.standard) values.push('t.standard');
  if (columns.createdAt) values.push('t.created_at');
  return [
    `(SELECT json_agg(json_build_array(${values.join(', ')}) ORDER BY t.name) FROM resource_provider_traits rpt JOIN traits t ON t.id = rpt.trait_id WHERE rpt.resource_provider_id = ${alias}.id)`,
    'traits',
  ];
}

/**
 * The traits a row aggregated (`traitsSelect` with the same `columns`), by name: what traitsByProviderPk would
 * answer for it (created_at, a JSON string with its offset and milliseconds, is the instant the driver reads).
 */
export function traitsOfRow(row: ProviderRow, columns: TraitColumns): Trait[] {
  const tuples = row.traits;
  if (!tuples) return [];
  const createdAt = columns.standard ? 3 : 2;
  const traits = new Array<Trait>(tuples.length);
  for (let index = 0; index < tuples.length; index += 1) {
    const tuple = tuples[index];
    const trait = new Trait();
    trait.pk = tuple[0];
    trait.name = tuple[1];
    trait.standard = (columns.standard ? tuple[2] : undefined) as boolean;
    trait.createdAt = (columns.createdAt ? new Date(tuple[createdAt] as string) : undefined) as Date;
    traits[index] = trait;
  }
  return traits;
}

const PROVIDER_SELECT_LIST = `rp.id, rp.name, ${PROVIDER_COLUMNS.map(([, column]) => `rp.${column}`).join(', ')}`;

/** `SELECT` every column of providers `FROM resource_providers rp`, with their traits' `columns` when given. */
export function providerSelect(columns?: TraitColumns): string {
  if (!columns) return `SELECT ${PROVIDER_SELECT_LIST} FROM resource_providers rp`;
  const [expression, name] = traitsSelect('rp', columns);
  return `SELECT ${PROVIDER_SELECT_LIST}, ${expression} AS ${name} FROM resource_providers rp`;
}

/**
 * `providerSelect(columns)` followed by `where`, each variant made once and registered to run by name
 * (db/prepared.ts): a read picks its text, it builds none.
 */
function providerStatements(where: string): (columns?: TraitColumns) => string {
  const text = (columns?: TraitColumns) => prepared(`${providerSelect(columns)} ${where}`);
  const plain = text();
  const withTraits = [false, true].map((standard) =>
    [false, true].map((createdAt) => text({ standard, createdAt })),
  );
  return (columns) => (columns ? withTraits[+columns.standard][+columns.createdAt] : plain);
}

/** A provider by its uuid (`$1`), with its traits' `columns` when given. */
export const providerByUuid = providerStatements('WHERE rp.uuid = $1');

/** Providers by their keys (`$1`, an array of ints), with their traits' `columns` when given. */
export const providersByPk = providerStatements('WHERE rp.id = ANY($1::int[])');
