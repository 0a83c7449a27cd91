import { createHash } from 'node:crypto';
import { ForbiddenError } from '../errors';
import type { Identity } from '../identity/identity';
import {
  evaluate,
  parseCheckString,
  parseListRule,
  referencedRules,
  type Check,
  type PolicyRecord,
  type PolicyValue,
  type TemplatePart,
} from './check-string';
import type { PolicyRule } from './rule';

/** A rule as a policy file gives it: a check string, or oslo.policy's legacy list of lists. */
export type RuleText = string | readonly (string | readonly string[])[];

/** A rule in force: its check, where it comes from. */
export interface EffectiveRule {
  readonly name: string;
  readonly text: string;
  readonly source: 'default' | 'policy file';
  readonly check: Check;
}

export class PolicyLoadError extends Error {}

const display = (text: RuleText): string => (typeof text === 'string' ? text : JSON.stringify(text));

/** The credentials a check string reads, as oslo.context's `to_policy_values()` names them. */
export function credentialsOf(identity: Identity): PolicyRecord {
  const system = identity.projectId === null;
  return {
    roles: [...identity.roles].sort(),
    project_id: identity.projectId,
    user_id: identity.userId,
    system_scope: system ? 'all' : null,
    // oslo.policy's Enforcer sets `system` from `system_scope` (both names are in use in check strings).
    system: system ? 'all' : null,
    service_roles: identity.isService ? ['service'] : [],
    is_admin: identity.roles.includes('admin'),
  };
}

/** SQL of a check with the credentials known: a constant, or a condition on the target's columns. */
type Residual = boolean | string;

const and = (parts: Residual[]): Residual => {
  if (parts.includes(false)) return false;
  const open = parts.filter((part): part is string => part !== true);
  return open.length === 0 ? true : open.length === 1 ? open[0] : `(${open.join(' AND ')})`;
};
const or = (parts: Residual[]): Residual => {
  if (parts.includes(true)) return true;
  const open = parts.filter((part): part is string => part !== false);
  return open.length === 0 ? false : open.length === 1 ? open[0] : `(${open.join(' OR ')})`;
};

/** Where a list's rows come from: the SQL expression of each target key, and how to pass a value. */
export interface SqlTarget {
  readonly columns: Readonly<Record<string, string>>;
  /** The keys whose column may be NULL (Python's `None` in a comparison). */
  readonly nullable?: readonly string[];
  readonly param: (value: string) => string;
}

/** The values of a path into the credentials (a list matching by any of its elements), as oslo's _find_in_dict. */
function credentialValues(value: PolicyValue, path: readonly string[]): string[] {
  if (!path.length) {
    if (Array.isArray(value)) return value.flatMap((item: PolicyValue) => credentialValues(item, []));
    return [pythonString(value)];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const record = value as PolicyRecord;
  if (!Object.hasOwn(record, path[0])) return [];
  const next = record[path[0]];
  if (Array.isArray(next)) return next.flatMap((item: PolicyValue) => credentialValues(item, path.slice(1)));
  return credentialValues(next, path.slice(1));
}

function pythonString(value: PolicyValue): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  return String(value);
}

/**
 * Every decision about who may see or do what: the named rules of every module (their secure-RBAC defaults, or
 * the old ones), overridden by a policy file (`setOverrides`, again on each reload: rules are swapped at once).
 * `allows` decides one target; `sqlFilter` turns a rule into the condition a list applies in SQL (the same
 * verdict for each row as `allows` on that row's target); `audience` says which callers every rule treats alike.
 */
export class PolicyEngine {
  private readonly declared: ReadonlyMap<string, PolicyRule>;
  private rules: ReadonlyMap<string, EffectiveRule>;
  private audiences = new Map<string, string>();
  /** The audience of identities already asked about (an identity is not changed once made). */
  private audienceOf = new WeakMap<Identity, string>();
  /** Whether a rule reads the user id, decided once per set of rules. */
  private userRead: boolean | undefined;

