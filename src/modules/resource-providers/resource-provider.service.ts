import { randomUUID } from 'node:crypto';
import type { SelectQueryBuilder } from 'typeorm';
import type { Context, TxContext } from '../../common/context';
import { checkText, ConflictError, InputError, NotFoundError, type InputProblem } from '../../common/errors';
import { paginateTuples, type Page, type PageArgs } from '../../common/relay/paginate';
import { withUniqueConflicts } from '../../db/unique';
import { allowsPlacement, assertCanWritePlacement, enforcePlacement } from '../traits/trait.policy';
import type { Trait } from '../traits/trait.entity';
import { traitService } from '../traits/trait.service';
import {
  providerWithTraitsByPk,
  resourceProviderByPk,
  traitsByProviderPk,
} from './resource-provider.loaders';
import { RESOURCE_PROVIDER_NAME_MAX, ResourceProvider } from './resource-provider.entity';
import {
  PROVIDER_COLUMNS,
  providerOfRow,
  providerByUuid,
  rowOfTuple,
  traitColumnsOf,
  traitsOfRow,
  traitsSelect,
  type ProviderRow,
  type TraitColumns,
} from './resource-provider.rows';
import type {
  CreateResourceProviderInput,
  ResourceProviderFilter,
  UpdateResourceProviderInput,
} from './resource-provider.inputs';

/**
 * An arbitrary constant: the advisory lock of tree changes. Moves take it exclusively (two moves could make a
 * cycle; a move rewrites root_id of a subtree), creations under a parent take it shared.
 */
const TREE_LOCK = 7301947;

/**
 * The row lock of trait writes: concurrent trait writers of one provider take turns, each seeing the generation
 * and traits the previous one committed. FOR NO KEY UPDATE, as the generation update itself would take, so
 * creating children under the provider (FOR KEY SHARE on it) is not held up.
 */
const TRAIT_WRITE_LOCK = 'for_no_key_update';

const has = (alias: string, param: string) =>
  `EXISTS (SELECT 1 FROM resource_provider_traits rpt WHERE rpt.resource_provider_id = ${alias}.id AND rpt.trait_id = ANY(:${param}))`;

/**
 * One BAD_USER_INPUT for every name of these lists that is no trait (Placement's "No such trait(s): A, B"):
 * `extensions.field` is the first list with one, the message names each list's unknown names, and
 * `extensions.errors` has one entry per list when there are several.
 */
function throwUnknownTraits(
  known: ReadonlyMap<string, unknown>,
  lists: [field: string, names: string[]][],
): void {
  const problems: InputProblem[] = [];
  for (const [field, names] of lists) {
    const unknown = [...new Set(names.filter((name) => !known.has(name)))];
    if (unknown.length) problems.push({ field, message: `No such trait(s): ${unknown.join(', ')}` });
  }
  if (!problems.length) return;
  const [first] = problems;
  const message = problems
    .map((problem) => (problem === first ? problem.message : `${problem.field}: ${problem.message}`))
    .join('; ');
  throw new InputError(first.field, message, problems);
}

/** A provider's name: 1–RESOURCE_PROVIDER_NAME_MAX characters, single-line. */
function checkProviderName(field: string, name: string): string {
  return checkText(field, name, { min: 1, max: RESOURCE_PROVIDER_NAME_MAX });
}

/** A provider name already in use: the write's CONFLICT, whether its check or the unique constraint found it. */
const providerNameTaken = (name: string) => () =>
  new ConflictError(`A resource provider named "${name}" already exists`, 'input.name');

