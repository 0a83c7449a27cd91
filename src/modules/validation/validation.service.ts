import type { Context } from '../../common/context';
import { InputError, NotFoundError } from '../../common/errors';
import type { PropertyDefinition } from '../properties/property.entity';
import { definitionKey, definitionsByResourceTypeKey } from '../properties/property.loaders';
import { isParameterized, ParameterKind } from '../properties/property-parameters';
import { resourceTypeService } from '../resource-types/resource-type.service';
import { CUSTOM_TRAIT_NAME } from '../traits/trait.entity';
import { TRAIT_NAMES_EXISTING } from '../traits/trait.service';
import {
  isStandardResourceClass,
  loadKeyIndex,
  SUGGESTED_KEYS_MAX,
  suggestionsFor,
  type CompleteNamespace,
  type KeyIndex,
  type Match,
} from './key-index';
import {
  FollowRule,
  MetadataError,
  MetadataKeyCheck,
  MetadataKeyParameter,
  MetadataValidation,
  MetadataWarning,
} from './metadata-validation.type';
import {
  interpretValue,
  MULTIVALUE_OPERATORS,
  parseOperatorValue,
  type MetadataValue,
  type OperatorValue,
} from './metadata-value';
import { checkSchema } from './schema-check';

export const METADATA_MAX_KEYS = 500;
export const METADATA_KEY_MAX = 255;

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The key/values of `metadata`, or BAD_USER_INPUT on `metadata` saying what is wrong. */
function readMetadata(metadata: unknown): [string, MetadataValue][] {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InputError('metadata', 'must be a JSON object of keys to values');
  }
  const entries = Object.entries(metadata as Record<string, unknown>);
  if (entries.length > METADATA_MAX_KEYS) {
    throw new InputError('metadata', `must have at most ${METADATA_MAX_KEYS} keys`);
  }
  for (const [key, value] of entries) {
    if (!key.length || key.length > METADATA_KEY_MAX) {
      throw new InputError('metadata', `keys must be 1 to ${METADATA_KEY_MAX} characters long`);
    }
    if (!isScalar(value) && !(Array.isArray(value) && value.every(isScalar))) {
      throw new InputError(
        'metadata',
        `"${key}": a value must be a string, number, boolean or an array of them`,
      );
    }
  }
  return entries as [string, MetadataValue][];
}

/** What one key's definitions make of its value. */
interface Outcome {
  followed?: Match;
  rule?: FollowRule;
  notFollowed: PropertyDefinition[];
  errors: MetadataError[];
  warnings: MetadataWarning[];
  unknown: boolean;
}

const error = (key: string, message: string, parameter?: string, suggestions: string[] = []) =>
  Object.assign(new MetadataError(), { key, message, parameter, suggestions });
const warning = (key: string, message: string, replacement?: string) =>
  Object.assign(new MetadataWarning(), { key, message, replacement });

