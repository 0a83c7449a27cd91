import { readFileSync } from 'node:fs';
import type { Context } from '../../common/context';
import { ConflictError, InputError, NotFoundError } from '../../common/errors';
import { seedsPath } from '../../common/paths';
import { paginateTuples, type Page, type PageArgs } from '../../common/relay/paginate';
import { prepared } from '../../db/prepared';
import { standardTraitNames } from './standard-trait-names';
import { CUSTOM_TRAIT_NAME, TRAIT_NAME, TRAIT_NAME_MAX, Trait } from './trait.entity';
import type { TraitFilter } from './trait.inputs';
import { traitByPk } from './trait.loaders';
import { assertCanWritePlacement, enforcePlacement } from './trait.policy';

export const STANDARD_TRAITS_FILE = 'standard-traits.txt';

export interface TraitSyncReport {
  /** Standard trait names in the seed file. */
  total: number;
  /** Names added to the database by this sync. */
  added: string[];
  /** Standard traits in the database that the seed file no longer lists: reported, never deleted. */
  stale: string[];
}

/** `%`, `_` and `\` are LIKE wildcards (and its escape): matched literally in a prefix. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Each distinct name once, in the order first given. */
const distinct = (names: readonly string[]): string[] => [...new Set(names)];

/**
 * Whether a string can be a trait name at all. Anything else is simply not a trait: never sent to the
 * database (a NUL character, for one, would be a database error rather than "unknown").
 */
export const isTraitName = (name: string): boolean => name.length <= TRAIT_NAME_MAX && TRAIT_NAME.test(name);

/** Reads seeds/standard-traits.txt: one name a line; blank lines and `#` comments are ignored. */
export function readStandardTraits(path = seedsPath(STANDARD_TRAITS_FILE)): string[] {
  const names = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const bad = names.filter((name) => !isTraitName(name));
  if (bad.length) throw new Error(`${path}: invalid trait names: ${bad.join(', ')}`);
  return distinct(names);
}

export function describeSyncReport(report: TraitSyncReport): string {
  let line = `${report.total} standard traits present (${report.added.length} added)`;
  if (report.stale.length) {
    line += `; ${report.stale.length} standard traits in the database are no longer in seeds/${STANDARD_TRAITS_FILE} (kept, not deleted): ${report.stale.join(', ')}`;
  }
  return line;
}

/** A traits row as a list reads it: what the operation selects, beside the key and name (the keyset). */
interface TraitRow {
  id: number;
  name: string;
  standard?: boolean;
  created_at?: Date;
}

/** A Trait of a list row, without entity hydration: the fields not read stay undefined (never selected). */
function traitOfRow(row: TraitRow): Trait {
  const trait = new Trait();
  trait.pk = row.id;
  trait.name = row.name;
  trait.standard = row.standard!;
  trait.createdAt = row.created_at!;
  return trait;
}

/** A read of traits by name, and the same inside a write (a concurrent deleteTrait waits for it). */
const TRAITS_BY_NAME = prepared('SELECT id, name, standard, created_at FROM traits WHERE name = ANY($1)');
const TRAITS_BY_NAME_LOCKED = prepared(`${TRAITS_BY_NAME} FOR KEY SHARE`);

/** Which of some names are traits (validateTraits, the validators' trait parameters). */
export const TRAIT_NAMES_EXISTING = prepared('SELECT name FROM traits WHERE name = ANY($1)');