export class ResourceProviderService {
  /**
   * A page of providers. `fields`: the ResourceProvider fields the operation selects on the items
   * (common/relay/selection.ts); only their columns are read. Omitted: every field. `traits`: the Trait fields
   * the operation selects under any `traits` when the items' `traits` is among `fields` (see `traitsRead`). The
   * page comes as one JSON array (paginateTuples): one value for the driver to parse, not a row object per item.
   */
  async list(
    ctx: Context,
    args: PageArgs & { filter?: ResourceProviderFilter | null },
    fields?: ReadonlySet<string>,
    traits?: ReadonlySet<string>,
  ): Promise<Page<ResourceProvider>> {
    enforcePlacement(ctx, 'placement:resource_providers:list', 'listing resource providers');
    const query = ctx.db
      .getRepository(ResourceProvider)
      .createQueryBuilder('rp')
      .select('rp.id', 'id')
      .addSelect('rp.name', 'name');
    const columns: (keyof ProviderRow)[] = ['id', 'name'];
    for (const [field, column] of PROVIDER_COLUMNS) {
      if (!fields || fields.has(field)) {
        query.addSelect(`rp.${column}`, column);
        columns.push(column);
      }
    }
    const traitColumns = fields?.has('traits') ? this.traitsRead(ctx, traits) : undefined;
    if (traitColumns) {
      query.addSelect(...traitsSelect('rp', traitColumns));
      columns.push('traits');
    }
    const filter = args.filter;
    if (filter?.name != null) {
      checkText('filter.name', filter.name, { max: RESOURCE_PROVIDER_NAME_MAX });
      query.andWhere('rp.name = :name', { name: filter.name });
    }
    if (filter?.uuid != null) query.andWhere('rp.uuid = :uuid', { uuid: filter.uuid });
    if (filter?.inTree != null) {
      query.andWhere('rp.root_id = (SELECT t.root_id FROM resource_providers t WHERE t.uuid = :inTree)', {
        inTree: filter.inTree,
      });
    }
    if (filter) await this.filterByTraits(ctx, query, filter);
    const rowOf = rowOfTuple(columns);
    const providerOf = traitColumns ? this.primingTraits(ctx, traitColumns) : providerOfRow;
    return paginateTuples(
      query,
      args,
      {
        tag: 'rp:name',
        sortExpr: 'rp.name',
        sortKind: 'text',
        sortValue: (row) => row.name,
        idExpr: 'rp.id',
        idValue: (row) => row.pk,
        direction: 'ASC',
      },
      { columns, run: (sql, parameters) => ctx.db.query(sql, parameters) },
      (tuple) => providerOf(rowOf(tuple)),
    );
  }

  /**
   * The trait columns to read with the providers, in the same statement, when the operation selects their
   * `traits` (`selected`: the Trait fields it asks under any `traits`, common/relay/selection.ts fieldsUnderAny)
   * and placement:resource_providers:traits:list lets the caller see them. Otherwise none: traitsOf then
   * refuses, or loads them, as it always did.
   */
  private traitsRead(ctx: Context, selected: ReadonlySet<string> | undefined): TraitColumns | undefined {
    if (!selected || !allowsPlacement(ctx, 'placement:resource_providers:traits:list')) return undefined;
    return traitColumnsOf(selected);
  }

  /** A provider of a row read with its traits, whose traits the request's traitsByProviderPk then answers. */
  private primingTraits(ctx: Context, columns: TraitColumns): (row: ProviderRow) => ResourceProvider {
    const loader = ctx.loaders.get(traitsByProviderPk);
    return (row) => {
      loader.prime(row.id, traitsOfRow(row, columns));
      return providerOfRow(row);
    };
  }

  /**
   * required: has all; forbidden: has none; anyOf: at least one of each inner list. Names are resolved to
   * trait ids in one query (the one a filter always cost), then each condition is an (anti-)semi-join on
   * resource_provider_traits. A name that is no trait is refused, as Placement answers 400 "No such
   * trait(s)": a typo in `forbidden` would otherwise let through the very hosts it meant to exclude, and one
   * in `required` would silently match nothing.
   */
  private async filterByTraits(
    ctx: Context,
    query: SelectQueryBuilder<ResourceProvider>,
    filter: ResourceProviderFilter,
  ): Promise<void> {
    const required = filter.required ?? [];
    const forbidden = filter.forbidden ?? [];
    const anyOf = filter.anyOf ?? [];
    anyOf.forEach((group, index) => {
      if (!group.length) throw new InputError(`filter.anyOf.${index}`, 'must name at least one trait');
    });
    const names = [...required, ...forbidden, ...anyOf.flat()];
    if (!names.length) return;
    const traits = await traitService.findByNames(ctx, names);
    throwUnknownTraits(traits, [
      ['filter.required', required],
      ['filter.forbidden', forbidden],
      ...anyOf.map((group, index): [string, string[]] => [`filter.anyOf.${index}`, group]),
    ]);
    const ids = (list: string[]) => [...new Set(list.map((name) => traits.get(name)!.pk))];
    ids(required).forEach((id, index) => {
      query.andWhere(has('rp', `required${index}`), { [`required${index}`]: [id] });
    });
    if (forbidden.length) query.andWhere(`NOT ${has('rp', 'forbidden')}`, { forbidden: ids(forbidden) });
    anyOf.forEach((group, index) => {
      query.andWhere(has('rp', `anyOf${index}`), { [`anyOf${index}`]: ids(group) });
    });
  }

