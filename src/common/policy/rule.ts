/**
 * A named policy rule as oslo.policy's `DocumentedRuleDefault` declares one: its name, its default check string, a
 * description, and (ours) the check string of the old defaults (POLICY_ENFORCE_NEW_DEFAULTS=false) and the
 * OpenStack rules that make the same decision. Each module declares its rules in its manifest (`policies`);
 * base-rules.ts holds the rules they build on.
 */
export interface PolicyRule {
  readonly name: string;
  /** The secure-RBAC default (oslo.policy's check string). */
  readonly check: string;
  /** The default before secure RBAC (any role on the project counts); the same as `check` when absent. */
  readonly legacy?: string;
  readonly description: string;
  /** What it decides, as a reader of the API knows it (operations, lists). */
  readonly operations: readonly string[];
  /** The Glance, Placement or Nova rules that make the same decision. */
  readonly upstream?: readonly string[];
}

/** Rules, typed as given. */
export const definePolicies = <const R extends readonly PolicyRule[]>(rules: R): R => rules;
