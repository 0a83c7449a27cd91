import type { Context, TxContext } from '../../common/context';
import { ConflictError, InputError, NotFoundError, ProblemList, checkText } from '../../common/errors';
import type { Namespace } from '../namespaces/namespace.entity';
import { assertNotProtected, assertWithinQuota, quotaExempt } from '../namespaces/namespace.policy';
import { namespaceService } from '../namespaces/namespace.service';
import { METADEF_TAG_NAME_MAX, MetadefTag } from './metadef-tag.entity';
import { OrderDirection } from '../../common/relay/order';
import { pageOf, pageSize, paginateRows, type Page, type PageArgs } from '../../common/relay/paginate';
import {
  TAG_COLUMNS,
  TAG_SORT,
  firstTagsByNamespace,
  tagCountByNamespacePk,
  tagDescendantsByPk,
  tagOfRow,
  tagSortValue,
  type TagRow,
} from './metadef-tag.loaders';
import { MetadefTagOrderField, type MetadefTagOrder } from './metadef-tag.inputs';

/** Tag names: 1–80 characters, no control characters; compared case-insensitively, case kept. */
function checkTagName(field: string, name: string): string {
  return checkText(field, name, { min: 1, max: METADEF_TAG_NAME_MAX });
}

const fold = (name: string) => name.toLowerCase();

/** A tag as given: its name and, optionally, the name of its parent tag in the same namespace. */
export interface TagDoc {
  name: string;
  parent?: string | null;
}

export class MetadefTagService {
  private quota(ctx: Context) {
    return {
      what: 'tags',
      env: 'METADEF_TAGS_PER_NAMESPACE',
      limit: ctx.config.catalog.quotas.tagsPerNamespace,
    };
  }

  /**
   * A page of a (visible) namespace's tags, by name ignoring case unless `orderBy` says otherwise. First pages of
   * many namespaces are batch-loaded; later pages go through the keyset query.
   */
  async listForNamespace(
    ctx: Context,
    namespace: Namespace,
    args: PageArgs & { orderBy?: MetadefTagOrder | null },
  ): Promise<Page<MetadefTag>> {
    const field = args.orderBy?.field ?? MetadefTagOrderField.NAME;
    const direction = args.orderBy?.direction ?? OrderDirection.ASC;
    const keyset = {
      // The namespace is part of the tag: a cursor of one namespace's list is refused by another's.
      tag: `tags:${namespace.pk}:${field}:${direction}`,
      sortValue: tagSortValue,
      idValue: (tag: MetadefTag) => tag.pk,
    };
    const count = () => ctx.loaders.get(tagCountByNamespacePk).load(namespace.pk);
    if (args.after == null && args.before == null && args.last == null) {
      const { size } = pageSize(args);
      const rows = await ctx.loaders
        .get(firstTagsByNamespace)
        .load(`${namespace.pk}:${field}:${direction}:${size + 1}`);
      return pageOf(rows, { size, forward: true, hadCursor: false }, keyset, count);
    }
    const sort = TAG_SORT[field];
    const query = ctx.db
      .getRepository(MetadefTag)
      .createQueryBuilder('t')
      .select(TAG_COLUMNS)
      .addSelect(sort.expr, 'sort')
      .where('t.namespace_id = :namespaceId', { namespaceId: namespace.pk });
    return paginateRows(
      query,
      args,
      { ...keyset, sortExpr: sort.expr, sortKind: sort.kind, idExpr: 't.id', direction },
      (row: TagRow) => tagOfRow(ctx.db, row),
    );
  }

  /** The tag named so (case-insensitively) in the namespace. */
  find(ctx: Context, namespace: Namespace, name: string): Promise<MetadefTag | null> {
    return ctx.db
      .getRepository(MetadefTag)
      .createQueryBuilder('t')
      .where('t.namespaceId = :namespaceId', { namespaceId: namespace.pk })
      .andWhere('lower(t.name) = lower(:name)', { name })
      .getOne();
  }

  private async require(ctx: Context, namespace: Namespace, name: string): Promise<MetadefTag> {
    const tag = await this.find(ctx, namespace, name);
    if (!tag) throw new NotFoundError(`Tag of namespace "${namespace.name}"`, name);
    return tag;
  }

  /** A tag of a visible namespace, or null. */
  async get(ctx: Context, namespaceName: string, name: string): Promise<MetadefTag | null> {
    const namespace = await namespaceService.getByName(ctx, namespaceName);
    return namespace && this.find(ctx, namespace, name);
  }

  private async checkQuota(tx: TxContext, namespace: Namespace, adding: number): Promise<void> {
    if (adding <= 0 || quotaExempt(tx)) return;
    const existing = await tx.db.getRepository(MetadefTag).countBy({ namespaceId: namespace.pk });
    assertWithinQuota(tx, namespace, this.quota(tx), existing, adding);
  }

