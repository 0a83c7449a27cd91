import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { InputError, textProblem } from '../errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Page<T> {
  items: T[];
  /** The items' cursors, in their order: made when first read (a page whose cursors nobody selects makes none). */
  readonly cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  count(): Promise<number>;
}

/**
 * What a sort column holds, so that a cursor's value is checked before it reaches SQL: `text`, `serial` (a serial
 * id: an `integer` from 1 to 2^31-1), `timestamp` (a `timestamptz`) or `boolean`.
 */
export type SortValueKind = 'text' | 'serial' | 'timestamp' | 'boolean';

export interface Keyset<T> {
  /** Distinguishes cursors of different lists and orders: a cursor is only valid where it was made. */
  tag: string;
  /** SQL expression of the sort column, e.g. `ns.name`. */
  sortExpr: string;
  sortKind: SortValueKind;
  sortValue(row: T): string | number | boolean | Date;
  /** SQL expression of the unique tie-breaker, e.g. `ns.id` (a serial `integer` column). */
  idExpr: string;
  idValue(row: T): number;
  direction: 'ASC' | 'DESC';
}

type CursorValue = string | number | boolean;

/** The largest value of PostgreSQL's `integer`, the type of every serial id. */
export const MAX_SERIAL = 2_147_483_647;

/** A serial id as cursors hold it: an integer from 1 (serials start there) to MAX_SERIAL. */
export const isSerial = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SERIAL;

/**
 * A timestamp exactly as cursors hold it (Date#toISOString, always UTC, milliseconds), in years 1 to 9999: what
 * PostgreSQL reads back as the same instant. Anything else (other spellings JavaScript's Date.parse accepts, year
 * 0, six-digit years) could be read differently or refused by the database.
 */
const isCursorTimestamp = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^(?!0000)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

function encodeCursor(tag: string, value: CursorValue, id: number): string {
  return Buffer.from(JSON.stringify([tag, value, id]), 'utf8').toString('base64url');
}

/**
 * The sort value and id of a cursor made by `pageOf` for this list; BAD_USER_INPUT on `field` for anything else:
 * not base64url JSON, another shape, another list's or order's tag, a value of the wrong type for the sort
 * column, text with NUL or a lone surrogate, an id or serial value outside 1..MAX_SERIAL, a timestamp not in the exact
 * form above. Nothing a client sends reaches SQL unchecked.
 */
function decodeCursor(
  cursor: string,
  field: string,
  tag: string,
  kind: SortValueKind,
): [CursorValue, number] {
  const invalid = new InputError(field, 'is not a valid cursor for this list');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== tag || !isSerial(parsed[2])) {
    throw invalid;
  }
  const value = parsed[1];
  const valid =
    kind === 'serial'
      ? isSerial(value)
      : kind === 'timestamp'
        ? isCursorTimestamp(value)
        : kind === 'boolean'
          ? typeof value === 'boolean'
          : typeof value === 'string' && !textProblem(value);
  if (!valid) throw invalid;
  return [value as CursorValue, parsed[2]];
}

/** Validates `first`/`last` and returns the page size and direction. */
export function pageSize(args: PageArgs): { size: number; forward: boolean } {
  if (args.first != null && args.last != null) throw new InputError('last', 'cannot be combined with first');
  if (args.last != null && args.after != null) throw new InputError('after', 'cannot be combined with last');
  if (args.first != null && args.before != null)
    throw new InputError('before', 'cannot be combined with first');
  const forward = args.last == null;
  const requested = forward ? (args.first ?? DEFAULT_PAGE_SIZE) : args.last!;
  const field = forward ? 'first' : 'last';
  if (!Number.isInteger(requested) || requested < 0)
    throw new InputError(field, 'must be a non-negative integer');
  // The contract caps page sizes: a larger request gets the cap, not an error.
  return { size: Math.min(requested, MAX_PAGE_SIZE), forward };
}

/**
 * Keyset pagination (`WHERE (sort, id) > (:v, :id) ORDER BY sort, id LIMIT n + 1`) over a query builder
 * that already holds the filters. `totalCount` runs a separate COUNT only when the client selects it.
 */
export function paginate<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  args: PageArgs,
  keyset: Keyset<T>,
): Promise<Page<T>> {
  return keysetPage(query, args, keyset, () => query.getMany());
}

/**
 * `paginate` reading plain rows instead of entities: the query selects its columns (`addSelect(expr, alias)`),
 * and `item` makes each page item of its raw row (no entity hydration: what list paths read per row stays
 * what the operation selected).
 */
export function paginateRows<E extends ObjectLiteral, Row, T>(
  query: SelectQueryBuilder<E>,
  args: PageArgs,
  keyset: Keyset<T>,
  item: (row: Row) => T,
): Promise<Page<T>> {
  return keysetPage(query, args, keyset, async () => {
    const rows: Row[] = await query.getRawMany();
    const items = new Array<T>(rows.length);
    for (let index = 0; index < rows.length; index += 1) items[index] = item(rows[index]);
    return items;
  });
}

