import { definePolicies } from '../../common/policy/rule';
import type { Context } from '../../common/context';
import { NotFoundError } from '../../common/errors';
import type { ResourceType } from '../resource-types/resource-type.entity';
import { resourceTypeService } from '../resource-types/resource-type.service';
import { checkLookup } from '../resources/resource.rules';
import { DiscoveredProperty } from '../resources/discovered-property.entity';

/**
 * Resource property discovery (Blazar): which keys resources of a type carry, and their values.
 * - Admin-only unless DISCOVERY_ALLOW_ALL_USERS=true (FORBIDDEN otherwise).
 * - Non-admins never see private keys: asking for one by name, or asking a list with includePrivate, is
 *   FORBIDDEN.
 * - Values are gathered from every project's resources: privacy is per key, not per resource.
 */
export const DISCOVERY_POLICIES = definePolicies([
  {
    name: 'discovery:list',
    check: "rule:context_is_admin or rule:system_reader or 'True':%(allow_all_users)s",
    description: 'Discover the keys resources carry (DISCOVERY_ALLOW_ALL_USERS is allow_all_users).',
    operations: ['discoveredProperties', 'discoveredProperty'],
  },
  {
    name: 'discovery:get_private',
    check: 'rule:context_is_admin or rule:system_reader',
    description: 'See discovered keys marked private.',
    operations: ['discoveredProperties(includePrivate: true)', 'discoveredProperty'],
  },
  {
    name: 'discovery:update',
    check: 'rule:context_is_admin',
    description: 'Mark a discovered key private or public.',
    operations: ['updateDiscoveredProperty'],
  },
]);

export class DiscoveryService {
  async list(ctx: Context, resourceTypeName: string, includePrivate: boolean): Promise<DiscoveredProperty[]> {
    this.assertMayDiscover(ctx);
    if (includePrivate) {
      ctx.policy.enforce(ctx.identity, 'discovery:get_private', {}, 'listing private resource properties');
    }
    const type = await this.requireType(ctx, resourceTypeName);
    const where = includePrivate ? { resourceTypeId: type.pk } : { resourceTypeId: type.pk, private: false };
    const properties = await ctx.db.getRepository(DiscoveredProperty).find({ where, order: { name: 'ASC' } });
    return properties.map((property) => Object.assign(property, { type }));
  }

  async get(ctx: Context, resourceTypeName: string, name: string): Promise<DiscoveredProperty> {
    this.assertMayDiscover(ctx);
    const type = await this.requireType(ctx, resourceTypeName);
    const property = await this.requireProperty(ctx, type, name);
    if (property.private) {
      ctx.policy.enforce(
        ctx.identity,
        'discovery:get_private',
        {},
        `reading private resource property "${name}" of ${type.name}`,
      );
    }
    return property;
  }

  /** A discovered property by node id: null where `get` would refuse (not allowed, private, absent). */
  async getByPk(ctx: Context, pk: number): Promise<DiscoveredProperty | null> {
    if (!this.mayDiscover(ctx)) return null;
    const property = await ctx.db
      .getRepository(DiscoveredProperty)
      .findOne({ where: { pk }, relations: { type: true } });
    if (!property || (property.private && !ctx.policy.allows(ctx.identity, 'discovery:get_private')))
      return null;
    // Of a resource type the caller cannot see: absent, as `get` answers NOT_FOUND for it.
    if (!(await resourceTypeService.getVisibleByPk(ctx, property.resourceTypeId))) return null;
    return property;
  }

  update(
    ctx: Context,
    resourceTypeName: string,
    name: string,
    isPrivate: boolean,
  ): Promise<DiscoveredProperty> {
    return ctx.transaction(async (tx) => {
      tx.policy.enforce(tx.identity, 'discovery:update', {}, 'changing resource properties');
      const type = await this.requireType(tx, resourceTypeName);
      const property = await this.requireProperty(tx, type, name);
      property.private = isPrivate;
      return tx.db.getRepository(DiscoveredProperty).save(property);
    });
  }

  private mayDiscover(ctx: Context): boolean {
    return ctx.policy.allows(ctx.identity, 'discovery:list', {
      allow_all_users: ctx.config.discovery.allowAllUsers,
    });
  }

  private assertMayDiscover(ctx: Context): void {
    ctx.policy.enforce(
      ctx.identity,
      'discovery:list',
      { allow_all_users: ctx.config.discovery.allowAllUsers },
      'discovering resource properties (DISCOVERY_ALLOW_ALL_USERS opens it to every user)',
    );
  }

  private async requireType(ctx: Context, name: string): Promise<ResourceType> {
    checkLookup('resourceType', name);
    const type = await resourceTypeService.getVisibleByName(ctx, name);
    if (!type) throw new NotFoundError('Resource type', name);
    return type;
  }

  /** The discovered property, with its resource type loaded. */
  private async requireProperty(ctx: Context, type: ResourceType, name: string): Promise<DiscoveredProperty> {
    checkLookup('name', name);
    const property = await ctx.db
      .getRepository(DiscoveredProperty)
      .findOneBy({ resourceTypeId: type.pk, name });
    if (!property) throw new NotFoundError(`Resource property of ${type.name}`, name);
    return Object.assign(property, { type });
  }
}

export const discoveryService = new DiscoveryService();