  constructor(
    declarations: readonly PolicyRule[],
    readonly newDefaults = true,
  ) {
    const declared = new Map<string, PolicyRule>();
    for (const rule of declarations) {
      if (declared.has(rule.name)) throw new Error(`policy rule "${rule.name}" is declared twice`);
      declared.set(rule.name, rule);
    }
    this.declared = declared;
    this.rules = this.build({});
  }

  /** The declarations, in order. */
  get declarations(): readonly PolicyRule[] {
    return [...this.declared.values()];
  }

  /** The default check string of a rule, as this engine's defaults (new or old) say. */
  defaultOf(rule: PolicyRule): string {
    return this.newDefaults ? rule.check : (rule.legacy ?? rule.check);
  }

  /**
   * Replaces the policy file's rules (all at once, or not at all: PolicyLoadError naming the rule). Returns the
   * names it overrides that no module declares (kept, since `rule:` may refer to them, and warned about).
   */
  setOverrides(overrides: Readonly<Record<string, RuleText>>): string[] {
    this.rules = this.build(overrides);
    this.audiences = new Map();
    this.audienceOf = new WeakMap();
    this.userRead = undefined;
    return Object.keys(overrides).filter((name) => !this.declared.has(name));
  }

  private build(overrides: Readonly<Record<string, RuleText>>): Map<string, EffectiveRule> {
    const rules = new Map<string, EffectiveRule>();
    for (const rule of this.declared.values()) {
      const text = this.defaultOf(rule);
      rules.set(rule.name, { name: rule.name, text, source: 'default', check: parseCheckString(text) });
    }
    for (const [name, text] of Object.entries(overrides)) {
      let check: Check;
      try {
        check = typeof text === 'string' ? parseCheckString(text) : parseListRule(text);
      } catch (error) {
        throw new PolicyLoadError(`rule "${name}": ${(error as Error).message}`);
      }
      rules.set(name, { name, text: display(text), source: 'policy file', check });
    }
    // A rule that refers back to itself would never end: refused, as oslopolicy-checker reports cycles.
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, path: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name))
        throw new PolicyLoadError(`rules refer to each other in a cycle: ${[...path, name].join(' -> ')}`);
      visiting.add(name);
      const rule = rules.get(name);
      for (const next of rule ? referencedRules(rule.check) : []) visit(next, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of rules.keys()) visit(name, []);
    return rules;
  }

  /** The rules in force, declared ones first, in declaration order. */
  effective(): EffectiveRule[] {
    return [...this.rules.values()];
  }

  private lookup = (name: string): Check | undefined => this.rules.get(name)?.check;

  private checkOf(name: string): Check {
    const rule = this.rules.get(name);
    // Our code asks only for declared rules: a typo is a bug, not a refusal.
    if (!this.declared.has(name) || !rule) throw new Error(`no policy rule "${name}" is declared`);
    return rule.check;
  }

  /** Whether rule `name` allows `identity` on `target`. */
  allows(identity: Identity, name: string, target: PolicyRecord = {}): boolean {
    return evaluate(this.checkOf(name), target, credentialsOf(identity), this.lookup);
  }

  /** FORBIDDEN naming the rule unless it allows `identity` on `target`; `what` says what was refused. */
  enforce(identity: Identity, name: string, target: PolicyRecord, what: string): void {
    if (!this.allows(identity, name, target)) {
      throw new ForbiddenError(`policy "${name}" does not allow ${what}`, { policy: name });
    }
  }

  /**
   * Rule `name` as a SQL condition on a list's rows (`TRUE`, `FALSE` or a condition on `target.columns`): the
   * credentials are known, each target key is its column's value (a key without a column is missing, so the check
   * reading it is false, as in oslo.policy). A text column compared as text; a NULL is Python's `None`.
   */
  sqlFilter(identity: Identity, name: string, target: SqlTarget): string {
    // Values are held back until the condition is simplified: only those left in it become parameters, in order.
    const values: string[] = [];
    const held: SqlTarget = { ...target, param: (value) => `\uE000${values.push(value) - 1}\uE000` };
    const residual = this.residual(this.checkOf(name), credentialsOf(identity), held);
    if (typeof residual === 'boolean') return residual ? 'TRUE' : 'FALSE';
    return residual.replace(/\uE000(\d+)\uE000/g, (_, index: string) => target.param(values[Number(index)]));
  }

  private template(match: readonly TemplatePart[], target: SqlTarget): string | undefined {
    const parts: string[] = [];
    for (const part of match) {
      if (typeof part === 'string') {
        if (part) parts.push(target.param(part));
        continue;
      }
      const column = target.columns[part.key];
      if (column === undefined) return undefined;
      parts.push(target.nullable?.includes(part.key) ? `COALESCE(${column}, 'None')` : column);
    }
    return parts.length === 1 ? parts[0] : `(${parts.join(' || ')})`;
  }

  private residual(check: Check, creds: PolicyRecord, target: SqlTarget): Residual {
    switch (check.kind) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'rule': {
        const rule = this.lookup(check.name);
        return rule ? this.residual(rule, creds, target) : false;
      }
      case 'and':
        return and(check.checks.map((inner) => this.residual(inner, creds, target)));
      case 'or':
        return or(check.checks.map((inner) => this.residual(inner, creds, target)));
      case 'not': {
        const inner = this.residual(check.check, creds, target);
        return typeof inner === 'boolean' ? !inner : `NOT ${inner}`;
      }
      case 'role':
      case 'generic': {
        if (check.match.every((part) => typeof part === 'string')) {
          return evaluate(check, {}, creds, this.lookup);
        }
        const match = this.template(check.match, target);
        if (match === undefined) return false;
        if (check.kind === 'role') {
          const roles = Array.isArray(creds.roles)
            ? creds.roles.map((role: PolicyValue) => pythonString(role).toLowerCase())
            : [];
          if (!roles.length) return false;
          return `LOWER(${match}) IN (${roles.map((role) => target.param(role)).join(', ')})`;
        }
        const values = check.literal !== undefined ? [check.literal] : credentialValues(creds, check.path);
        if (!values.length) return false;
        return values.length === 1
          ? `${match} = ${target.param(values[0])}`
          : `${match} IN (${values.map((value) => target.param(value)).join(', ')})`;
      }
    }
  }

  /**
   * Which callers every rule treats alike: two identities with the same audience get the same verdict from every
   * rule on every target (each rule with their credentials put in, the target left open, is the same
   * condition). Answers shared between requests (the catalog cache, subscriptions) are kept per audience.
   */
  audience(identity: Identity): string {
    const known = this.audienceOf.get(identity);
    if (known !== undefined) return known;
    const creds = credentialsOf(identity);
    // What the credentials hold (the user id only when a rule reads it): the same credentials, the same key.
    const key = JSON.stringify([
      creds.roles,
      creds.project_id,
      this.readsUser() ? creds.user_id : null,
      creds.service_roles,
    ]);
    let audience = this.audiences.get(key);
    if (audience === undefined) {
      const symbolic: SqlTarget = {
        columns: new Proxy({}, { get: (_, key) => `{${String(key)}}` }),
        param: (v) => JSON.stringify(v),
      };
      audience = [...this.declared.keys()]
        .map((name) => `${name}=${String(this.residual(this.checkOf(name), creds, symbolic))}`)
        .join('\n');
      audience = createHash('sha256').update(audience).digest('base64url');
      if (this.audiences.size > 10_000) this.audiences.clear();
      this.audiences.set(key, audience);
    }
    this.audienceOf.set(identity, audience);
    return audience;
  }

  private readsUser(): boolean {
    if (this.userRead !== undefined) return this.userRead;
    const reads = (check: Check): boolean =>
      check.kind === 'generic'
        ? check.path[0] === 'user_id' && check.literal === undefined
        : check.kind === 'and' || check.kind === 'or'
          ? check.checks.some(reads)
          : check.kind === 'not'
            ? reads(check.check)
            : false;
    return (this.userRead = [...this.rules.values()].some((rule) => reads(rule.check)));
  }
}

/** Who asks and the policy that decides for them: what visibility filters take (a Context is one). */
export interface Viewer {
  readonly identity: Identity;
  readonly policy: PolicyEngine;
}
