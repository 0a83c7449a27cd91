import { readFileSync } from 'node:fs';
import { seedsPath } from '../../common/paths';
import type { Context } from '../../common/context';
import { inView, ResourceTypeView } from '../namespaces/resource-type-view';
import {
  isParameterized,
  keyRegExp,
  literalPrefixOf,
  parameterSource,
  type PropertyParameterDoc,
} from '../properties/property-parameters';
import type { PropertyDefinition } from '../properties/property.entity';
import { definitionsOfResourceType } from '../properties/property.loaders';

/**
 * What validateMetadata needs beyond the definitions of a key's exact name, for one resource type, read in one
 * statement per request: the parameterized definitions (indexed by the literal text before their first
 * placeholder, so a key is matched only against the patterns whose literal prefix it starts with) and the
 * scopes and key names of the complete namespaces.
 */

/** A definition whose name is a pattern, with its key pattern (prefix + name) compiled. */
export interface PatternDefinition {
  property: PropertyDefinition;
  keyPattern: string;
  regExp: RegExp;
  parameters: PropertyParameterDoc[];
  /** Its place in namespace order. */
  order: number;
}

/** A definition that a key matched, with the text each placeholder took (none for an exact name). */
export interface Match {
  property: PropertyDefinition;
  parameters: { name: string; kind: PropertyParameterDoc['kind']; value: string }[];
}

/** Where a complete namespace decides: a literal start of keys, or a pattern of it (with placeholders). */
type Scope = string | RegExp;

export interface CompleteNamespace {
  pk: number;
  name: string;
  scopes: Scope[];
  /** Its key patterns (prefix + name), for "did you mean" suggestions. */
  keys: string[];
}

export class KeyIndex {
  private readonly byPrefix = new Map<string, PatternDefinition[]>();
  /** The distinct lengths of the literal prefixes, so a key is looked up once per length. */
  private readonly lengths: number[];

  constructor(
    patterns: PatternDefinition[],
    readonly complete: CompleteNamespace[],
  ) {
    for (const pattern of patterns) {
      const prefix = literalPrefixOf(pattern.keyPattern);
      this.byPrefix.set(prefix, [...(this.byPrefix.get(prefix) ?? []), pattern]);
    }
    this.lengths = [...new Set([...this.byPrefix.keys()].map((prefix) => prefix.length))].sort(
      (a, b) => a - b,
    );
  }

  /** The parameterized definitions a key matches, in namespace order. */
  match(key: string): Match[] {
    const matches: { order: number; match: Match }[] = [];
    for (const length of this.lengths) {
      if (length > key.length) break;
      for (const pattern of this.byPrefix.get(key.slice(0, length)) ?? []) {
        const found = pattern.regExp.exec(key);
        if (!found) continue;
        matches.push({
          order: pattern.order,
          match: {
            property: pattern.property,
            parameters: pattern.parameters.map((parameter, index) => ({
              name: parameter.name,
              kind: parameter.kind,
              value: found.groups?.[`p${index}`] ?? '',
            })),
          },
        });
      }
    }
    return matches.sort((a, b) => a.order - b.order).map((item) => item.match);
  }

  /** Whether a namespace (associated with this resource type, visible) is complete. */
  isComplete(namespacePk: number): boolean {
    return this.complete.some((namespace) => namespace.pk === namespacePk);
  }

