import type { Context } from '../../common/context';
import { ForbiddenError } from '../../common/errors';

/**
 * Reading traits and providers is open to every identity; writing them (custom traits, providers and their
 * traits) needs the `admin` or the `service` role (placement-traits.txt: "admin and/or service users").
 */
export function assertCanWritePlacement(ctx: Context, what: string): void {
  if (ctx.identity.isAdmin || ctx.identity.isService) return;
  throw new ForbiddenError(`Only admins and services may change ${what}`);
}

/** Who may write traits and providers, as the schema says it on each such mutation. */
export const PLACEMENT_WRITE_ACCESS = 'Needs the admin or the service role (FORBIDDEN otherwise).';
