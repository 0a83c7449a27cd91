import { randomUUID } from 'node:crypto';
import type { Context, TxContext } from '../../common/context';
import { projectFor } from '../../common/identity/identity';
import { ConflictError, InputError, NotFoundError, ProblemList, checkText } from '../../common/errors';
import { paginate, type Page, type PageArgs } from '../../common/relay/paginate';
import type { ResourceType } from '../resource-types/resource-type.entity';
import { checkResourceTypeName, resourceTypeService } from '../resource-types/resource-type.service';
import type { CreateResourceInput, ResourceFilter, UpdateResourceInput } from './resource.inputs';
import { tagsByResourcePk } from './resource.loaders';
import { restrictToVisibleResources } from './resource.policy';
import {
  checkLookup,
  checkLookups,
  checkProperties,
  checkTag,
  checkTagCount,
  checkTags,
  FILTER_TAGS_MAX,
} from './resource.rules';
import { RESOURCE_LIMITS, Resource } from './resource.entity';
import { TAGS_PER_RESOURCE } from './resource-tag.entity';

/** A list given to a filter: at most this many tags, so that a query stays a query. */

/** A resource's own text fields (RESOURCE_LIMITS, single-line), with every problem in one BAD_USER_INPUT. */
function checkResourceFields(input: {
  name?: string | null;
  resourceType?: string;
  projectId?: string | null;
}): void {
  const problems = new ProblemList();
  if (input.name != null) {
    problems.check(() => checkText('input.name', input.name!, { max: RESOURCE_LIMITS.name }));
  }
  if (input.resourceType != null) {
    problems.check(() => checkResourceTypeName('input.resourceType', input.resourceType!));
  }
  if (input.projectId != null) {
    problems.check(() =>
      checkText('input.projectId', input.projectId!, { min: 1, max: RESOURCE_LIMITS.projectId }),
    );
  }
  problems.throwIfAny();
}

/**
 * The nil and max UUIDs (RFC 9562): placeholders, never a cloud object's id. A new resource cannot take them.
 */
const RESERVED_UUIDS = new Set([
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]);

/**
 * createResource's answer (BAD_USER_INPUT on input.uuid) for a uuid the caller cannot use: a reserved one, or one
 * taken by a resource the caller may not see. The same words for both, naming no resource: uuids are unique
 * across projects, so that the uuid is unusable stays observable (docs/resources.md says what that tells).
 */
export const UNUSABLE_UUID =
  'cannot be used for a new resource: choose another uuid, or leave it out to get a new random one';

export interface AddTagResult {
  tags: string[];
  created: boolean;
}

/**
 * Resources, their tags (Nova instance tags) and their properties. A resource belongs to one project: only
 * that project and admins see it or change it (others get NOT_FOUND, null, or do not find it in lists).
 */
export class ResourceService {
  private query(ctx: Context) {
    return ctx.db.getRepository(Resource).createQueryBuilder('r').innerJoinAndSelect('r.type', 'rt');
  }

