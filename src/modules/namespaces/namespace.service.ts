import type { Context, TxContext } from '../../common/context';
import { projectFor } from '../../common/identity/identity';
import {
  ConflictError,
  ForbiddenError,
  InputError,
  NotFoundError,
  ProblemList,
  checkText,
} from '../../common/errors';
import { numericKey } from '../../common/relay/node';
import { withUniqueConflicts } from '../../db/unique';
import { OrderDirection } from '../../common/relay/order';
import { Visibility } from '../../common/visibility';
import {
  keysetCursor,
  pageOf,
  pageSize,
  paginate,
  type Page,
  type PageArgs,
  type SortValueKind,
} from '../../common/relay/paginate';
import type { ResourceType } from '../resource-types/resource-type.entity';
import { checkResourceTypeName, resourceTypeService } from '../resource-types/resource-type.service';
import { ASSOCIATION_LIMITS, NamespaceResourceType } from './namespace-resource-type.entity';
import { NAMESPACE_LIMITS, Namespace } from './namespace.entity';
import {
  NamespaceOrderField,
  type NamespaceFilter,
  type NamespaceOrder,
  type UpdateNamespaceInput,
} from './namespace.inputs';
import {
  associationsByNamespacePk,
  namespaceCountByResourceType,
  namespacesByResourceType,
  visibleNamespaceByPk,
} from './namespace.loaders';
import {
  assertCanCreate,
  assertCanWrite,
  assertNotProtected,
  canSee,
  namespaceTarget,
  quotaExempt,
  restrictToVisible,
} from './namespace.policy';
import { inView, parseViewKey, ResourceTypeView, type ViewableNodeEntity } from './resource-type-view';

/**
 * Each order's sort column and the value a cursor holds of it. Text compares by code point (COLLATE "C", as the
 * name column does), the same on every database whatever its locale; a missing display name sorts as "". Ties
 * are broken by the id (creation order), so every order is total and its cursors stay valid.
 */
const SORT: Record<
  NamespaceOrderField,
  { expr: string; kind: SortValueKind; value: (row: Namespace) => string | boolean | Date }
> = {
  [NamespaceOrderField.NAME]: { expr: 'ns.name', kind: 'text', value: (row) => row.name },
  [NamespaceOrderField.DISPLAY_NAME]: {
    expr: `COALESCE(ns.display_name, '') COLLATE "C"`,
    kind: 'text',
    value: (row) => row.displayName ?? '',
  },
  [NamespaceOrderField.PROTECTED]: { expr: 'ns.protected', kind: 'boolean', value: (row) => row.protected },
  [NamespaceOrderField.VISIBILITY]: {
    expr: 'ns.visibility COLLATE "C"',
    kind: 'text',
    value: (row) => row.visibility,
  },
  [NamespaceOrderField.OWNER]: { expr: 'ns.owner COLLATE "C"', kind: 'text', value: (row) => row.owner },
  [NamespaceOrderField.CREATED_AT]: {
    expr: 'ns.created_at',
    kind: 'timestamp',
    value: (row) => row.createdAt,
  },
  [NamespaceOrderField.UPDATED_AT]: {
    expr: 'ns.updated_at',
    kind: 'timestamp',
    value: (row) => row.updatedAt,
  },
};

/** The keyset of `namespaces(orderBy:)` in this order (its cursors' tag, sort value and id). */
const namespaceKeyset = (field: NamespaceOrderField, direction: OrderDirection) => ({
  tag: `ns:${field}:${direction}`,
  sortValue: SORT[field].value,
  idValue: (row: Namespace) => row.pk,
});

/**
 * The cursor of `namespaces(orderBy:)` that continues after this namespace (Glance's `marker`, a name): made from
 * the namespace's sort value and key, as the list's own cursors are.
 */
export const namespaceCursor = (
  field: NamespaceOrderField,
  direction: OrderDirection,
  row: Pick<
    Namespace,
    'pk' | 'name' | 'displayName' | 'protected' | 'visibility' | 'owner' | 'createdAt' | 'updatedAt'
  >,
): string => keysetCursor(namespaceKeyset(field, direction), row as Namespace);

/** A resource type association as given: the GraphQL input, or the same built from a Glance file. */
export interface AssociationDoc {
  name: string;
  prefix?: string | null;
  propertiesTarget?: string | null;
}

/**
 * A namespace's own fields and its resource type associations, as given (GraphQL input or Glance file).
 * What it contains (properties, objects, tags) is written by the namespace-documents module.
 */
export interface NamespaceDoc {
  name: string;
  displayName?: string | null;
  description?: string | null;
  visibility?: Visibility | null;
  protected?: boolean | null;
  complete?: boolean | null;
  owner?: string | null;
  resourceTypeAssociations?: readonly AssociationDoc[] | null;
}

