import type { Context } from '../../common/context';
import { ForbiddenError, NotFoundError } from '../../common/errors';
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
export class DiscoveryService {
  async list(ctx: Context, resourceTypeName: string, includePrivate: boolean): Promise<DiscoveredProperty[]> {
    this.assertMayDiscover(ctx);
    if (includePrivate && !ctx.identity.isAdmin) {
      throw new ForbiddenError('Only admins may list private resource properties');
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
    if (property.private && !ctx.identity.isAdmin) {
      throw new ForbiddenError(`Resource property "${name}" of ${type.name} is private`);
    }
    return property;
  }

  /** A discovered property by node id: null where `get` would refuse (not allowed, private, absent). */
  async getByPk(ctx: Context, pk: number): Promise<DiscoveredProperty | null> {
    if (!ctx.identity.isAdmin && !ctx.config.discovery.allowAllUsers) return null;
    const property = await ctx.db
      .getRepository(DiscoveredProperty)
      .findOne({ where: { pk }, relations: { type: true } });
    if (!property || (property.private && !ctx.identity.isAdmin)) return null;
    // Of a resource type the caller cannot see: absent, as `get` answers NOT_FOUND for it.
    if (!ctx.identity.isAdmin && !(await resourceTypeService.getVisibleByPk(ctx, property.resourceTypeId)))
      return null;
    return property;
  }

  update(
    ctx: Context,
    resourceTypeName: string,
    name: string,
    isPrivate: boolean,
  ): Promise<DiscoveredProperty> {
    return ctx.transaction(async (tx) => {
      if (!tx.identity.isAdmin) throw new ForbiddenError('Only admins may change resource properties');
      const type = await this.requireType(tx, resourceTypeName);
      const property = await this.requireProperty(tx, type, name);
      property.private = isPrivate;
      return tx.db.getRepository(DiscoveredProperty).save(property);
    });
  }

  private assertMayDiscover(ctx: Context): void {
    if (!ctx.identity.isAdmin && !ctx.config.discovery.allowAllUsers) {
      throw new ForbiddenError(
        'Resource property discovery is open to admins only (DISCOVERY_ALLOW_ALL_USERS)',
      );
    }
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