  list(ctx: Context, args: PageArgs & { filter?: ResourceFilter | null }): Promise<Page<Resource>> {
    const query = this.query(ctx);
    restrictToVisibleResources(query, 'r', ctx);
    const filter = args.filter ?? {};
    checkLookup('filter.resourceType', filter.resourceType);
    checkLookup('filter.projectId', filter.projectId);
    for (const name of ['tags', 'tagsAny', 'notTags', 'notTagsAny'] as const) {
      checkLookups(`filter.${name}`, filter[name]);
    }
    if (filter.resourceType != null)
      query.andWhere('rt.name = :filterType', { filterType: filter.resourceType });
    if (filter.projectId != null) {
      query.andWhere('r.project_id = :filterProject', { filterProject: filter.projectId });
    }
    const tagSet = (name: 'tags' | 'tagsAny' | 'notTags' | 'notTagsAny'): string[] | null => {
      const given = filter[name];
      if (given == null) return null;
      if (given.length > FILTER_TAGS_MAX) {
        throw new InputError(`filter.${name}`, `at most ${FILTER_TAGS_MAX} tags`);
      }
      return [...new Set(given)];
    };
    // Every tag condition is an indexed semi- or anti-join on resource_tags; tags are compared exactly. One
    // EXISTS per tag of `tags` / `notTagsAny` lets PostgreSQL merge the (tag, resource_id) index ranges in id
    // order and stop at the page size, instead of grouping every tagged row first.
    const hasTag = (param: string) =>
      `EXISTS (SELECT 1 FROM resource_tags t WHERE t.resource_id = r.id AND t.tag = :${param})`;
    const eachTag = (name: string, tags: string[]) => {
      const params = Object.fromEntries(tags.map((tag, index) => [`${name}${index}`, tag]));
      return { conditions: Object.keys(params).map(hasTag), params };
    };
    const all = tagSet('tags');
    if (all?.length) {
      const { conditions, params } = eachTag('filterTags', all);
      query.andWhere(conditions.join(' AND '), params);
    }
    const any = tagSet('tagsAny');
    if (any) {
      // An empty "at least one of" can never hold.
      query.andWhere(
        any.length
          ? `EXISTS (SELECT 1 FROM resource_tags t WHERE t.resource_id = r.id AND t.tag IN (:...filterTagsAny))`
          : 'false',
        { filterTagsAny: any },
      );
    }
    const none = tagSet('notTags');
    if (none?.length) {
      query.andWhere(
        `NOT EXISTS (SELECT 1 FROM resource_tags t WHERE t.resource_id = r.id AND t.tag IN (:...filterNotTags))`,
        { filterNotTags: none },
      );
    }
    const notAll = tagSet('notTagsAny');
    if (notAll) {
      // "Lacks at least one of them" is "does not have all of them" (an empty list: nothing is lacking).
      const { conditions, params } = eachTag('filterNotTagsAny', notAll);
      query.andWhere(notAll.length ? `NOT (${conditions.join(' AND ')})` : 'false', params);
    }
    return paginate(query, args, {
      tag: 'resources:id',
      sortExpr: 'r.id',
      sortKind: 'serial',
      sortValue: (row) => row.pk,
      idExpr: 'r.id',
      idValue: (row) => row.pk,
      direction: 'ASC',
    });
  }

  /** The resource if the caller may see it, else null. */
  async getByUuid(ctx: Context, uuid: string): Promise<Resource | null> {
    const resource = await this.query(ctx).where('r.uuid = :uuid', { uuid }).getOne();
    return resource && this.canSee(ctx, resource) ? resource : null;
  }

  /** The resource, or NOT_FOUND when it does not exist or belongs to another project. */
  async requireVisible(ctx: Context, uuid: string): Promise<Resource> {
    const resource = await this.getByUuid(ctx, uuid);
    if (!resource) throw new NotFoundError('Resource', uuid);
    return resource;
  }

  /** The resource, locked for the rest of the transaction (so tag counts cannot race), if the caller may change it. */
  async requireWritable(tx: TxContext, uuid: string): Promise<Resource> {
    const resource = await this.query(tx)
      .where('r.uuid = :uuid', { uuid })
      .setLock('pessimistic_write', undefined, ['r'])
      .getOne();
    if (!resource || !this.canSee(tx, resource)) throw new NotFoundError('Resource', uuid);
    tx.policy.enforce(
      tx.identity,
      'update_resource',
      { project_id: resource.projectId },
      `changing resource "${uuid}"`,
    );
    return resource;
  }