/** A resource type association's fields at `prefix` (e.g. `input.resourceTypeAssociations.0`). */
function checkAssociation(problems: ProblemList, doc: AssociationDoc, prefix: string): void {
  problems.check(() => checkResourceTypeName(`${prefix}.name`, doc.name));
  if (doc.prefix != null) {
    problems.check(() => checkText(`${prefix}.prefix`, doc.prefix!, { max: ASSOCIATION_LIMITS.prefix }));
  }
  if (doc.propertiesTarget != null) {
    problems.check(() =>
      checkText(`${prefix}.propertiesTarget`, doc.propertiesTarget!, {
        max: ASSOCIATION_LIMITS.propertiesTarget,
      }),
    );
  }
}

/**
 * The rules of a namespace's own fields (NAMESPACE_LIMITS; names single-line, the description may span
 * lines) and of its associations, for creation and update alike; every problem in one BAD_USER_INPUT.
 */
function checkNamespaceFields(
  doc: { [K in keyof NamespaceDoc]?: NamespaceDoc[K] | null },
  prefix = 'input',
): void {
  const problems = new ProblemList();
  const text = (field: 'name' | 'displayName' | 'owner', min: number) => {
    const value = doc[field];
    if (value != null)
      problems.check(() => checkText(`${prefix}.${field}`, value, { min, max: NAMESPACE_LIMITS[field] }));
  };
  text('name', 1);
  text('displayName', 0);
  text('owner', 1);
  if (doc.description != null) {
    problems.check(() =>
      checkText(`${prefix}.description`, doc.description!, {
        max: NAMESPACE_LIMITS.description,
        multiline: true,
      }),
    );
  }
  doc.resourceTypeAssociations?.forEach((association, index) =>
    checkAssociation(problems, association, `${prefix}.resourceTypeAssociations.${index}`),
  );
  problems.throwIfAny();
}

/** A namespace name already in use: the write's CONFLICT, whether its check or the unique constraint found it. */
const nameTaken = (name: string) => () =>
  new ConflictError(`Namespace "${name}" already exists`, 'input.name');

/** The advisory lock class of namespace creations by one owner (the other key is the owner's hash). */
const NAMESPACE_QUOTA_LOCK = 7301948;

export class NamespaceService {
  list(
    ctx: Context,
    args: PageArgs & { filter?: NamespaceFilter | null; orderBy?: NamespaceOrder | null },
  ): Promise<Page<Namespace>> {
    const query = ctx.db.getRepository(Namespace).createQueryBuilder('ns');
    restrictToVisible(query, 'ns', ctx);
    const filter = args.filter;
    if (filter?.resourceTypes) {
      // "Associated with at least one of them": an empty list holds for no namespace (Glance answers none too).
      query.andWhere(
        filter.resourceTypes.length
          ? `EXISTS (SELECT 1 FROM namespace_resource_types nrt JOIN resource_types rt ON rt.id = nrt.resource_type_id
                 WHERE nrt.namespace_id = ns.id AND rt.name IN (:...filterResourceTypes))`
          : 'false',
        { filterResourceTypes: filter.resourceTypes },
      );
    }
    if (filter?.visibility)
      query.andWhere('ns.visibility = :filterVisibility', { filterVisibility: filter.visibility });
    if (filter?.owner != null) query.andWhere('ns.owner = :filterOwner', { filterOwner: filter.owner });
    const field = args.orderBy?.field ?? NamespaceOrderField.NAME;
    const direction = args.orderBy?.direction ?? OrderDirection.ASC;
    const sort = SORT[field];
    return paginate(query, args, {
      ...namespaceKeyset(field, direction),
      sortExpr: sort.expr,
      sortKind: sort.kind,
      idExpr: 'ns.id',
      direction,
    });
  }

  /**
   * Visible namespaces associated with a resource type, by name. First pages of many resource types are
   * batch-loaded (a list of resource types asking for their namespaces costs a fixed number of statements);
   * later pages go through the ordinary keyset query.
   */
  async listForResourceType(
    ctx: Context,
    resourceType: ResourceType,
    args: PageArgs,
  ): Promise<Page<Namespace>> {
    if (args.after != null || args.before != null || args.last != null) {
      return this.list(ctx, { ...args, filter: { resourceTypes: [resourceType.name] } });
    }
    const { size } = pageSize(args);
    const rows = await ctx.loaders.get(namespacesByResourceType).load(`${resourceType.pk}:${size + 1}`);
    return pageOf(
      rows,
      { size, forward: true, hadCursor: false },
      {
        tag: `ns:${NamespaceOrderField.NAME}:${OrderDirection.ASC}`,
        sortValue: (row) => row.name,
        idValue: (row) => row.pk,
      },
      () => ctx.loaders.get(namespaceCountByResourceType).load(resourceType.pk),
    );
  }

