import type { Context } from '../../common/context';
import { ForbiddenError, NotFoundError } from '../../common/errors';
import type { ResourceType } from '../resource-types/resource-type.entity';
import { resourceTypeService } from '../resource-types/resource-type.service';
import { checkLookup } from '../resources/resource.rules';
import { Capability } from './capability.entity';
import { DiscoveredProperty } from './discovered-property.type';

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
    const capabilities = await ctx.db.getRepository(Capability).find({ where, order: { name: 'ASC' } });
    return capabilities.map((capability) => DiscoveredProperty.of(capability, type.name));
  }

  async get(ctx: Context, resourceTypeName: string, name: string): Promise<DiscoveredProperty> {
    this.assertMayDiscover(ctx);
    const type = await this.requireType(ctx, resourceTypeName);
    const capability = await this.requireCapability(ctx, type, name);
    if (capability.private && !ctx.identity.isAdmin) {
      throw new ForbiddenError(`Resource property "${name}" of ${type.name} is private`);
    }
    return DiscoveredProperty.of(capability, type.name);
  }

  /** A discovered property by node id: null where `get` would refuse (not allowed, private, absent). */
  async getByPk(ctx: Context, pk: number): Promise<DiscoveredProperty | null> {
    if (!ctx.identity.isAdmin && !ctx.config.discoveryAllowAllUsers) return null;
    const capability = await ctx.db
      .getRepository(Capability)
      .findOne({ where: { pk }, relations: { resourceType: true } });
    if (!capability || (capability.private && !ctx.identity.isAdmin)) return null;
    return DiscoveredProperty.of(capability, capability.resourceType!.name);
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
      const capability = await this.requireCapability(tx, type, name);
      capability.private = isPrivate;
      await tx.db.getRepository(Capability).save(capability);
      return DiscoveredProperty.of(capability, type.name);
    });
  }

  private assertMayDiscover(ctx: Context): void {
    if (!ctx.identity.isAdmin && !ctx.config.discoveryAllowAllUsers) {
      throw new ForbiddenError(
        'Resource property discovery is open to admins only (DISCOVERY_ALLOW_ALL_USERS)',
      );
    }
  }

  private async requireType(ctx: Context, name: string): Promise<ResourceType> {
    checkLookup('resourceType', name);
    const type = await resourceTypeService.getByName(ctx, name);
    if (!type) throw new NotFoundError('Resource type', name);
    return type;
  }

  private async requireCapability(ctx: Context, type: ResourceType, name: string): Promise<Capability> {
    checkLookup('name', name);
    const capability = await ctx.db.getRepository(Capability).findOneBy({ resourceTypeId: type.pk, name });
    if (!capability) throw new NotFoundError(`Resource property of ${type.name}`, name);
    return capability;
  }
}

export const discoveryService = new DiscoveryService();
