import type { PropertyFieldsFragment } from './gql/graphql';

/**
 * Compose's model, without React: definitions as a resource type sees them (keys with the association's
 * prefix), draft rows, their values as a resource carries them, checks against a row's own definition, the
 * diff against what the resource carries, and the openstack CLI lines that make the change.
 */

export type Property = PropertyFieldsFragment;
export type Value = string | number | boolean | string[];

/** One definition of a key for a resource type: the property, where it is defined, and where it goes. */
export interface Definition {
  /** The key on the resource: the association's prefix and the property's stored name. */
  key: string;
  namespace: string;
  namespaceTitle: string;
  /** The object holding the property; null for a namespace's own property. */
  object: string | null;
  /** Which key/value set of the resource the key goes to (e.g. "image" for a volume's image metadata). */
  target: string | null;
  property: Property;
}

export interface Row {
  key: string;
  /** The definition this row follows; null for a custom key. */
  definition: Definition | null;
  /** '' for a plain value, else one of the definition's operators. */
  operator: string;
  value: Value;
  /** The choices of a multi-value operator. */
  choices: string[];
}

/** What the draft is for: the resource it was loaded from (uuid, or '' for none) and what that carried. */
export interface Draft {
  target: string;
  targetName: string;
  /** The target's properties as loaded (or as applied last). */
  original: Record<string, string | number | boolean>;
  rows: Row[];
}

export const EMPTY_DRAFT: Draft = { target: '', targetName: '', original: {}, rows: [] };

/** One placeholder of a parameterized definition (hw:numa_cpus.{num}, resources{group}:{resource_class}). */
export type Parameter = Property['parameters'][number];

/** Whether a definition's name is a pattern to fill (its placeholders are picked in Compose). */
export const isParameterized = (definition: Definition) => definition.property.parameters.length > 0;

/** What each placeholder kind accepts, as the server checks it (src/modules/properties/property-parameters.ts). */
const KIND_SOURCES: Record<Exclude<Parameter['kind'], 'TEXT'>, string> = {
  NUMBER: '\\p{Nd}+',
  GROUP: '[a-zA-Z0-9_-]{0,64}',
  TRAIT: '[A-Z0-9_]+',
  RESOURCE_CLASS: '[A-Z0-9_]+',
};

const sourceOf = (parameter: Parameter) =>
  parameter.kind === 'TEXT'
    ? parameter.pattern
      ? `(?:${parameter.pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '')})`
      : '[^\\n]+'
    : KIND_SOURCES[parameter.kind];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The regular expression of the keys a parameterized definition stands for (a plain one: its key only). */