export class TraitService {
  /**
   * A page of traits. `fields`: the Trait fields the operation selects on the items (common/relay/selection.ts);
   * only their columns are read (a timestamp nobody selected is never parsed). Omitted: every field. The page
   * comes as one JSON array (paginateTuples): one value for the driver to parse, not a row object per trait.
   */
  list(
    ctx: Context,
    args: PageArgs & { filter?: TraitFilter | null },
    fields?: ReadonlySet<string>,
  ): Promise<Page<Trait>> {
    enforcePlacement(ctx, 'placement:traits:list', 'listing traits');
    const query = ctx.db
      .getRepository(Trait)
      .createQueryBuilder('t')
      .select('t.id', 'id')
      .addSelect('t.name', 'name');
    const standard = !fields || fields.has('standard');
    const createdAt = !fields || fields.has('createdAt');
    const columns = ['id', 'name'];
    if (standard) columns.push('standard');
    if (createdAt) columns.push('created_at');
    for (const column of columns.slice(2)) query.addSelect(`t.${column}`, column);
    const filter = args.filter;
    if (filter?.startsWith && !isTraitName(filter.startsWith)) {
      query.andWhere('false'); // no trait name starts with that
    } else if (filter?.startsWith) {
      // The name column is COLLATE "C": its btree index serves this prefix match.
      query.andWhere('t.name LIKE :startsWith', { startsWith: `${escapeLike(filter.startsWith)}%` });
    }
    if (filter?.names) {
      query.andWhere('t.name = ANY(:names)', { names: distinct(filter.names).filter(isTraitName) });
    }
    if (filter?.standard != null) query.andWhere('t.standard = :standard', { standard: filter.standard });
    if (filter?.associated != null) {
      query.andWhere(
        `${filter.associated ? '' : 'NOT '}EXISTS (SELECT 1 FROM resource_provider_traits rpt WHERE rpt.trait_id = t.id)`,
      );
    }
    return paginateTuples(
      query,
      args,
      {
        tag: 'traits:name',
        sortExpr: 't.name',
        sortKind: 'text',
        sortValue: (row) => row.name,
        idExpr: 't.id',
        idValue: (row) => row.pk,
        direction: 'ASC',
      },
      { columns, run: (sql, parameters) => ctx.db.query(sql, parameters) },
      (tuple) => {
        const trait = new Trait();
        trait.pk = tuple[0] as number;
        trait.name = tuple[1] as string;
        trait.standard = (standard ? tuple[2] : undefined) as boolean;
        // JSON's timestamp text (offset, milliseconds): the instant the driver would read.
        trait.createdAt = (createdAt ? new Date(tuple[standard ? 3 : 2] as string) : undefined) as Date;
        return trait;
      },
    );
  }

  async getByName(ctx: Context, name: string): Promise<Trait | null> {
    enforcePlacement(ctx, 'placement:traits:show', 'seeing traits');
    return this.findByName(ctx, name);
  }

  /** A trait by its key (node(id)), through the request's loader. */
  async getByPk(ctx: Context, pk: number): Promise<Trait | null> {
    enforcePlacement(ctx, 'placement:traits:show', 'seeing traits');
    return ctx.loaders.get(traitByPk).load(pk);
  }

  private async findByName(ctx: Context, name: string): Promise<Trait | null> {
    return isTraitName(name) ? ctx.db.getRepository(Trait).findOneBy({ name }) : null;
  }

  /** The traits of these names that exist, by name (one indexed query). */
  async findByNames(ctx: Context, names: readonly string[], lock = false): Promise<Map<string, Trait>> {
    const unique = distinct(names).filter(isTraitName);
    if (!unique.length) return new Map();
    // Inside a write: a concurrent deleteTrait waits for us (or we see the trait gone), never an FK error.
    const rows: TraitRow[] = await ctx.db.query(lock ? TRAITS_BY_NAME_LOCKED : TRAITS_BY_NAME, [unique]);
    return new Map(rows.map((row) => [row.name, traitOfRow(row)]));
  }

