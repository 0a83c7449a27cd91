import type { Context } from '../../common/context';
import { InputError, NotFoundError } from '../../common/errors';
import type { PropertyDefinition } from '../properties/property.entity';
import { definitionKey, definitionsByResourceTypeKey } from '../properties/property.loaders';
import { resourceTypeService } from '../resource-types/resource-type.service';
import { MetadataError, MetadataValidation } from './metadata-validation.type';
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

export class ValidationService {
  /**
   * Checks key/values as a user would set them on a resource of `resourceType` against the definitions of
   * the visible namespaces associated with it (namespace and object properties; key = prefix + name).
   * Where several definitions share a key, a value is valid if one of them accepts it (the errors shown are
   * the first one's). Keys without a definition are listed in `unknownKeys`, not as errors.
   */
  async validate(ctx: Context, resourceType: string, metadata: unknown): Promise<MetadataValidation> {
    const entries = readMetadata(metadata);
    const type = await resourceTypeService.getVisibleByName(ctx, resourceType);
    if (!type) throw new NotFoundError('Resource type', resourceType);
    const loader = ctx.loaders.get(definitionsByResourceTypeKey);
    const found = await loader.loadMany(entries.map(([key]) => definitionKey(type.pk, key)));
    const byKey = new Map<string, PropertyDefinition[]>();
    entries.forEach(([key], index) => {
      const definitions = found[index];
      if (definitions instanceof Error) throw definitions;
      if (definitions.length) byKey.set(key, definitions);
    });
    const result = Object.assign(new MetadataValidation(), { errors: [], unknownKeys: [] });
    for (const [key, value] of entries) {
      const candidates = byKey.get(key);
      if (!candidates) {
        result.unknownKeys.push(key);
        continue;
      }
      for (const message of this.checkAny(candidates, value)) {
        result.errors.push(Object.assign(new MetadataError(), { key, message }));
      }
    }
    result.valid = result.errors.length === 0;
    return result;
  }

  /** No problems if one of the definitions accepts the value, else the first definition's problems. */
  private checkAny(candidates: PropertyDefinition[], value: MetadataValue): string[] {
    let first: string[] | undefined;
    for (const property of candidates) {
      const problems = this.check(property, value);
      if (!problems.length) return [];
      first ??= problems;
    }
    return first ?? [];
  }

  /** The problems of one value against one definition (none when it is valid). */
  private check(property: PropertyDefinition, value: MetadataValue): string[] {
    const schema = property.schema;
    const cacheKey = `${property.pk}:${property.updatedAt?.getTime() ?? 0}`;
    const operated = typeof value === 'string' ? parseOperatorValue(value) : null;
    if (!operated) {
      const read = interpretValue(value, schema);
      return read.ok ? checkSchema(cacheKey, schema, read.value) : [read.message];
    }
    return this.checkOperator(property, cacheKey, operated);
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
    const [choiceSchema, choiceKey] =
      schema.type === 'array' ? [schema.items ?? {}, `${cacheKey}:items`] : [schema, cacheKey];
    const choiceType = schema.type === 'array' ? schema.items?.type : schema.type;
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
      const choiceProblems = read.ok ? checkSchema(choiceKey, choiceSchema, read.value) : [read.message];
      problems.push(...choiceProblems.map((message) => `"${choice}" ${message}`));
    }
    return problems;
  }
}

export const validationService = new ValidationService();