export function keyPattern(definition: Definition): RegExp {
  const parameters = new Map(definition.property.parameters.map((p) => [p.name, p]));
  const source = definition.key
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => {
      const parameter = /^\{(.+)\}$/.test(part) ? parameters.get(part.slice(1, -1)) : undefined;
      return parameter ? `(${sourceOf(parameter)})` : escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

/** The key a parameterized definition makes with these placeholder texts. */
export const fillKey = (definition: Definition, values: Record<string, string>) =>
  definition.key.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);

/** What is wrong with a placeholder's text, or null (the server then checks traits and resource classes exist). */
export function parameterProblem(parameter: Parameter, text: string): string | null {
  if (parameter.kind !== 'GROUP' && text === '') return 'needs a value';
  try {
    if (new RegExp(`^${sourceOf(parameter)}$`, 'u').test(text)) return null;
  } catch {
    return null; // a pattern this browser cannot compile: the server's check stands
  }
  switch (parameter.kind) {
    case 'NUMBER':
      return 'must be a whole number';
    case 'GROUP':
      return 'at most 64 of a-z, A-Z, 0-9, _ and -';
    case 'TRAIT':
      return 'a trait name: A-Z, 0-9 and _';
    case 'RESOURCE_CLASS':
      return 'a resource class: A-Z, 0-9 and _ (CUSTOM_… for your own)';
    default:
      return parameter.pattern ? `must match ${parameter.pattern}` : 'one line of text';
  }
}

/** Which of a key's definitions a choice names: namespace, object and the definition's own key. */
export const definitionId = (definition: Definition) =>
  `${definition.namespace}/${definition.object ?? ''}/${definition.key}`;

/**
 * The definitions of a key: those named exactly first, then the patterns that make it (as validateMetadata
 * reads them: an exact name wins over a pattern); the one this browser was told to follow first of all.
 */
export function definitionsOf(definitions: Definition[], key: string, preferred?: string): Definition[] {
  const exact = definitions.filter((definition) => definition.key === key);
  const patterns = definitions.filter(
    (definition) => isParameterized(definition) && keyPattern(definition).test(key),
  );
  const all = [...exact, ...patterns];
  const chosen = all.find((definition) => definitionId(definition) === preferred);
  return chosen ? [chosen, ...all.filter((definition) => definition !== chosen)] : all;
}

export const choicesOf = (property: Property): string[] | null =>
  (property.enum ?? property.items?.enum)?.map(String) ?? null;

export function initialValue(property: Property): Value {
  if (property.default != null) return property.default as Value;
  if (property.type === 'BOOLEAN') return false;
  if (property.type === 'ARRAY') return [];
  if (property.enum?.length) return String(property.enum[0]);
  return '';
}

export const newRow = (key: string, definition: Definition | null): Row => ({
  key,
  definition,
  operator: '',
  value: definition ? initialValue(definition.property) : '',
  choices: [],
});

/** What a row puts in the metadata checked by validateMetadata: the value, or the operator expression. */
export function valueOf(row: Row): Value {
  if (!row.operator) return row.value;
  if (row.operator === '<or>') return row.choices.map((choice) => `<or> ${choice}`).join(' ');
  return `${row.operator} ${row.choices.join(' ')}`;
}

/** What a resource stores (strings, numbers, booleans): an array as its items separated by commas. */
export const storedValue = (row: Row): string | number | boolean => {
  const value = valueOf(row);
  return Array.isArray(value) ? value.join(',') : value;
};

/** A stored value read back into a row that follows `definition` (operators, arrays, booleans, numbers). */
export function rowFromStored(key: string, stored: unknown, definition: Definition | null): Row {
  const row = newRow(key, definition);
  const text = String(stored);
  if (!definition)
    return { ...row, value: typeof stored === 'boolean' || typeof stored === 'number' ? stored : text };
  const { property } = definition;
  const operator = property.operators?.find((op) => text.startsWith(`${op} `));
  if (operator) {
    const choices =
      operator === '<or>'
        ? text
            .split('<or>')
            .map((part) => part.trim())
            .filter(Boolean)
        : text.slice(operator.length).trim().split(/\s+/).filter(Boolean);
    return { ...row, operator, choices };
  }
  if (property.type === 'BOOLEAN') return { ...row, value: stored === true || text.toLowerCase() === 'true' };
  if (property.type === 'ARRAY')
    return {
      ...row,
      value: Array.isArray(stored)
        ? stored.map(String)
        : text
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
    };
  if (
    (property.type === 'INTEGER' || property.type === 'NUMBER') &&
    text.trim() !== '' &&
    Number.isFinite(Number(text))
  )
    return { ...row, value: Number(text) };
  return { ...row, value: text };
}

/** Which of a property's values may stand alone: '' only when the definition allows it. */
const allowsEmpty = (property: Property) => property.enum?.some((value) => value === '') ?? false;

/** The problems of a row against its own definition (not another namespace's of the same key). */
export function problemsOf(row: Row): string[] {
  const definition = row.definition;
  if (!definition) return String(row.value).trim() === '' ? ['needs a value'] : [];
  const { property } = definition;
  const problems: string[] = [];
  const enumOf = choicesOf(property);
  if (row.operator) {
    if (!row.choices.length) return ['needs at least one value'];
    if (enumOf)
      for (const choice of row.choices)
        if (!enumOf.includes(choice)) problems.push(`${choice} is not allowed`);
    return problems;
  }
  const value = row.value;
  if (Array.isArray(value)) {
    if (!value.length && !property.minItems)
      return property.type === 'ARRAY' ? ['needs at least one item'] : [];
    if (property.minItems != null && value.length < property.minItems)
      problems.push(`needs at least ${property.minItems} items`);
    if (property.maxItems != null && value.length > property.maxItems)
      problems.push(`takes at most ${property.maxItems} items`);
    return problems;
  }
  if (typeof value === 'string' && value.trim() === '' && !allowsEmpty(property)) return ['needs a value'];
  if (property.type === 'INTEGER' || property.type === 'NUMBER') {
    const number = Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(number)) return ['must be a number'];
    if (property.type === 'INTEGER' && !Number.isInteger(number)) problems.push('must be a whole number');
    if (property.minimum != null && number < property.minimum) problems.push(`must be ≥ ${property.minimum}`);
    if (property.maximum != null && number > property.maximum) problems.push(`must be ≤ ${property.maximum}`);
  }
  if (property.type === 'STRING' && typeof value === 'string') {
    if (property.minLength != null && value.length < property.minLength)
      problems.push(`needs at least ${property.minLength} characters`);
    if (property.maxLength != null && value.length > property.maxLength)
      problems.push(`takes at most ${property.maxLength} characters`);
    if (property.pattern) {
      try {
        if (!new RegExp(property.pattern, 'u').test(value)) problems.push(`must match ${property.pattern}`);
      } catch {
        // A pattern this browser cannot compile: the server's check stands.
      }
    }
  }
  if (property.enum && !property.enum.map(String).includes(String(value)))
    problems.push(`must be one of ${property.enum.map(String).join(', ')}`);
  return problems;
}