  create(ctx: Context, input: CreateResourceInput): Promise<Resource> {
    checkResourceFields(input);
    return ctx.transaction(async (tx) => {
      // Asked first with the project named or the caller's (none for a system scope): only a caller the rule
      // allows is told to name one.
      const named = input.projectId ?? tx.identity.projectId;
      tx.policy.enforce(
        tx.identity,
        'create_resource',
        { project_id: named },
        named === null ? 'creating a resource' : `creating a resource in project "${named}"`,
      );
      const projectId = projectFor(tx.identity, input.projectId, 'input.projectId');
      const type = await this.resolveType(tx, input.resourceType, 'input.resourceType');
      const uuid = input.uuid ?? randomUUID();
      if (RESERVED_UUIDS.has(uuid.toLowerCase())) throw new InputError('input.uuid', UNUSABLE_UUID);
      const inserted: { id: number }[] = await tx.db.query(
        `INSERT INTO resources (uuid, name, resource_type_id, project_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (uuid) DO NOTHING RETURNING id`,
        [uuid, input.name ?? null, type.pk, projectId],
      );
      if (!inserted.length) {
        // Taken. Only a caller who may see the resource learns that it exists; anyone else gets the answer of a
        // reserved uuid, which says nothing of a resource (see UNUSABLE_UUID).
        const [taken] = (await tx.db.query('SELECT project_id FROM resources WHERE uuid = $1', [uuid])) as {
          project_id: string;
        }[];
        if (taken && tx.policy.allows(tx.identity, 'get_resource', { project_id: taken.project_id })) {
          throw new ConflictError(`Resource "${uuid}" already exists`);
        }
        throw new InputError('input.uuid', UNUSABLE_UUID);
      }
      const pk = inserted[0].id;
      if (input.tags != null) await this.writeTags(tx, pk, checkTags('input.tags', input.tags));
      if (input.properties != null) {
        await this.writeProperties(tx, pk, type.pk, input.properties, 'input.properties');
      }
      return this.reload(tx, pk);
    });
  }