export class ValidationService {
  /**
   * Checks key/values as a user would set them on a resource of `resourceType` against the definitions of the
   * visible namespaces associated with it (namespace and object properties; key = prefix + name; names with
   * placeholders match the keys they make). The rules (docs/search-and-validation.md):
   * 1. A key's candidates are the definitions of its exact name, else the parameterized ones it matches.
   * 2. A key in the scope of a complete namespace is decided by that namespace's candidates only; with none, it
   *    is an error with the nearest names as suggestions.
   * 3. Otherwise a value is valid if one candidate accepts it (the first one's errors are shown); a key without
   *    candidates is listed in `unknownKeys`.
   * Deprecated keys and values a lenient definition accepts against its rules come back as warnings.
   */
  async validate(ctx: Context, resourceType: string, metadata: unknown): Promise<MetadataValidation> {
    const entries = readMetadata(metadata);
    const type = await resourceTypeService.getVisibleByName(ctx, resourceType);
    if (!type) throw new NotFoundError('Resource type', resourceType);
    const [found, index] = await Promise.all([
      ctx.loaders
        .get(definitionsByResourceTypeKey)
        .loadMany(entries.map(([key]) => definitionKey(type.pk, key))),
      loadKeyIndex(ctx, type.pk),
    ]);
    const candidates = entries.map(([key], position) => {
      const exact = found[position];
      if (exact instanceof Error) throw exact;
      return this.candidatesOf(
        key,
        exact.filter((property) => !isParameterized(property.storedName)),
        index,
      );
    });
    const knownTraits = await this.knownTraits(ctx, candidates);
    const result = Object.assign(new MetadataValidation(), {
      errors: [],
      warnings: [],
      unknownKeys: [],
      keys: [],
    });
    const budget = { suggested: 0 };
    entries.forEach(([key, value], position) => {
      const outcome = this.decide(key, value, candidates[position], knownTraits, budget);
      result.errors.push(...outcome.errors);
      result.warnings.push(...outcome.warnings);
      if (outcome.unknown) result.unknownKeys.push(key);
      result.keys.push(
        Object.assign(new MetadataKeyCheck(), {
          key,
          followed: outcome.followed?.property,
          rule: outcome.rule,
          notFollowed: outcome.notFollowed,
          parameters: (outcome.followed?.parameters ?? []).map((parameter) =>
            Object.assign(new MetadataKeyParameter(), parameter),
          ),
        }),
      );
    });
    result.valid = result.errors.length === 0;
    return result;
  }

  /**
   * Rules 1 and 2: the candidates of a key (every definition that names it, exactly or by pattern), those that
   * decide, and the complete namespaces whose scope holds it.
   */
  private candidatesOf(key: string, exact: PropertyDefinition[], index: KeyIndex) {
    const complete = index.completeFor(key);
    const exactMatches: Match[] = exact.map((property) => ({ property, parameters: [] }));
    const patternMatches = index.match(key);
    const all = [...exactMatches, ...patternMatches];
    const authoritative = (match: Match) => index.isComplete(match.property.namespaceId);
    // A complete namespace decides the keys it defines (its exact names, else its patterns), wherever they are.
    const byComplete = exactMatches.filter(authoritative);
    const deciding = byComplete.length
      ? byComplete
      : patternMatches.some(authoritative)
        ? patternMatches.filter(authoritative)
        : complete.length
          ? []
          : exactMatches.length
            ? exactMatches
            : patternMatches;
    // A complete namespace decided over definitions of other, not complete namespaces.
    const byCompleteNamespace =
      deciding.length > 0 &&
      deciding.every(authoritative) &&
      all.some((match) => !deciding.includes(match) && !authoritative(match));
    return { all, deciding, complete, byCompleteNamespace };
  }

  /** The trait names of every key's trait placeholders that the catalog knows: one statement. */
  private async knownTraits(ctx: Context, candidates: { deciding: Match[] }[]): Promise<ReadonlySet<string>> {
    const names = new Set<string>();
    for (const { deciding } of candidates) {
      for (const match of deciding) {
        for (const parameter of match.parameters) {
          if (parameter.kind === ParameterKind.TRAIT) names.add(parameter.value);
        }
      }
    }
    if (!names.size) return names;
    const rows: { name: string }[] = await ctx.db.query(TRAIT_NAMES_EXISTING, [[...names]]);
    return new Set(rows.map((row) => row.name));
  }

