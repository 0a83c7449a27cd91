import type { Context } from '../../common/context';
import type { Viewer } from '../../common/policy/engine';
import { definePolicies } from '../../common/policy/rule';

/**
 * Who reads and who writes traits and providers, under Placement's names (placement/policies/trait.py,
 * resource_provider.py), one of ours for each of theirs. Writing (custom traits, providers and their traits) is for
 * admins and services (placement-traits.txt: "admin and/or service users"): each write rule defaults to
 * `rule:admin_or_service_api`, as in Placement, so an operator overrides one operation or, through that rule, all.
 * Reading defaults to `@` (everyone), where Placement's default is `rule:admin_or_service_api` too: our traits and
 * providers are the catalog's vocabulary, which every user picking a flavor or image needs to read (docs/identity.md).
 * A read rule that refuses is FORBIDDEN naming it (HTTP 403, as Placement), never an empty list.
 */
export const PLACEMENT_POLICIES = definePolicies([
  {
    name: 'admin_or_service_api',
    check: 'rule:context_is_admin or rule:service_api',
    description: 'An admin or a service: who writes traits and resource providers by default.',
    operations: ['every placement write'],
    upstream: ['Placement admin_or_service_api'],
  },
  {
    name: 'placement:traits:list',
    check: '@',
    description: 'List traits, check which names are traits, and be told when traits are created or deleted.',
    operations: ['traits', 'validateTraits', 'traitChanged', 'changes of traits', 'GET /traits'],
    upstream: ['Placement placement:traits:list'],
  },
  {
    name: 'placement:traits:show',
    check: '@',
    description: 'See one trait by name or id.',
    operations: ['trait', 'node(id) of a Trait', 'GET /traits/{name}'],
    upstream: ['Placement placement:traits:show'],
  },
  {
    name: 'placement:traits:update',
    check: 'rule:admin_or_service_api',
    description: 'Create a custom trait.',
    operations: ['createTrait', 'traits add', 'PUT /traits/{name}'],
    upstream: ['Placement placement:traits:update'],
  },
  {
    name: 'placement:traits:delete',
    check: 'rule:admin_or_service_api',
    description: 'Delete a custom trait.',
    operations: ['deleteTrait', 'deleteNode of a Trait', 'traits remove', 'DELETE /traits/{name}'],
    upstream: ['Placement placement:traits:delete'],
  },
  {
    name: 'placement:resource_providers:list',
    check: '@',
    description: 'List resource providers and be told when they change.',
    operations: [
      'resourceProviders',
      'resourceProviderChanged',
      'changes of resource providers',
      'GET /resource_providers',
    ],
    upstream: ['Placement placement:resource_providers:list'],
  },
  {
    name: 'placement:resource_providers:show',
    check: '@',
    description: 'See one resource provider by uuid or id.',
    operations: ['resourceProvider', 'node(id) of a ResourceProvider', 'GET /resource_providers/{uuid}'],
    upstream: ['Placement placement:resource_providers:show'],
  },
  {
    name: 'placement:resource_providers:create',
    check: 'rule:admin_or_service_api',
    description: 'Create a resource provider.',
    operations: ['createResourceProvider', 'POST /resource_providers'],
    upstream: ['Placement placement:resource_providers:create'],
  },
  {
    name: 'placement:resource_providers:update',
    check: 'rule:admin_or_service_api',
    description: 'Rename or re-parent a resource provider.',
    operations: ['updateResourceProvider', 'PUT /resource_providers/{uuid}'],
    upstream: ['Placement placement:resource_providers:update'],
  },
  {
    name: 'placement:resource_providers:delete',
    check: 'rule:admin_or_service_api',
    description: 'Delete a resource provider.',
    operations: [
      'deleteResourceProvider',
      'deleteNode of a ResourceProvider',
      'DELETE /resource_providers/{uuid}',
    ],
    upstream: ['Placement placement:resource_providers:delete'],
  },
  {
    name: 'placement:resource_providers:traits:list',
    check: '@',
    description: "See a resource provider's traits.",
    operations: ['ResourceProvider.traits', 'GET /resource_providers/{uuid}/traits'],
    upstream: ['Placement placement:resource_providers:traits:list'],
  },
  {
    name: 'placement:resource_providers:traits:update',
    check: 'rule:admin_or_service_api',
    description: "Replace a resource provider's traits.",
    operations: ['setResourceProviderTraits', 'PUT /resource_providers/{uuid}/traits'],
    upstream: ['Placement placement:resource_providers:traits:update'],
  },
  {
    name: 'placement:resource_providers:traits:delete',
    check: 'rule:admin_or_service_api',
    description: 'Remove every trait of a resource provider.',
    operations: ['deleteResourceProviderTraits', 'DELETE /resource_providers/{uuid}/traits'],
    upstream: ['Placement placement:resource_providers:traits:delete'],
  },
]);

export type PlacementRule = Exclude<(typeof PLACEMENT_POLICIES)[number]['name'], 'admin_or_service_api'>;

/** FORBIDDEN naming `rule` unless it lets the caller do `what` (a placement rule reads no target). */
export function enforcePlacement(viewer: Viewer, rule: PlacementRule, what: string): void {
  viewer.policy.enforce(viewer.identity, rule, {}, what);
}

/** FORBIDDEN naming `rule` unless it lets the caller change `what`. */
export function assertCanWritePlacement(ctx: Context, rule: PlacementRule, what: string): void {
  enforcePlacement(ctx, rule, `changing ${what}`);
}

/** Who may write traits and providers, as the schema says it on each such mutation. */
export const PLACEMENT_WRITE_ACCESS =
  'Needs the admin or the service role by default (the placement:… rule named in docs/identity.md; FORBIDDEN otherwise).';

/** Who may read traits and providers, as the schema says it on each such query. */
export const PLACEMENT_READ_ACCESS =
  'Open to everyone by default (the placement:… rule named in docs/identity.md; FORBIDDEN otherwise).';
