import type { Context } from '../../common/context';
import { definePolicies } from '../../common/policy/rule';

/**
 * Reading traits and providers is open to every identity; writing them (custom traits, providers and their
 * traits) is for admins and services (placement-traits.txt: "admin and/or service users"), under Placement's names.
 */
export const PLACEMENT_POLICIES = definePolicies([
  {
    name: 'placement:traits:update',
    check: 'rule:context_is_admin or rule:service_api',
    description: 'Create or delete a custom trait.',
    operations: ['createTrait', 'deleteTrait', 'traits create/delete'],
    upstream: ['Placement placement:traits:update', 'Placement placement:traits:delete'],
  },
  {
    name: 'placement:resource_providers:update',
    check: 'rule:context_is_admin or rule:service_api',
    description: 'Create, update or delete a resource provider.',
    operations: ['createResourceProvider', 'updateResourceProvider', 'deleteResourceProvider'],
    upstream: [
      'Placement placement:resource_providers:create',
      'Placement placement:resource_providers:update',
      'Placement placement:resource_providers:delete',
    ],
  },
  {
    name: 'placement:resource_providers:trait:update',
    check: 'rule:context_is_admin or rule:service_api',
    description: "Set or remove a resource provider's traits.",
    operations: ['setResourceProviderTraits', 'deleteResourceProviderTraits'],
    upstream: [
      'Placement placement:resource_providers:traits:update',
      'Placement placement:resource_providers:traits:delete',
    ],
  },
]);

export type PlacementWriteRule = (typeof PLACEMENT_POLICIES)[number]['name'];

/** FORBIDDEN naming `rule` unless it lets the caller change `what`. */
export function assertCanWritePlacement(ctx: Context, rule: PlacementWriteRule, what: string): void {
  ctx.policy.enforce(ctx.identity, rule, {}, `changing ${what}`);
}

/** Who may write traits and providers, as the schema says it on each such mutation. */
export const PLACEMENT_WRITE_ACCESS =
  'Needs the admin or the service role by default (policy placement:…:update; FORBIDDEN otherwise).';