  private decide(
    key: string,
    value: MetadataValue,
    {
      all,
      deciding,
      complete,
      byCompleteNamespace,
    }: { all: Match[]; deciding: Match[]; complete: CompleteNamespace[]; byCompleteNamespace: boolean },
    knownTraits: ReadonlySet<string>,
    budget: { suggested: number },
  ): Outcome {
    const outcome: Outcome = { notFollowed: [], errors: [], warnings: [], unknown: false };
    if (!deciding.length) {
      if (!complete.length) {
        outcome.unknown = true;
        return outcome;
      }
      outcome.notFollowed = all.map((match) => match.property);
      // The cost bound: nearest names for the first SUGGESTED_KEYS_MAX refused keys of a request only.
      const suggestions =
        budget.suggested++ < SUGGESTED_KEYS_MAX
          ? suggestionsFor(
              key,
              complete.flatMap((namespace) => namespace.keys),
            )
          : [];
      const names = complete.map((namespace) => namespace.name).join(', ');
      outcome.errors.push(
        error(
          key,
          `is not a key of the complete namespace ${names}${
            suggestions.length ? `; did you mean ${suggestions.join(', ')}?` : ''
          }`,
          undefined,
          suggestions,
        ),
      );
      return outcome;
    }
    let first: { match: Match; errors: MetadataError[]; warnings: MetadataWarning[] } | undefined;
    for (const match of deciding) {
      const problems = this.checkMatch(key, match, value, knownTraits);
      first ??= { match, ...problems };
      if (!problems.errors.length) {
        outcome.followed = match;
        outcome.warnings.push(...problems.warnings);
        break;
      }
    }
    if (!outcome.followed) {
      outcome.followed = first!.match;
      outcome.errors.push(...first!.errors);
      outcome.warnings.push(...first!.warnings);
    }
    const followed = outcome.followed;
    outcome.notFollowed = all
      .filter((match) => match !== followed && match.property !== followed.property)
      .map((match) => match.property);
    outcome.rule = byCompleteNamespace
      ? FollowRule.COMPLETE_NAMESPACE
      : deciding.length === 1
        ? FollowRule.ONLY
        : outcome.errors.length
          ? FollowRule.FIRST
          : FollowRule.FIRST_ACCEPTING;
    const deprecated = followed.property.schema.deprecated;
    if (deprecated) {
      outcome.warnings.push(
        warning(
          key,
          `is deprecated: ${deprecated.reason}${deprecated.replacement ? ` Use ${deprecated.replacement} instead.` : ''}`,
          deprecated.replacement,
        ),
      );
    }
    return outcome;
  }

  /** The errors (and, for a lenient definition, warnings) of a key's placeholders and value against one match. */
  private checkMatch(
    key: string,
    match: Match,
    value: MetadataValue,
    knownTraits: ReadonlySet<string>,
  ): { errors: MetadataError[]; warnings: MetadataWarning[] } {
    const errors: MetadataError[] = [];
    for (const parameter of match.parameters) {
      if (parameter.kind === ParameterKind.TRAIT && !knownTraits.has(parameter.value)) {
        errors.push(
          error(key, `unknown trait ${parameter.value} (placeholder {${parameter.name}})`, parameter.name),
        );
      }
      if (
        parameter.kind === ParameterKind.RESOURCE_CLASS &&
        !isStandardResourceClass(parameter.value) &&
        !CUSTOM_TRAIT_NAME.test(parameter.value)
      ) {
        errors.push(
          error(
            key,
            `unknown resource class ${parameter.value} (placeholder {${parameter.name}}): not a standard one nor CUSTOM_…`,
            parameter.name,
          ),
        );
      }
    }
    if (errors.length) return { errors, warnings: [] };
    const problems = this.check(match.property, value);
    if (!problems.length) return { errors: [], warnings: [] };
    if (match.property.schema.lenient) {
      return {
        errors: [],
        warnings: problems.map((message) =>
          warning(key, `${message}: accepted, but its reader ignores the value or reads it as its default`),
        ),
      };
    }
    return { errors: problems.map((message) => error(key, message)), warnings: [] };
  }

  /**
   * The problems of one value against one definition (none when it is valid): read as a plain value first (any
   * text may be one, `>= 5` of a capability), then, when that fails and the text starts with an operator, as the
   * operator's choices.
   */
  private check(property: PropertyDefinition, value: MetadataValue): string[] {
    const cacheKey = `${property.pk}:${property.updatedAt?.getTime() ?? 0}`;
    const read = interpretValue(value, property.schema);
    const plain = read.ok ? this.checkRead(property, cacheKey, read.value) : [read.message];
    if (!plain.length) return [];
    const operated = typeof value === 'string' ? parseOperatorValue(value) : null;
    return operated ? this.checkOperator(property, cacheKey, operated) : plain;
  }