  /**
   * One provider by uuid (one plain statement: no entity hydration), with its traits in the same statement when
   * `traits` says the operation selects them (see `traitsRead`).
   */
  async getByUuid(
    ctx: Context,
    uuid: string,
    traits?: ReadonlySet<string>,
  ): Promise<ResourceProvider | null> {
    enforcePlacement(ctx, 'placement:resource_providers:show', 'seeing resource providers');
    const columns = this.traitsRead(ctx, traits);
    const rows: ProviderRow[] = await ctx.db.query(providerByUuid(columns), [uuid]);
    if (!rows.length) return null;
    return columns ? this.primingTraits(ctx, columns)(rows[0]) : providerOfRow(rows[0]);
  }

  /**
   * A provider by its key (node(id)), through the request's loader; with its traits in the same statement when
   * `traits` says the operation selects them (see `traitsRead`).
   */
  async getByPk(ctx: Context, pk: number, traits?: ReadonlySet<string>): Promise<ResourceProvider | null> {
    enforcePlacement(ctx, 'placement:resource_providers:show', 'seeing resource providers');
    const columns = this.traitsRead(ctx, traits);
    if (!columns) return ctx.loaders.get(resourceProviderByPk).load(pk);
    const read = await ctx.loaders.get(providerWithTraitsByPk).load({ pk, columns });
    if (!read) return null;
    ctx.loaders.get(traitsByProviderPk).prime(pk, read.traits);
    return read.provider;
  }

  /** A provider's traits, by name. */
  async traitsOf(ctx: Context, provider: ResourceProvider): Promise<Trait[]> {
    enforcePlacement(
      ctx,
      'placement:resource_providers:traits:list',
      'seeing the traits of resource providers',
    );
    return ctx.loaders.get(traitsByProviderPk).load(provider.pk);
  }