  /** The namespace if the caller may see it, else null. */
  async getByName(ctx: Context, name: string): Promise<Namespace | null> {
    const namespace = await ctx.db.getRepository(Namespace).findOneBy({ name });
    return namespace && canSee(ctx, namespace) ? namespace : null;
  }

  /**
   * The namespace as seen for one resource type: in the view of its association with it when that applies a
   * prefix (property names then carry it, and the ids differ); else the plain namespace.
   */
  async getForResourceType(
    ctx: Context,
    name: string,
    resourceType: string | null | undefined,
  ): Promise<Namespace | null> {
    const namespace = await this.getByName(ctx, name);
    if (!namespace || resourceType == null) return namespace;
    return inView(namespace, await this.viewFor(ctx, namespace.pk, resourceType));
  }

  /** The view of a namespace's association with a resource type; null if there is none or it has no prefix. */
  async viewFor(ctx: Context, namespacePk: number, resourceType: string): Promise<ResourceTypeView | null> {
    const associations = await ctx.loaders.get(associationsByNamespacePk).load(namespacePk);
    const association = associations.find((candidate) => candidate.name === resourceType);
    return association ? ResourceTypeView.of(resourceType, association.prefix) : null;
  }

  /**
   * A namespace, object or property definition for `node(id:)`, by the key of its global id: `<pk>`, or
   * `<pk>@<resourceType>` for the row seen in that resource type's view. Null when the row does not exist, its
   * namespace is not visible to the caller, or the view no longer applies (no association with that type, or
   * one without a prefix).
   */
  async nodeInView<T extends ViewableNodeEntity>(
    ctx: Context,
    key: string,
    load: (pk: number) => Promise<T | null>,
    namespacePkOf: (row: T) => number,
  ): Promise<T | null> {
    const { pk: rawPk, resourceType } = parseViewKey(key);
    const pk = numericKey(rawPk);
    const row = pk === null ? null : await load(pk);
    if (!row || !(await ctx.loaders.get(visibleNamespaceByPk).load(namespacePkOf(row)))) return null;
    if (resourceType === null) return row;
    const view = await this.viewFor(ctx, namespacePkOf(row), resourceType);
    return view ? inView(row, view) : null;
  }

  /** The namespace locked for the rest of the transaction, if the caller may change what is in it. */
  async requireWritable(tx: TxContext, name: string): Promise<Namespace> {
    const namespace = await tx.db
      .getRepository(Namespace)
      .createQueryBuilder('ns')
      .where('ns.name = :name', { name })
      .setLock('pessimistic_write')
      .getOne();
    if (!namespace || !canSee(tx, namespace)) throw new NotFoundError('Namespace', name);
    assertCanWrite(tx, namespace);
    return namespace;
  }

  /** Creates a namespace with its resource type associations (nothing inside it: see namespace-documents). */
  create(ctx: Context, input: NamespaceDoc): Promise<Namespace> {
    checkNamespaceFields(input);
    return ctx.transaction(async (tx) => {
      const owner = projectFor(tx.identity, input.owner, 'input.owner');
      assertCanCreate(tx, owner);
      if (!quotaExempt(tx)) await this.checkNamespaceQuota(tx, owner);
      const repository = tx.db.getRepository(Namespace);
      const taken = nameTaken(input.name);
      if (await repository.existsBy({ name: input.name })) throw taken();
      const namespace = await withUniqueConflicts(
        repository.save(
          repository.create({
            name: input.name,
            displayName: input.displayName ?? null,
            description: input.description ?? null,
            visibility: input.visibility ?? Visibility.PRIVATE,
            protected: input.protected ?? false,
            complete: input.complete ?? false,
            owner,
          }),
        ),
        { namespaces_name_key: taken },
      );
      const associations = input.resourceTypeAssociations ?? [];
      const seen = new Set<string>();
      associations.forEach((association, index) => {
        if (seen.has(association.name)) {
          throw new InputError(
            `input.resourceTypeAssociations.${index}.name`,
            `"${association.name}" is listed twice`,
          );
        }
        seen.add(association.name);
      });
      await this.insertAssociations(
        tx,
        namespace,
        associations,
        (index) => `input.resourceTypeAssociations.${index}`,
      );
      return namespace;
    });
  }