  /** The complete namespaces whose scope holds the key. */
  completeFor(key: string): CompleteNamespace[] {
    return this.complete.filter((namespace) =>
      namespace.scopes.some((scope) => (typeof scope === 'string' ? key.startsWith(scope) : scope.test(key))),
    );
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The scope of one key pattern of a complete namespace: its text up to and with the first colon (hw: for
 * hw:cpu_policy, trait{group}: for trait{group}:{trait}); for a key without a colon, the association's prefix
 * (none without one).
 */
function scopeOf(
  keyPattern: string,
  prefix: string | null,
  parameters: PropertyParameterDoc[],
): Scope | null {
  const colon = keyPattern.indexOf(':');
  if (colon < 0) return prefix || null;
  const scope = keyPattern.slice(0, colon + 1);
  if (!isParameterized(scope)) return scope;
  const source = scope.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}|([^{]+)/g,
    (_whole, name: string, text: string) => {
      if (text !== undefined) return escape(text);
      const parameter = parameters.find((candidate) => candidate.name === name);
      return parameter ? `(?:${parameterSource(parameter)})` : escape(`{${name}}`);
    },
  );
  return new RegExp(`^${source}`, 'u');
}

/** The key index of a resource type as the caller sees it: one statement. */
export async function loadKeyIndex(ctx: Context, resourceTypePk: number): Promise<KeyIndex> {
  const query = definitionsOfResourceType(ctx.db, ctx, resourceTypePk)
    .addSelect('ns.name', 'definition_namespace')
    .addSelect('ns.complete', 'definition_complete')
    .andWhere(`(strpos(p.name, '{') > 0 OR ns.complete)`);
  query.orderBy('ns.name', 'ASC').addOrderBy('p.objectId', 'ASC', 'NULLS FIRST').addOrderBy('p.pk', 'ASC');
  const { entities, raw } = await query.getRawAndEntities<{
    definition_prefix: string | null;
    definition_resource_type: string;
    definition_namespace: string;
    definition_complete: boolean;
  }>();
  const patterns: PatternDefinition[] = [];
  const complete = new Map<number, CompleteNamespace>();
  entities.forEach((row, index) => {
    const { definition_prefix: prefix, definition_resource_type: type } = raw[index];
    const property = inView(row, ResourceTypeView.of(type, prefix));
    const keyPattern = `${prefix ?? ''}${row.storedName}`;
    const parameters = row.schema.parameters ?? [];
    if (isParameterized(row.storedName)) {
      try {
        const regExp = keyRegExp(keyPattern, parameters);
        patterns.push({ property, keyPattern, regExp, parameters, order: patterns.length });
      } catch {
        // A stored pattern that no longer compiles matches nothing (its definition can be fixed by an update).
      }
    }
    if (raw[index].definition_complete) {
      const namespace = complete.get(row.namespaceId) ?? {
        pk: row.namespaceId,
        name: raw[index].definition_namespace,
        scopes: [],
        keys: [],
      };
      complete.set(row.namespaceId, namespace);
      namespace.keys.push(keyPattern);
      const scope = scopeOf(keyPattern, prefix, parameters);
      const same = (other: Scope) => String(other) === String(scope);
      if (scope !== null && !namespace.scopes.some(same)) namespace.scopes.push(scope);
    }
  });
  return new KeyIndex(patterns, [...complete.values()]);
}

let standardResourceClasses: ReadonlySet<string> | undefined;

/** os-resource-classes' standard classes (seeds/standard-resource-classes.txt), read once. */
export function isStandardResourceClass(name: string): boolean {
  standardResourceClasses ??= new Set(
    readFileSync(seedsPath('standard-resource-classes.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  return standardResourceClasses.has(name);
}

/** The optimal string alignment distance (Levenshtein with swaps of neighbours), at most `limit` + 1. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        rows[i].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2][j - 2] + 1);
      rows[i].push(best);
    }
  }
  return Math.min(rows[a.length][b.length], limit + 1);
}

export const SUGGESTIONS_MAX = 3;
/** How many refused keys of one request get suggestions (each costs an edit distance per key in scope). */
export const SUGGESTED_KEYS_MAX = 20;
export const SUGGESTION_DISTANCE_MAX = 3;

/** The words of a key (split at _ : . and -), sorted: hw:cpu_max_sockets and hw:max_cpu_sockets have the same. */
const wordsOf = (key: string) =>
  key
    .split(/[_:.-]+/)
    .sort()
    .join(' ');

/**
 * The nearest keys to a key, nearest first, then by name: at an edit distance of at most one per 5 characters of
 * the key (1 to SUGGESTION_DISTANCE_MAX; a swap of neighbours counts 1), or with the same words in another order
 * (distance 1).
 */
export function suggestionsFor(key: string, keys: readonly string[]): string[] {
  const limit = Math.min(SUGGESTION_DISTANCE_MAX, Math.max(1, Math.floor(key.length / 5)));
  const words = wordsOf(key);
  return [...new Set(keys)]
    .map((candidate) => ({
      candidate,
      distance: wordsOf(candidate) === words ? 1 : editDistance(key, candidate, limit),
    }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, SUGGESTIONS_MAX)
    .map(({ candidate }) => candidate);
}