  create(ctx: Context, input: CreateResourceProviderInput): Promise<ResourceProvider> {
    checkProviderName('input.name', input.name);
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(tx, 'placement:resource_providers:create', 'resource providers');
      const repository = tx.db.getRepository(ResourceProvider);
      const uuid = input.uuid ?? randomUUID();
      const uuidTaken = () =>
        new ConflictError(`A resource provider with uuid "${uuid}" already exists`, 'input.uuid');
      const nameTaken = providerNameTaken(input.name);
      if (input.uuid != null && (await repository.existsBy({ uuid }))) throw uuidTaken();
      if (await repository.existsBy({ name: input.name })) throw nameTaken();
      let parent: ResourceProvider | null = null;
      if (input.parentUuid != null) {
        // Shared with other creations, exclusive with moves: the parent's root_id cannot change under us.
        await tx.db.query('SELECT pg_advisory_xact_lock_shared($1)', [TREE_LOCK]);
        parent = await this.requireParent(tx, input.parentUuid);
      }
      // The id is drawn first so that a root's root_id can be itself in the same statement.
      const [row]: { id: number }[] = await withUniqueConflicts(
        tx.db.query(
          `INSERT INTO resource_providers (id, uuid, name, parent_id, root_id)
           SELECT n.id, $1::uuid, $2::varchar, $3::int, COALESCE($4::int, n.id)
             FROM (SELECT nextval('resource_providers_id_seq')::int AS id) n
           RETURNING id`,
          [uuid, input.name, parent?.pk ?? null, parent?.rootId ?? null],
        ),
        { resource_providers_uuid_key: uuidTaken, resource_providers_name_key: nameTaken },
      );
      const created = await repository.findOneByOrFail({ pk: row.id });
      return created;
    });
  }

  update(ctx: Context, uuid: string, input: UpdateResourceProviderInput): Promise<ResourceProvider> {
    if (input.name != null) checkProviderName('input.name', input.name);
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(tx, 'placement:resource_providers:update', 'resource providers');
      const moving = input.parentUuid !== undefined;
      // Taken before any row lock: two concurrent moves wait for each other instead of deadlocking.
      if (moving) await tx.db.query('SELECT pg_advisory_xact_lock($1)', [TREE_LOCK]);
      const provider = await this.requireLocked(tx, uuid);
      if (input.name === null) throw new InputError('input.name', 'cannot be null');
      const repository = tx.db.getRepository(ResourceProvider);
      const nameTaken = providerNameTaken(input.name ?? provider.name);
      if (
        input.name != null &&
        input.name !== provider.name &&
        (await repository.existsBy({ name: input.name }))
      ) {
        throw nameTaken();
      }
      let parentId = provider.parentId;
      if (moving) {
        parentId = await this.moveSubtree(tx, provider, input.parentUuid ?? null);
      }
      await withUniqueConflicts(
        tx.db.query(
          'UPDATE resource_providers SET name = $2, parent_id = $3, updated_at = now() WHERE id = $1',
          [provider.pk, input.name ?? provider.name, parentId],
        ),
        { resource_providers_name_key: nameTaken },
      );
      const updated = await repository.findOneByOrFail({ pk: provider.pk });
      return updated;
    });
  }

  delete(ctx: Context, uuid: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(tx, 'placement:resource_providers:delete', 'resource providers');
      const provider = await this.requireLocked(tx, uuid);
      const children: unknown[] = await tx.db.query(
        'SELECT 1 FROM resource_providers WHERE parent_id = $1 LIMIT 1',
        [provider.pk],
      );
      if (children.length) {
        throw new ConflictError(`Resource provider "${uuid}" has children: delete or move them first`);
      }
      await tx.db.getRepository(ResourceProvider).delete({ pk: provider.pk });
      return true;
    });
  }

  /**
   * Replaces the provider's traits, as Placement's PUT /resource_providers/{uuid}/traits: the generation is
   * checked first (stale: CONFLICT, even for the set the provider already has), then the names (unknown:
   * BAD_USER_INPUT). Only a change of the set increments the generation, by one; writing the same set again
   * leaves it, so concurrent writers of the same set all succeed.
   */
  setTraits(ctx: Context, uuid: string, names: string[], generation: number): Promise<ResourceProvider> {
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(
        tx,
        'placement:resource_providers:traits:update',
        'the traits of resource providers',
      );
      const provider = await this.requireLocked(tx, uuid, TRAIT_WRITE_LOCK);
      if (provider.generation !== generation) {
        throw new ConflictError(
          `Resource provider "${uuid}" is at generation ${provider.generation}, not ${generation}: read it again and retry`,
        );
      }
      const traits = await traitService.findByNames(tx, names, true);
      const unknown = [...new Set(names)].filter((name) => !traits.has(name));
      if (unknown.length) {
        throw new InputError('traits', `unknown traits: ${unknown.join(', ')}`);
      }
      await this.replaceTraits(
        tx,
        provider.pk,
        [...traits.values()].map((trait) => trait.pk),
      );
      return this.reloadAfterTraits(tx, provider);
    });
  }

  /** Removes every trait of the provider; the generation grows by one if it had any. */
  deleteTraits(ctx: Context, uuid: string): Promise<ResourceProvider> {
    return ctx.transaction(async (tx) => {
      assertCanWritePlacement(
        tx,
        'placement:resource_providers:traits:delete',
        'the traits of resource providers',
      );
      const provider = await this.requireLocked(tx, uuid, TRAIT_WRITE_LOCK);
      await this.replaceTraits(tx, provider.pk, []);
      return this.reloadAfterTraits(tx, provider);
    });
  }

  /** The provider after a trait write (with its new generation when the set changed). */
  private reloadAfterTraits(tx: TxContext, before: ResourceProvider): Promise<ResourceProvider> {
    return tx.db.getRepository(ResourceProvider).findOneByOrFail({ pk: before.pk });
  }

  /** Makes the provider's traits exactly these; when that changes the set, its generation grows by one. */
  private async replaceTraits(tx: TxContext, providerPk: number, traitPks: number[]): Promise<void> {
    const [, removed]: [unknown[], number] = await tx.db.query(
      'DELETE FROM resource_provider_traits WHERE resource_provider_id = $1 AND trait_id <> ALL($2::int[])',
      [providerPk, traitPks],
    );
    const added: unknown[] = traitPks.length
      ? await tx.db.query(
          `INSERT INTO resource_provider_traits (resource_provider_id, trait_id)
           SELECT $1, trait_id FROM unnest($2::int[]) AS t(trait_id)
           ON CONFLICT DO NOTHING RETURNING trait_id`,
          [providerPk, traitPks],
        )
      : [];
    if (!removed && !added.length) return;
    await tx.db.query(
      'UPDATE resource_providers SET generation = generation + 1, updated_at = now() WHERE id = $1',
      [providerPk],
    );
  }

  /**
   * Re-parents `provider` (null: makes it a root) and gives its whole subtree the new root. Returns the new
   * parent key. A provider cannot go under itself or one of its descendants. The caller holds TREE_LOCK.
   */
  private async moveSubtree(
    tx: TxContext,
    provider: ResourceProvider,
    parentUuid: string | null,
  ): Promise<number | null> {
    const parent = parentUuid === null ? null : await this.requireParent(tx, parentUuid);
    if (parent && parent.pk === provider.pk) {
      throw new InputError('input.parentUuid', 'a resource provider cannot be its own parent');
    }
    if (parent && parent.rootId === provider.rootId) {
      const cycle: unknown[] = await tx.db.query(
        `WITH RECURSIVE ancestors (id, parent_id) AS (
           SELECT id, parent_id FROM resource_providers WHERE id = $1
           UNION ALL
           SELECT p.id, p.parent_id FROM resource_providers p JOIN ancestors a ON p.id = a.parent_id
         )
         SELECT 1 FROM ancestors WHERE id = $2 LIMIT 1`,
        [parent.pk, provider.pk],
      );
      if (cycle.length) {
        throw new InputError(
          'input.parentUuid',
          'the new parent is a descendant of this resource provider: a provider cannot become its own ancestor',
        );
      }
    }
    const rootId = parent ? parent.rootId : provider.pk;
    if (rootId !== provider.rootId) {
      await tx.db.query(
        `WITH RECURSIVE subtree (id) AS (
           SELECT id FROM resource_providers WHERE id = $1
           UNION ALL
           SELECT c.id FROM resource_providers c JOIN subtree s ON c.parent_id = s.id
         )
         UPDATE resource_providers SET root_id = $2, updated_at = now() WHERE id IN (SELECT id FROM subtree)`,
        [provider.pk, rootId],
      );
    }
    return parent?.pk ?? null;
  }

  /** The parent named by an input, share-locked so that it cannot be deleted before we commit. */
  private async requireParent(tx: TxContext, uuid: string): Promise<ResourceProvider> {
    const parent = await tx.db
      .getRepository(ResourceProvider)
      .createQueryBuilder('rp')
      .where('rp.uuid = :uuid', { uuid })
      .setLock('for_key_share')
      .getOne();
    if (!parent) throw new InputError('input.parentUuid', `no resource provider has uuid "${uuid}"`);
    return parent;
  }

  /**
   * The provider, its row locked until the transaction ends. FOR UPDATE (the default) for changes to the
   * provider itself; trait writers take FOR NO KEY UPDATE.
   */
  private async requireLocked(
    tx: TxContext,
    uuid: string,
    lock: 'pessimistic_write' | typeof TRAIT_WRITE_LOCK = 'pessimistic_write',
  ): Promise<ResourceProvider> {
    const provider = await tx.db
      .getRepository(ResourceProvider)
      .createQueryBuilder('rp')
      .where('rp.uuid = :uuid', { uuid })
      .setLock(lock)
      .getOne();
    if (!provider) throw new NotFoundError('Resource provider', uuid);
    return provider;
  }
}

export const resourceProviderService = new ResourceProviderService();
