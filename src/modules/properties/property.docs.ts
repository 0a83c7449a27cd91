import { PARAMETER_LIMITS } from './property-parameters';
import { DEPRECATION_LIMITS, OPERATORS, PROPERTY_TITLE_MAX } from './property.keywords';

const operatorList = OPERATORS.map((operator) => `"${operator}"`).join(', ');

/** What each keyword of a property definition means: the descriptions of PropertyDefinition's fields. */
export const PROPERTY_KEYWORD_DOCS = {
  title: `Human-readable name of the property, 1–${PROPERTY_TITLE_MAX} characters.`,
  description: 'What the property is for and how the cloud uses it.',
  type: 'The type of a value; an ARRAY value is a list of items of items.type.',
  default: 'The value assumed when none is set; it satisfies the constraints and enum.',
  enum: 'The only values allowed, each satisfying the constraints; null: any value of the type.',
  readonly: 'true: the value is set by the cloud, not by users.',
  minimum: 'Smallest value allowed (INTEGER and NUMBER), inclusive.',
  maximum: 'Largest value allowed (INTEGER and NUMBER), inclusive.',
  minLength: 'Fewest characters of a STRING value.',
  maxLength: 'Most characters of a STRING value.',
  pattern: 'A regular expression (ECMAScript, unicode flag) that STRING values match.',
  items: 'ARRAY properties only: the type and allowed values of each item.',
  minItems: 'ARRAY properties only: fewest items of a value.',
  maxItems: 'ARRAY properties only: most items of a value.',
  uniqueItems: 'ARRAY properties only: true when the items of a value must be distinct.',
  additionalItems:
    'ARRAY properties only: whether items beyond those described are allowed (kept as Glance has it).',
  operators: `Multivalue operators a value may use (${operatorList}, e.g. "<or> 1 <or> 2"); null when none is declared.`,
  parameters:
    "The placeholders of a parameterized name (hw:numa_cpus.{num}, resources{group}:{resource_class}), in no particular order, each with its kind; empty for a plain name. A key matches the definition when each placeholder's text is of its kind (validateMetadata: exact names win over patterns).",
  deprecated:
    'Set when the key is deprecated: validateMetadata then returns a warning for it, and searchProperties ranks it last; null otherwise.',
  caseInsensitive:
    'true: a STRING value (or item) matches its enum whatever its case, as Nova reads some image properties (os_type LINUX); null or false: exactly.',
  lenient:
    'true: a value the definition refuses is accepted with a warning instead of an error, because its reader ignores it or reads it as a default (Nova reads any text in a boolean image property, anything but true-like as false).',
} as const;

/** The same keywords as input, with the rule each must satisfy (BAD_USER_INPUT naming the field otherwise). */
export const PROPERTY_INPUT_DOCS = {
  title: `${PROPERTY_KEYWORD_DOCS.title} Required.`,
  description: PROPERTY_KEYWORD_DOCS.description,
  type: `${PROPERTY_KEYWORD_DOCS.type} Required.`,
  default: `${PROPERTY_KEYWORD_DOCS.default} BAD_USER_INPUT (input.default) when it does not.`,
  enum: 'The only values allowed: at least one, no duplicates, each satisfying the constraints (BAD_USER_INPUT at input.enum.N otherwise).',
  readonly: PROPERTY_KEYWORD_DOCS.readonly,
  minimum: PROPERTY_KEYWORD_DOCS.minimum,
  maximum: `${PROPERTY_KEYWORD_DOCS.maximum} BAD_USER_INPUT when below minimum.`,
  minLength: `${PROPERTY_KEYWORD_DOCS.minLength} A non-negative integer.`,
  maxLength: `${PROPERTY_KEYWORD_DOCS.maxLength} A non-negative integer, at least minLength.`,
  pattern: `${PROPERTY_KEYWORD_DOCS.pattern} BAD_USER_INPUT when it does not compile.`,
  items:
    'The type and allowed values of each item: required for ARRAY properties, BAD_USER_INPUT on any other type.',
  minItems: `${PROPERTY_KEYWORD_DOCS.minItems} A non-negative integer.`,
  maxItems: `${PROPERTY_KEYWORD_DOCS.maxItems} A non-negative integer, at least minItems.`,
  uniqueItems: PROPERTY_KEYWORD_DOCS.uniqueItems,
  additionalItems: PROPERTY_KEYWORD_DOCS.additionalItems,
  operators: `Multivalue operators a value may use: any of ${operatorList}, each once. Stored as given.`,
  parameters: `${PROPERTY_KEYWORD_DOCS.parameters} Every {placeholder} of the name needs exactly one parameter and every parameter a placeholder; at most ${PARAMETER_LIMITS.count} (BAD_USER_INPUT at input.parameters or input.name otherwise).`,
  deprecated: PROPERTY_KEYWORD_DOCS.deprecated,
  caseInsensitive: `${PROPERTY_KEYWORD_DOCS.caseInsensitive} STRING properties (or ARRAY of STRING) only.`,
  lenient: PROPERTY_KEYWORD_DOCS.lenient,
} as const;

/** The fields of a parameter and of a deprecation. */
export const PARAMETER_DOCS = {
  name: `The placeholder's name, as written between braces in the property name (1–${PARAMETER_LIMITS.name} characters: a letter or _, then letters, digits, _).`,
  kind: "What the placeholder's text may be.",
  pattern: `TEXT only: an ECMAScript regular expression (unicode flag) the text matches whole, at most ${PARAMETER_LIMITS.pattern} characters; null: any text without a line break.`,
  description: `What the placeholder stands for, at most ${PARAMETER_LIMITS.description} characters.`,
  reason: `Why the key is deprecated, 1–${DEPRECATION_LIMITS.reason} characters.`,
  replacement: `The key to use instead, 1–${DEPRECATION_LIMITS.replacement} characters; null when there is none.`,
} as const;

/** The item keywords of an ARRAY property. */
export const ITEMS_DOCS = {
  type: 'The type of each item: a primitive (not ARRAY).',
  enum: 'The only values an item may take, each of the item type; null: any value of the type.',
} as const;
