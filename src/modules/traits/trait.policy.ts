import type { Context } from '../../common/context';
import type { Viewer } from '../../common/policy/engine';
import { definePolicies } from '../../common/policy/rule';

/** Reads default to everyone, writes to Placement's `rule:admin_or_service_api`. */
const READ = '@';
const WRITE = 'rule:admin_or_service_api';
const placementRule = <const N extends string>(
  name: N,
  check: typeof READ | typeof WRITE,
  description: string,
  operations: readonly string[],
) => ({ name, check, description, operations, upstream: [`Placement ${name}`] });

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
  placementRule(
    'placement:traits:list',
    READ,
    'List traits, check which names are traits, and be told when traits are created or deleted.',
    ['traits', 'validateTraits', 'traitChanged', 'changes of traits', 'GET /traits'],
  ),
  placementRule('placement:traits:show', READ, 'See one trait by name or id.', [
    'trait',
    'node(id) of a Trait',
    'GET /traits/{name}',
  ]),
  placementRule('placement:traits:update', WRITE, 'Create a custom trait.', [
    'createTrait',
    'traits add',
    'PUT /traits/{name}',
  ]),
  placementRule('placement:traits:delete', WRITE, 'Delete a custom trait.', [
    'deleteTrait',
    'deleteNode of a Trait',
    'traits remove',
    'DELETE /traits/{name}',
  ]),
  placementRule(
    'placement:resource_providers:list',
    READ,
    'List resource providers and be told when they change.',
    [
      'resourceProviders',
      'resourceProviderChanged',
      'changes of resource providers',
      'GET /resource_providers',
    ],
  ),
  placementRule('placement:resource_providers:show', READ, 'See one resource provider by uuid or id.', [
    'resourceProvider',
    'node(id) of a ResourceProvider',
    'GET /resource_providers/{uuid}',
  ]),
  placementRule('placement:resource_providers:create', WRITE, 'Create a resource provider.', [
    'createResourceProvider',
    'POST /resource_providers',
  ]),
  placementRule('placement:resource_providers:update', WRITE, 'Rename or re-parent a resource provider.', [
    'updateResourceProvider',
    'PUT /resource_providers/{uuid}',
  ]),
  placementRule('placement:resource_providers:delete', WRITE, 'Delete a resource provider.', [
    'deleteResourceProvider',
    'deleteNode of a ResourceProvider',
    'DELETE /resource_providers/{uuid}',
  ]),
  placementRule('placement:resource_providers:traits:list', READ, "See a resource provider's traits.", [
    'ResourceProvider.traits',
    'GET /resource_providers/{uuid}/traits',
  ]),
  placementRule(
    'placement:resource_providers:traits:update',
    WRITE,
    "Replace a resource provider's traits.",
    ['setResourceProviderTraits', 'PUT /resource_providers/{uuid}/traits'],
  ),
  placementRule(
    'placement:resource_providers:traits:delete',
    WRITE,
    'Remove every trait of a resource provider.',
    ['deleteResourceProviderTraits', 'DELETE /resource_providers/{uuid}/traits'],
  ),
]);

export type PlacementRule = Exclude<(typeof PLACEMENT_POLICIES)[number]['name'], 'admin_or_service_api'>;

/** FORBIDDEN naming `rule` unless it lets the caller do `what` (a placement rule reads no target). */
export function enforcePlacement(viewer: Viewer, rule: PlacementRule, what: string): void {
  viewer.policy.enforce(viewer.identity, rule, {}, what);
}

/** Whether `rule` lets the caller do what it names (to read ahead only what it may see). */
export function allowsPlacement(viewer: Viewer, rule: PlacementRule): boolean {
  return viewer.policy.allows(viewer.identity, rule, {});
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