  /** A value read by its type against the definition's constraints. */
  private checkRead(property: PropertyDefinition, cacheKey: string, value: unknown): string[] {
    const schema = property.schema;
    if (typeof value === 'bigint') {
      // Beyond JSON's exact integers (Python's int() has no bound): the bounds compared exactly.
      if (schema.minimum !== undefined && value < BigInt(Math.ceil(schema.minimum)))
        return [`must be >= ${schema.minimum}`];
      if (schema.maximum !== undefined && value > BigInt(Math.floor(schema.maximum)))
        return [`must be <= ${schema.maximum}`];
      return [];
    }
    const enumValues = schema.type === 'array' ? schema.items?.enum : schema.enum;
    if (!schema.caseInsensitive || !enumValues) return checkSchema(cacheKey, schema, value);
    // Enum values compared in lower case, the other constraints by ajv without the enum.
    const allowed = new Set(enumValues.map((item) => String(item).toLowerCase()));
    const items = Array.isArray(value) ? value : [value];
    const outside = items.filter((item) => typeof item !== 'string' || !allowed.has(item.toLowerCase()));
    if (outside.length) return [`must be one of (any case): ${enumValues.map(String).join(', ')}`];
    const { enum: _enum, ...rest } = schema;
    const withoutEnum = schema.type === 'array' ? { ...rest, items: { type: schema.items?.type } } : rest;
    return checkSchema(`${cacheKey}:anycase`, withoutEnum, value);
  }

  private checkOperator(
    property: PropertyDefinition,
    cacheKey: string,
    { operator, choices }: OperatorValue,
  ): string[] {
    const schema = property.schema;
    const allowed = schema.operators ?? [];
    if (!(MULTIVALUE_OPERATORS as readonly string[]).includes(operator)) {
      return [`unknown operator ${operator}; operators are ${MULTIVALUE_OPERATORS.join(', ')}`];
    }
    if (!allowed.includes(operator)) {
      return [
        `operator ${operator} is not allowed for this property (${
          allowed.length ? `allowed: ${allowed.join(', ')}` : 'it declares no operators'
        })`,
      ];
    }
    if (choices.length === 0 || choices.some((choice) => choice === '')) {
      return [`operator ${operator} needs a value${operator === '<in>' ? '' : ' after each operator'}`];
    }
    // Each choice is one value of the property, or for an ARRAY property one item of it.
    const choiceSchema =
      schema.type === 'array' ? { ...schema.items, caseInsensitive: schema.caseInsensitive } : schema;
    const choiceKey = schema.type === 'array' ? `${cacheKey}:items` : cacheKey;
    const choiceType = schema.type === 'array' ? schema.items?.type : schema.type;
    const choiceProperty = { ...property, schema: choiceSchema } as PropertyDefinition;
    const problems: string[] = [];
    for (const choice of choices) {
      if (operator === '<in>') {
        // A substring: it must occur in one of the allowed values, when the definition lists them.
        const allowedValues = (schema.type === 'array' ? schema.items?.enum : schema.enum)?.map(String);
        if (allowedValues && !allowedValues.some((candidate) => candidate.includes(choice))) {
          problems.push(`"${choice}" is not part of any of: ${allowedValues.join(', ')}`);
        }
        continue;
      }
      const read = interpretValue(choice, { type: choiceType ?? 'string' });
      const choiceProblems = read.ok ? this.checkRead(choiceProperty, choiceKey, read.value) : [read.message];
      problems.push(...choiceProblems.map((message) => `"${choice}" ${message}`));
    }
    return problems;
  }
}

export const validationService = new ValidationService();