/**
 * `paginateRows` with the page made one JSON array in the database: `columns` are output names of the query's
 * select list (`addSelect(expr, name)`), aggregated per row as an array in that order, in the page's order;
 * `run` sends the statement (the context's
 * `db.query`). The driver then parses one value natively instead of a row object per item: for a page of hundreds
 * of small rows, about half the driver's CPU time. A timestamp arrives as its JSON text.
 */
export function paginateTuples<E extends ObjectLiteral, T>(
  query: SelectQueryBuilder<E>,
  args: PageArgs,
  keyset: Keyset<T>,
  shape: {
    columns: readonly string[];
    run: (sql: string, parameters: unknown[]) => Promise<{ items: unknown[][] | null }[]>;
  },
  item: (tuple: unknown[]) => T,
): Promise<Page<T>> {
  return keysetPage(query, args, keyset, async () => {
    const [sql, parameters] = query.getQueryAndParameters();
    const values = shape.columns.map((column) => `p."${column}"`).join(', ');
    // The aggregate reads the page in the order the subquery gives it (keysetPage's ORDER BY … LIMIT: the
    // executor scans a limited, ordered subquery in its order), as PostgreSQL's manual suggests for ordered
    // aggregates and PostGraphile's pages do: an ORDER BY of its own sorted the page again, a fifth of the
    // statement's time on a page of 500 names.
    const [row] = await shape.run(
      `SELECT json_agg(json_build_array(${values})) AS items FROM (${sql}) p`,
      parameters,
    );
    const tuples = row?.items ?? [];
    const items = new Array<T>(tuples.length);
    for (let index = 0; index < tuples.length; index += 1) items[index] = item(tuples[index]);
    return items;
  });
}

/** The cast a cursor's value takes in SQL, so that it compares as the sort column does. */
const CURSOR_CAST: Record<SortValueKind, string> = {
  text: '',
  serial: '',
  timestamp: '::timestamptz',
  boolean: '::boolean',
};

async function keysetPage<E extends ObjectLiteral, T>(
  query: SelectQueryBuilder<E>,
  args: PageArgs,
  keyset: Keyset<T>,
  fetch: (ascending: boolean) => Promise<T[]>,
): Promise<Page<T>> {
  const { size, forward } = pageSize(args);
  const countQuery = query.clone();
  const cursorArg = forward ? args.after : args.before;
  const ascending = (keyset.direction === 'ASC') === forward;
  if (cursorArg != null) {
    const [value, id] = decodeCursor(cursorArg, forward ? 'after' : 'before', keyset.tag, keyset.sortKind);
    const cast = CURSOR_CAST[keyset.sortKind];
    query.andWhere(
      `(${keyset.sortExpr}, ${keyset.idExpr}) ${ascending ? '>' : '<'} (:cursorValue${cast}, :cursorId)`,
      {
        cursorValue: value,
        cursorId: id,
      },
    );
  }
  query
    .orderBy(keyset.sortExpr, ascending ? 'ASC' : 'DESC')
    .addOrderBy(keyset.idExpr, ascending ? 'ASC' : 'DESC')
    .limit(size + 1);
  const rows = await fetch(ascending);
  let counted: Promise<number> | undefined;
  return pageOf(
    rows,
    { size, forward, hadCursor: cursorArg != null },
    keyset,
    () => (counted ??= countQuery.getCount()),
  );
}

/** The cursor of one row in a keyset's order (what `pageOf` gives it), e.g. to continue after a row named otherwise. */
export function keysetCursor<T>(keyset: Pick<Keyset<T>, 'tag' | 'sortValue' | 'idValue'>, row: T): string {
  const value = keyset.sortValue(row);
  return encodeCursor(keyset.tag, value instanceof Date ? value.toISOString() : value, keyset.idValue(row));
}

/**
 * Turns up to `size + 1` rows fetched in page order into a page (the extra row only says there is more).
 * Loaders that fetch first pages of many lists at once use it too, so their cursors are the usual ones.
 */
export function pageOf<T>(
  rows: T[],
  { size, forward, hadCursor }: { size: number; forward: boolean; hadCursor: boolean },
  keyset: Pick<Keyset<T>, 'tag' | 'sortValue' | 'idValue'>,
  count: () => Promise<number>,
): Page<T> {
  const more = rows.length > size;
  // A copy when it is cut or reversed; otherwise the rows themselves (a loader's array is never changed).
  const items = more || !forward ? rows.slice(0, size) : rows;
  if (!forward) items.reverse();
  let cursors: string[] | undefined;
  return {
    items,
    get cursors() {
      return (cursors ??= items.map((row) => keysetCursor(keyset, row)));
    },
    hasNextPage: forward ? more : hadCursor,
    hasPreviousPage: forward ? hadCursor : more,
    count,
  };
}