  /** Checks a list of names: valid, and no two equal case-insensitively. */
  checkNames(names: readonly string[], prefix: string): string[] {
    const problems = new ProblemList();
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const field = `${prefix}.${index}`;
      problems.check(() => {
        checkTagName(field, name);
        if (seen.has(fold(name))) problems.add(field, `"${name}" is listed twice (names ignore case)`);
        seen.add(fold(name));
      });
    });
    problems.throwIfAny();
    return [...names];
  }

  /** Adds tags (optionally each with a parent name); CONFLICT for a name that exists. */
  async add(
    tx: TxContext,
    namespace: Namespace,
    tags: readonly TagDoc[],
    prefix: string,
  ): Promise<MetadefTag[]> {
    this.checkNames(
      tags.map((tag) => tag.name),
      prefix,
    );
    await this.checkQuota(tx, namespace, tags.length);
    const repository = tx.db.getRepository(MetadefTag);
    const saved: MetadefTag[] = [];
    for (const [index, tag] of tags.entries()) {
      const existing = await this.find(tx, namespace, tag.name);
      if (existing) {
        throw new ConflictError(
          `Tag "${existing.name}" already exists in namespace "${namespace.name}" (${prefix}.${index})`,
        );
      }
      saved.push(
        await repository.save(
          repository.create({ namespaceId: namespace.pk, name: tag.name, parentId: null }),
        ),
      );
    }
    for (const [index, tag] of tags.entries()) {
      if (!tag.parent) continue;
      const parent = await this.find(tx, namespace, tag.parent);
      if (!parent)
        throw new NotFoundError(
          `Parent tag (${prefix}.${index}.parent) of namespace "${namespace.name}"`,
          tag.parent,
          `${prefix}.${index}.parent`,
        );
      await this.setParent(tx, saved[index], parent, `${prefix}.${index}.parent`);
    }
    return saved;
  }

  create(ctx: Context, namespaceName: string, name: string, parent?: string | null): Promise<MetadefTag> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'add_metadef_tag');
      checkTagName('name', name);
      const parentTag = parent ? await this.find(tx, namespace, parent) : null;
      if (parent && !parentTag)
        throw new NotFoundError(`Parent tag of namespace "${namespace.name}"`, parent, 'parent');
      await this.checkQuota(tx, namespace, 1);
      const existing = await this.find(tx, namespace, name);
      if (existing)
        throw new ConflictError(`Tag "${existing.name}" already exists in namespace "${namespace.name}"`);
      const repository = tx.db.getRepository(MetadefTag);
      const tag = await repository.save(
        repository.create({ namespaceId: namespace.pk, name, parentId: parentTag?.pk ?? null }),
      );
      return tag;
    });
  }

  /**
   * Creates several tags. `append: false` (default) replaces all the namespace's tags (FORBIDDEN in a
   * protected namespace that has tags, since that deletes them); `append: true` adds them, CONFLICT if one
   * exists (as Glance's 409).
   */
  createMany(
    ctx: Context,
    namespaceName: string,
    names: readonly string[],
    append: boolean,
  ): Promise<MetadefTag[]> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'add_metadef_tags');
      this.checkNames(names, 'names');
      const repository = tx.db.getRepository(MetadefTag);
      if (!append) {
        const existing = await repository.countBy({ namespaceId: namespace.pk });
        if (existing) {
          assertNotProtected(namespace, 'its tags (createTags without append replaces them)');
          await repository.delete({ namespaceId: namespace.pk });
        }
      }
      const tags = await this.add(
        tx,
        namespace,
        names.map((name) => ({ name })),
        'names',
      );
      return tags;
    });
  }

  /**
   * Renames a tag (case-only changes allowed) and, when `parent` is given, moves it: a tag name makes it
   * that tag's child, null or "" makes it a root. A tag cannot move under itself or its descendants.
   */
  update(
    ctx: Context,
    namespaceName: string,
    name: string,
    newName: string,
    parent?: string | null,
  ): Promise<MetadefTag> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'modify_metadef_tag');
      const tag = await this.require(tx, namespace, name);
      checkTagName('newName', newName);
      if (fold(newName) !== fold(tag.name)) {
        const taken = await this.find(tx, namespace, newName);
        if (taken)
          throw new ConflictError(`Tag "${taken.name}" already exists in namespace "${namespace.name}"`);
      }
      tag.name = newName;
      if (parent !== undefined) {
        if (!parent) tag.parentId = null;
        else {
          const parentTag = await this.find(tx, namespace, parent);
          if (!parentTag)
            throw new NotFoundError(`Parent tag of namespace "${namespace.name}"`, parent, 'parent');
          await this.setParent(tx, tag, parentTag, 'parent', false);
        }
      }
      const saved = await tx.db.getRepository(MetadefTag).save(tag);
      return saved;
    });
  }

  private async setParent(tx: TxContext, tag: MetadefTag, parent: MetadefTag, field: string, save = true) {
    if (parent.pk === tag.pk) throw new InputError(field, 'a tag cannot be its own parent');
    const descendants = await tx.loaders.get(tagDescendantsByPk).clear(tag.pk).load(tag.pk);
    if (descendants.some((descendant) => descendant.pk === parent.pk)) {
      throw new InputError(
        field,
        `"${parent.name}" is a descendant of "${tag.name}": that would make a cycle`,
      );
    }
    tag.parentId = parent.pk;
    if (save) await tx.db.getRepository(MetadefTag).update({ pk: tag.pk }, { parentId: parent.pk });
  }

  /** Deletes a tag; its children move up to its parent (or become roots). */
  delete(ctx: Context, namespaceName: string, name: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'delete_metadef_tag');
      const tag = await this.require(tx, namespace, name);
      assertNotProtected(namespace, 'its tags');
      const repository = tx.db.getRepository(MetadefTag);
      await repository.update({ parentId: tag.pk }, { parentId: tag.parentId });
      await repository.delete({ pk: tag.pk });
      return true;
    });
  }

  deleteAll(ctx: Context, namespaceName: string): Promise<number> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.requireWritable(tx, namespaceName, 'delete_metadef_tags');
      assertNotProtected(namespace, 'its tags');
      const result = await tx.db.getRepository(MetadefTag).delete({ namespaceId: namespace.pk });
      return result.affected ?? 0;
    });
  }
}

export const metadefTagService = new MetadefTagService();