  update(ctx: Context, name: string, input: UpdateNamespaceInput): Promise<Namespace> {
    checkNamespaceFields(input);
    return ctx.transaction(async (tx) => {
      const namespace = await this.requireWritable(tx, name);
      for (const field of ['name', 'visibility', 'protected', 'complete', 'owner'] as const) {
        if (input[field] === null) throw new InputError(`input.${field}`, 'cannot be null');
      }
      if (input.owner != null && input.owner !== namespace.owner) {
        tx.policy.enforce(
          tx.identity,
          'transfer_metadef_namespace',
          namespaceTarget(tx, namespace),
          `giving namespace "${namespace.name}" to project "${input.owner}"`,
        );
      }
      const repository = tx.db.getRepository(Namespace);
      const taken = nameTaken(input.name ?? namespace.name);
      if (
        input.name != null &&
        input.name !== namespace.name &&
        (await repository.existsBy({ name: input.name }))
      ) {
        throw taken();
      }
      if (input.name != null) namespace.name = input.name;
      if (input.displayName !== undefined) namespace.displayName = input.displayName;
      if (input.description !== undefined) namespace.description = input.description;
      if (input.visibility != null) namespace.visibility = input.visibility;
      if (input.protected != null) namespace.protected = input.protected;
      if (input.complete != null) namespace.complete = input.complete;
      if (input.owner != null) namespace.owner = input.owner;
      const saved = await withUniqueConflicts(repository.save(namespace), { namespaces_name_key: taken });
      return saved;
    });
  }

  delete(ctx: Context, name: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const namespace = await this.requireWritable(tx, name);
      assertNotProtected(namespace, 'it');
      await tx.db.getRepository(Namespace).delete({ pk: namespace.pk });
      return true;
    });
  }

  associate(ctx: Context, name: string, input: AssociationDoc): Promise<NamespaceResourceType> {
    const problems = new ProblemList();
    checkAssociation(problems, input, 'input');
    problems.throwIfAny();
    return ctx.transaction(async (tx) => {
      const namespace = await this.requireWritable(tx, name);
      const [association] = await this.insertAssociations(tx, namespace, [input], () => 'input');
      return association;
    });
  }

  dissociate(ctx: Context, name: string, resourceType: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const namespace = await this.requireWritable(tx, name);
      const type = await resourceTypeService.getByName(tx, resourceType);
      const repository = tx.db.getRepository(NamespaceResourceType);
      const existing =
        type && (await repository.findOneBy({ namespaceId: namespace.pk, resourceTypeId: type.pk }));
      if (!existing)
        throw new NotFoundError(`Resource type association of namespace "${name}" with`, resourceType);
      assertNotProtected(namespace, 'its resource type associations');
      await repository.delete({ namespaceId: namespace.pk, resourceTypeId: existing.resourceTypeId });
      // Subscribers filtering by this resource type are told the namespace left their sight.
      return true;
    });
  }

  private async insertAssociations(
    tx: TxContext,
    namespace: Namespace,
    inputs: readonly AssociationDoc[],
    pathOf: (index: number) => string,
  ): Promise<NamespaceResourceType[]> {
    if (!inputs.length) return [];
    const nameField = (index: number) => `${pathOf(index)}.name`;
    const types = await resourceTypeService.resolve(
      tx,
      inputs.map((input) => input.name),
      nameField,
    );
    const repository = tx.db.getRepository(NamespaceResourceType);
    const saved: NamespaceResourceType[] = [];
    for (const [index, input] of inputs.entries()) {
      const resourceType = types.get(input.name)!;
      if (await repository.existsBy({ namespaceId: namespace.pk, resourceTypeId: resourceType.pk })) {
        throw new ConflictError(
          `Namespace "${namespace.name}" is already associated with ${input.name} (${nameField(index)})`,
        );
      }
      const association = repository.create({
        namespaceId: namespace.pk,
        resourceTypeId: resourceType.pk,
        prefix: input.prefix ?? null,
        propertiesTarget: input.propertiesTarget ?? null,
      });
      await repository.insert(association);
      association.resourceType = resourceType;
      saved.push(association);
    }
    return saved;
  }

  /**
   * Count-then-insert holds only if the creators for one owner take turns: each first takes a transaction-scoped
   * advisory lock on the owner (released at commit or rollback), so its count sees every namespace committed
   * before it, on any number of instances sharing the database.
   */
  private async checkNamespaceQuota(tx: TxContext, owner: string): Promise<void> {
    await tx.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [NAMESPACE_QUOTA_LOCK, owner]);
    const limit = tx.config.catalog.quotas.namespacesPerProject;
    const count = await tx.db.getRepository(Namespace).countBy({ owner });
    if (count >= limit) {
      throw new ForbiddenError(
        `Quota exceeded: project "${owner}" already owns ${count} namespaces (METADEF_NAMESPACES_PER_PROJECT = ${limit})`,
      );
    }
  }
}

export const namespaceService = new NamespaceService();
