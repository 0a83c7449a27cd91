import { validate, type ValidationError } from 'class-validator';
import { getNamedType, type GraphQLResolveInfo } from 'graphql';
import type { ValidatorFn } from 'type-graphql';
import { InputError, type InputProblem } from './errors';

function flatten(errors: ValidationError[], prefix: string, into: InputProblem[]): InputProblem[] {
  for (const error of errors) {
    const path = `${prefix}.${error.property}`;
    for (const message of Object.values(error.constraints ?? {})) into.push({ field: path, message });
    if (error.children?.length) flatten(error.children, path, into);
  }
  return into;
}

/** The name of the argument whose input type is `argType` (our input classes carry their GraphQL names). */
function argumentName(info: GraphQLResolveInfo, argType: unknown): string {
  const typeName = typeof argType === 'function' ? argType.name : undefined;
  const field = info.parentType.getFields()[info.fieldName];
  return field?.args.find((arg) => getNamedType(arg.type).name === typeName)?.name ?? 'input';
}

/**
 * Runs class-validator on object arguments and reports every problem as BAD_USER_INPUT, with
 * `extensions.field` the input path (`input.displayName`) and all problems in `extensions.errors`.
 */
export const validateArgument: ValidatorFn = async (argValue, argType, { info }) => {
  if (argValue === null || typeof argValue !== 'object') return;
  const name = argumentName(info, argType);
  const problems: InputProblem[] = [];
  const items: unknown[] = Array.isArray(argValue) ? argValue : [argValue];
  for (const [index, item] of items.entries()) {
    if (item === null || typeof item !== 'object') continue;
    const errors = await validate(item, { skipMissingProperties: true, forbidUnknownValues: false });
    flatten(errors, Array.isArray(argValue) ? `${name}.${index}` : name, problems);
  }
  if (problems.length) throw InputError.of(problems);
};