  /** Which of these names are traits (service-to-service check); input order kept, duplicates once. */
  async validate(ctx: Context, names: readonly string[]): Promise<{ valid: string[]; invalid: string[] }> {
    enforcePlacement(ctx, 'placement:traits:list', 'listing traits');
    const unique = distinct(names);
    const candidates = unique.filter(isTraitName);
    // Standard names from memory (exact: see StandardTraitNames); everything else from the database.
    const standard = await ctx.instance.get(standardTraitNames).get(ctx);
    const existing = new Set(standard ? candidates.filter((name) => standard.has(name)) : []);
    const rest = candidates.filter((name) => !existing.has(name));
    const rows: { name: string }[] = rest.length ? await ctx.db.query(TRAIT_NAMES_EXISTING, [rest]) : [];
    for (const row of rows) existing.add(row.name);
    return {
      valid: unique.filter((name) => existing.has(name)),
      invalid: unique.filter((name) => !existing.has(name)),
    };
  }

  /** Creates a custom trait unless it exists (`created: false` then). */
  create(ctx: Context, name: string): Promise<{ trait: Trait; created: boolean }> {
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(tx, 'placement:traits:update', 'traits');
      await this.checkCustomName(tx, name);
      const inserted: { id: number }[] = await tx.db.query(
        'INSERT INTO traits (name, standard) VALUES ($1, false) ON CONFLICT (name) DO NOTHING RETURNING id',
        [name],
      );
      const trait = await tx.db.getRepository(Trait).findOneByOrFail({ name });
      return { trait, created: inserted.length > 0 };
    });
  }

  /** Deletes a custom trait that no provider has. */
  delete(ctx: Context, name: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(tx, 'placement:traits:delete', 'traits');
      if (!isTraitName(name)) throw new NotFoundError('Trait', name);
      // Locked: a concurrent setResourceProviderTraits cannot associate it while we check and delete.
      const trait = await tx.db
        .getRepository(Trait)
        .createQueryBuilder('t')
        .where('t.name = :name', { name })
        .setLock('pessimistic_write')
        .getOne();
      if (!trait) throw new NotFoundError('Trait', name);
      if (trait.standard) {
        throw new InputError('name', `"${name}" is a standard trait: standard traits are read-only`);
      }
      const used: unknown[] = await tx.db.query(
        'SELECT 1 FROM resource_provider_traits WHERE trait_id = $1 LIMIT 1',
        [trait.pk],
      );
      if (used.length) {
        throw new ConflictError(`Trait "${name}" is still associated with resource providers`);
      }
      await tx.db.getRepository(Trait).delete({ pk: trait.pk });
      return true;
    });
  }

  /**
   * Makes the database hold every standard trait of the seed file: adds the missing ones, and reports (never
   * deletes: providers may still have them) standard traits the file no longer lists. Idempotent.
   */
  sync(ctx: Context, names: string[] = readStandardTraits()): Promise<TraitSyncReport> {
    return ctx.transaction(async (tx) => {
      const added: { id: number; name: string }[] = await tx.db.query(
        `INSERT INTO traits (name, standard) SELECT name, true FROM unnest($1::varchar[]) AS n(name)
         ON CONFLICT (name) DO NOTHING RETURNING id, name`,
        [names],
      );
      await tx.db.query('UPDATE traits SET standard = true WHERE name = ANY($1) AND NOT standard', [names]);
      const stale: { name: string }[] = await tx.db.query(
        'SELECT name FROM traits WHERE standard AND NOT (name = ANY($1)) ORDER BY name',
        [names],
      );
      return {
        total: names.length,
        added: added.map((row) => row.name).sort(),
        stale: stale.map((row) => row.name),
      };
    });
  }

  private async checkCustomName(ctx: Context, name: string): Promise<void> {
    if (name.length > TRAIT_NAME_MAX) {
      throw new InputError('name', `must be at most ${TRAIT_NAME_MAX} characters`);
    }
    if (CUSTOM_TRAIT_NAME.test(name)) return;
    const existing = await this.findByName(ctx, name);
    if (existing?.standard) {
      throw new InputError('name', `"${name}" is a standard trait: standard traits are read-only`);
    }
    throw new InputError(
      'name',
      'a custom trait name must start with CUSTOM_ and contain only A-Z, 0-9 and _ (^CUSTOM_[A-Z0-9_]+$)',
    );
  }
}

export const traitService = new TraitService();