  update(ctx: Context, uuid: string, input: UpdateResourceInput): Promise<Resource> {
    checkResourceFields(input);
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      if (input.properties === null) {
        throw new InputError('input.properties', 'cannot be null; {} removes every property');
      }
      if (input.name !== undefined) {
        await tx.db.query(`UPDATE resources SET name = $2 WHERE id = $1`, [resource.pk, input.name]);
      }
      if (input.properties !== undefined) {
        await this.writeProperties(
          tx,
          resource.pk,
          resource.resourceTypeId,
          input.properties,
          'input.properties',
        );
      }
      await this.touch(tx, resource.pk);
      return this.reload(tx, resource.pk);
    });
  }

  delete(ctx: Context, uuid: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      await tx.db.getRepository(Resource).delete({ pk: resource.pk });
      return true;
    });
  }

  setProperties(ctx: Context, uuid: string, properties: unknown): Promise<Resource> {
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      await this.writeProperties(tx, resource.pk, resource.resourceTypeId, properties, 'properties');
      await this.touch(tx, resource.pk);
      return this.reload(tx, resource.pk);
    });
  }

  async tagsOf(ctx: Context, resource: Resource): Promise<string[]> {
    return ctx.loaders.get(tagsByResourcePk).load(resource.pk);
  }

  async hasTag(ctx: Context, uuid: string, tag: string): Promise<boolean> {
    checkLookup('tag', tag);
    const resource = await this.requireVisible(ctx, uuid);
    return (await this.tagsOf(ctx, resource)).includes(tag);
  }

  setTags(ctx: Context, uuid: string, tags: string[]): Promise<string[]> {
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      const wanted = checkTags('tags', tags);
      await tx.db.query(`DELETE FROM resource_tags WHERE resource_id = $1`, [resource.pk]);
      await this.writeTags(tx, resource.pk, wanted);
      await this.touch(tx, resource.pk);
      return this.currentTags(tx, resource.pk);
    });
  }

  addTag(ctx: Context, uuid: string, tag: string): Promise<AddTagResult> {
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      checkTag('tag', tag);
      const tags = await this.currentTags(tx, resource.pk);
      if (tags.includes(tag)) return { tags, created: false };
      if (tags.length >= TAGS_PER_RESOURCE) checkTagCount('tag', tags.length + 1);
      await this.writeTags(tx, resource.pk, [tag]);
      await this.touch(tx, resource.pk);
      return { tags: await this.currentTags(tx, resource.pk), created: true };
    });
  }

  removeTag(ctx: Context, uuid: string, tag: string): Promise<string[]> {
    return ctx.transaction(async (tx) => {
      checkLookup('tag', tag);
      const resource = await this.requireWritable(tx, uuid);
      const [, deleted] = (await tx.db.query(
        `DELETE FROM resource_tags WHERE resource_id = $1 AND tag = $2`,
        [resource.pk, tag],
      )) as [unknown, number];
      if (!deleted) throw new NotFoundError(`Tag of resource "${uuid}"`, tag);
      await this.touch(tx, resource.pk);
      return this.currentTags(tx, resource.pk);
    });
  }

  removeAllTags(ctx: Context, uuid: string): Promise<boolean> {
    return ctx.transaction(async (tx) => {
      const resource = await this.requireWritable(tx, uuid);
      await tx.db.query(`DELETE FROM resource_tags WHERE resource_id = $1`, [resource.pk]);
      await this.touch(tx, resource.pk);
      return true;
    });
  }

  private canSee(ctx: Context, resource: Resource): boolean {
    return ctx.policy.allows(ctx.identity, 'get_resource', { project_id: resource.projectId });
  }

  /** The catalog's resource type: an admin registers an unknown one; anyone else must name a known one. */
  private async resolveType(tx: TxContext, name: string, field: string): Promise<ResourceType> {
    return (await resourceTypeService.resolve(tx, [name], () => field)).get(name)!;
  }

  private async reload(tx: TxContext, pk: number): Promise<Resource> {
    return this.query(tx).where('r.id = :pk', { pk }).getOneOrFail();
  }

  /** Marks the resource changed (its name, tags or properties): a new updated_at (one change record). */
  private async touch(tx: TxContext, pk: number): Promise<void> {
    await tx.db.query(`UPDATE resources SET updated_at = now() WHERE id = $1`, [pk]);
  }

  private async currentTags(tx: TxContext, pk: number): Promise<string[]> {
    const rows: { tag: string }[] = await tx.db.query(
      `SELECT tag FROM resource_tags WHERE resource_id = $1 ORDER BY tag`,
      [pk],
    );
    return rows.map((row) => row.tag);
  }

  private async writeTags(tx: TxContext, pk: number, tags: string[]): Promise<void> {
    if (!tags.length) return;
    await tx.db.query(
      `INSERT INTO resource_tags (resource_id, tag) SELECT $1, tag FROM unnest($2::text[]) AS tag
       ON CONFLICT DO NOTHING`,
      [pk, tags],
    );
  }

  /**
   * Makes sure every key is a discovered property of the resource type; a key seen for the first time takes
   * the configured default privacy (CAPABILITY_DEFAULT_VISIBILITY). Race-safe: a concurrent writer of the
   * same key makes the insert do nothing, and the caller's next statement sees the committed row. Keys are
   * inserted in one (byte) order so that two writers of overlapping new keys wait for each other instead of
   * deadlocking.
   */
  private async recordKeys(tx: TxContext, resourceTypeId: number, names: string[]): Promise<void> {
    if (!names.length) return;
    await tx.db.query(
      `INSERT INTO discovered_properties (resource_type_id, name, private)
       SELECT $1, name, $2 FROM unnest($3::text[]) AS name ORDER BY name COLLATE "C"
       ON CONFLICT (resource_type_id, name) DO NOTHING`,
      [resourceTypeId, tx.config.discovery.capabilityDefaultVisibility === 'private', names],
    );
  }

  /** Replaces every property of the resource; a new key becomes a discovered property of its type. */
  private async writeProperties(
    tx: TxContext,
    pk: number,
    resourceTypeId: number,
    properties: unknown,
    field: string,
  ): Promise<void> {
    const checked = checkProperties(field, properties);
    await tx.db.query(`DELETE FROM resource_properties WHERE resource_id = $1`, [pk]);
    if (!checked.size) return;
    await this.recordKeys(tx, resourceTypeId, [...checked.keys()]);
    await tx.db.query(
      `INSERT INTO resource_properties (resource_id, discovered_property_id, value)
       SELECT $1, d.id, p.value FROM jsonb_each($3::jsonb) AS p
         JOIN discovered_properties d ON d.resource_type_id = $2 AND d.name = p.key`,
      [pk, resourceTypeId, JSON.stringify(Object.fromEntries(checked))],
    );
  }
}

export const resourceService = new ResourceService();