export interface Change {
  key: string;
  kind: 'added' | 'changed' | 'removed';
  before?: string | number | boolean;
  after?: string | number | boolean;
}

/** What applying the draft changes on its target. */
export function diffOf(draft: Draft): Change[] {
  const changes: Change[] = [];
  const keys = new Set(draft.rows.map((row) => row.key));
  for (const row of draft.rows) {
    const after = storedValue(row);
    if (!(row.key in draft.original)) changes.push({ key: row.key, kind: 'added', after });
    else if (String(draft.original[row.key]) !== String(after))
      changes.push({ key: row.key, kind: 'changed', before: draft.original[row.key], after });
  }
  for (const [key, before] of Object.entries(draft.original))
    if (!keys.has(key)) changes.push({ key, kind: 'removed', before });
  return changes;
}

/** A shell word: quoted when it holds anything but safe characters. */
export const shellWord = (word: string) =>
  /^[\w:.,=/@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The openstack client's commands for the types it sets key/values on, and the option per properties target:
 * a volume's image metadata (target "image") is --image-property, everything else --property.
 */
export const CLI_OF: Record<string, { command: string; placeholder: string }> = {
  'OS::Nova::Flavor': { command: 'flavor', placeholder: '<flavor>' },
  'OS::Glance::Image': { command: 'image', placeholder: '<image>' },
  'OS::Cinder::Volume': { command: 'volume', placeholder: '<volume>' },
  'OS::Nova::Aggregate': { command: 'aggregate', placeholder: '<aggregate>' },
};

const optionOf = (resourceType: string, row: { definition: Definition | null }) =>
  resourceType === 'OS::Cinder::Volume' && row.definition?.target === 'image'
    ? '--image-property'
    : '--property';

/**
 * `openstack <type> set` for the keys set, and `openstack <type> unset` for the keys the draft removes from
 * its target: both lines when both are needed.
 */
export function cliLines(resourceType: string, draft: Draft, target: string): string {
  const cli = CLI_OF[resourceType];
  if (!cli) return '';
  // A placeholder for the user to replace stays as it is; a real name is quoted when it needs to be.
  const name = target ? shellWord(target) : cli.placeholder;
  const lines: string[] = [];
  if (draft.rows.length) {
    const options = draft.rows.map(
      (row) => ` \\\n  ${optionOf(resourceType, row)} ${shellWord(`${row.key}=${String(storedValue(row))}`)}`,
    );
    lines.push(`openstack ${cli.command} set${options.join('')} ${name}`);
  }
  const removed = diffOf(draft).filter((change) => change.kind === 'removed');
  if (removed.length) {
    const options = removed.map((change) => ` \\\n  --property ${shellWord(change.key)}`);
    lines.push(`openstack ${cli.command} unset${options.join('')} ${name}`);
  }
  return lines.join('\n');
}

const STORAGE = 'metacatalog-explorer-draft:';
const FOLLOWS = 'metacatalog-explorer-follows:';

/** The definition each key was last told to follow ("Follows"), per resource type: kept across reloads. */
export function loadFollows(resourceType: string): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(FOLLOWS + resourceType) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function saveFollow(resourceType: string, key: string, definition: Definition): void {
  try {
    const follows = { ...loadFollows(resourceType), [key]: definitionId(definition) };
    localStorage.setItem(FOLLOWS + resourceType, JSON.stringify(follows));
  } catch {
    // Storage full or off: the choice lives as long as the page.
  }
}

/** The draft of a resource type as this browser kept it (drafts survive reloads; they hold no secret). */
export function loadDraft(resourceType: string): Draft {
  try {
    const raw = localStorage.getItem(STORAGE + resourceType);
    return raw ? { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<Draft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(resourceType: string, draft: Draft): void {
  try {
    if (!draft.rows.length && !draft.target) localStorage.removeItem(STORAGE + resourceType);
    else localStorage.setItem(STORAGE + resourceType, JSON.stringify(draft));
  } catch {
    // Storage full or off: the draft lives as long as the page.
  }
}

/** Whether the draft holds work its resource does not carry: changes to it, or any row when it has none. */
export const hasUnsavedWork = (draft: Draft): boolean =>
  draft.target ? diffOf(draft).length > 0 : draft.rows.length > 0;

/** Drafts set aside when another resource was picked: one per resource type and resource ('' for none). */
const KEPT = 'metacatalog-explorer-kept:';
const keptKey = (resourceType: string, target: string) => KEPT + JSON.stringify([resourceType, target]);
/** What could not be stored (storage full or off): kept as long as the page lives. */
const memoryKept = new Map<string, Draft>();

/**
 * Sets the draft aside for its resource when it holds unsaved work (picking another resource must not lose
 * it); forgets what was kept for that resource otherwise. Returns whether it was kept.
 */
export function keepDraft(resourceType: string, draft: Draft): boolean {
  const key = keptKey(resourceType, draft.target);
  try {
    if (!hasUnsavedWork(draft)) {
      localStorage.removeItem(key);
      return false;
    }
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or off: the caller still says the draft was kept only as long as the page lives.
    memoryKept.set(key, draft);
  }
  return true;
}

/** The draft kept for this resource, taken out of the keeping (it becomes the current draft); null if none. */
export function takeKeptDraft(resourceType: string, target: string): Draft | null {
  const key = keptKey(resourceType, target);
  const inMemory = memoryKept.get(key);
  memoryKept.delete(key);
  try {
    const raw = localStorage.getItem(key);
    localStorage.removeItem(key);
    if (raw) return { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<Draft>), target };
  } catch {
    // Unreadable: nothing kept.
  }
  return inMemory ?? null;
}

/** Forgets the draft kept for this resource (its changes were discarded on purpose). */
export function dropKeptDraft(resourceType: string, target: string): void {
  const key = keptKey(resourceType, target);
  memoryKept.delete(key);
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage off: nothing to remove.
  }
}

/** The resources of a type ('' for none) that have a draft kept. */
export function keptTargets(resourceType: string): Set<string> {
  const targets = new Set<string>();
  const add = (key: string) => {
    if (!key.startsWith(KEPT)) return;
    try {
      const [type, target] = JSON.parse(key.slice(KEPT.length)) as [string, string];
      if (type === resourceType) targets.add(target);
    } catch {
      // Not one of ours.
    }
  };
  try {
    for (let index = 0; index < localStorage.length; index += 1) add(localStorage.key(index) ?? '');
  } catch {
    // Storage off: only what this page kept.
  }
  for (const key of memoryKept.keys()) add(key);
  return targets;
}
