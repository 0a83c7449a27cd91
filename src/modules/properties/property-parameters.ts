import type { InputProblem } from '../../common/errors';

/**
 * Parameterized property names: a name such as `numa_cpus.{num}` or `resources{group}:{resource_class}` stands
 * for every key its placeholders can make, each placeholder typed by a parameter of the definition (its schema's
 * `parameters`). Pure functions: the name rules, the kinds and the regular expression of a key pattern.
 */

export enum ParameterKind {
  NUMBER = 'number',
  GROUP = 'group',
  TRAIT = 'trait',
  RESOURCE_CLASS = 'resourceClass',
  TEXT = 'text',
}

/** One placeholder of a parameterized name, as stored in the schema document (`parameters`). */
export interface PropertyParameterDoc {
  name: string;
  kind: `${ParameterKind}`;
  /** TEXT only: an ECMAScript regular expression (unicode flag) the text matches whole. */
  pattern?: string;
  description?: string;
}

export const PARAMETER_LIMITS = { count: 5, name: 40, pattern: 500, description: 500 } as const;

/**
 * What each kind accepts, as a regular expression source (matched whole, unicode flag). TRAIT and
 * RESOURCE_CLASS then need a name the catalog knows (validation): any trait of the catalog, standard or custom;
 * a standard resource class (seeds/standard-resource-classes.txt) or a CUSTOM_ one.
 */
export const KIND_PATTERNS: Record<Exclude<`${ParameterKind}`, 'text'>, string> = {
  // Python's \d, which Nova's `\d+` uses: any decimal digit
  number: '\\p{Nd}+',
  // Nova's request group suffix: ([a-zA-Z0-9_-]{1,64})?
  group: '[a-zA-Z0-9_-]{0,64}',
  trait: '[A-Z0-9_]+',
  resourceClass: '[A-Z0-9_]+',
};

/** Any text except a line break: a TEXT parameter without a pattern. */
const ANY_TEXT = '[^\\n]+';

export const KIND_DOCS: Record<`${ParameterKind}`, string> = {
  number: 'A decimal number, e.g. the 0 of hw:numa_cpus.0.',
  group:
    "A request group suffix: empty, or 1–64 of a-z, A-Z, 0-9, _ and - (Nova's rule), e.g. the 1 of resources1:VCPU.",
  trait: 'The name of a trait the catalog knows, standard or custom (BAD value otherwise, naming it).',
  resourceClass:
    'A resource class: a standard one (os-resource-classes, seeds/standard-resource-classes.txt) or CUSTOM_[A-Z0-9_]+.',
  text: "Any text without a line break, or what the parameter's pattern matches.",
};

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholders of a name, in order (none for a plain name). */
export function placeholdersOf(name: string): string[] {
  return [...name.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

/** Whether a stored name is a pattern (has a placeholder). */
export const isParameterized = (name: string): boolean => name.includes('{');

/** The text of a name before its first placeholder: what every key it makes starts with. */
export const literalPrefixOf = (key: string): string => key.split('{', 1)[0];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The regular expression source of one parameter's text. */
export function parameterSource(parameter: PropertyParameterDoc): string {
  if (parameter.kind === 'text')
    return parameter.pattern ? `(?:${stripAnchors(parameter.pattern)})` : ANY_TEXT;
  return KIND_PATTERNS[parameter.kind];
}

/** A pattern written whole (^…$) as the part of a larger one. */
function stripAnchors(pattern: string): string {
  return pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
}

/**
 * The regular expression of every key a parameterized key pattern (prefix + name) makes, with one named group
 * per placeholder (p0, p1, … in the order of `parameters`).
 */
export function keyRegExp(keyPattern: string, parameters: readonly PropertyParameterDoc[]): RegExp {
  let source = '';
  let last = 0;
  for (const match of keyPattern.matchAll(PLACEHOLDER)) {
    source += escape(keyPattern.slice(last, match.index));
    const index = parameters.findIndex((parameter) => parameter.name === match[1]);
    source += `(?<p${index}>${parameterSource(parameters[index])})`;
    last = match.index + match[0].length;
  }
  source += escape(keyPattern.slice(last));
  return new RegExp(`^${source}$`, 'u');
}

/**
 * The problems of a name with its parameters (none for a plain name without parameters): every placeholder has
 * exactly one parameter and every parameter one placeholder; braces only around placeholders; TEXT patterns
 * compile; the limits of PARAMETER_LIMITS.
 */
export function checkParameters(
  name: string,
  parameters: readonly PropertyParameterDoc[] | undefined,
  field: string,
): InputProblem[] {
  const problems: InputProblem[] = [];
  const used = placeholdersOf(name);
  const rest = name.replace(PLACEHOLDER, '');
  if (rest.includes('{') || rest.includes('}')) {
    problems.push({
      field: `${field}.name`,
      message:
        'braces may only enclose a placeholder name ({num}, {resource_class}: a letter or _, then letters, digits, _)',
    });
  }
  const list = parameters ?? [];
  if (list.length > PARAMETER_LIMITS.count) {
    problems.push({
      field: `${field}.parameters`,
      message: `must have at most ${PARAMETER_LIMITS.count} items`,
    });
  }
  const seen = new Set<string>();
  for (const placeholder of used) {
    if (seen.has(placeholder)) {
      problems.push({ field: `${field}.name`, message: `placeholder {${placeholder}} is used twice` });
    }
    seen.add(placeholder);
    if (!list.some((parameter) => parameter.name === placeholder)) {
      problems.push({
        field: `${field}.parameters`,
        message: `placeholder {${placeholder}} has no parameter`,
      });
    }
  }
  list.forEach((parameter, index) => {
    const where = `${field}.parameters.${index}`;
    if (!used.includes(parameter.name)) {
      problems.push({
        field: `${where}.name`,
        message: `"${parameter.name}" is not a placeholder of the name`,
      });
    }
    if (list.findIndex((other) => other.name === parameter.name) !== index) {
      problems.push({ field: `${where}.name`, message: `"${parameter.name}" is listed twice` });
    }
    if (parameter.pattern !== undefined) {
      if (parameter.kind !== 'text') {
        problems.push({ field: `${where}.pattern`, message: 'applies to TEXT parameters only' });
      } else {
        try {
          new RegExp(parameter.pattern, 'u');
        } catch (error) {
          problems.push({
            field: `${where}.pattern`,
            message: `is not a valid regular expression: ${String(error)}`,
          });
        }
      }
    }
  });
  return problems;
}
