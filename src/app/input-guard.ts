import type { ApolloServerPlugin } from '@apollo/server';
import {
  Kind,
  TypeInfo,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  visit,
  visitWithTypeInfo,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import type { Context } from '../common/context';
import { InputError, textProblem } from '../common/errors';
import { MAX_INPUT_DEPTH, MAX_LIST_ITEMS } from '../common/input-limits';

/** One value to check: a literal of the query, or a value of the variables (`js`), with its expected type. */
type Item = {
  /** Undefined inside a JSON value (any shape is allowed there). */
  type: GraphQLInputType | undefined;
  path: string;
  depth: number;
} & ({ ast: ValueNode } | { js: unknown });

function refuse(field: string, message: string): never {
  const error = new InputError(field, message);
  // A refused request is the caller's fault as a whole: HTTP 400, like a variable of the wrong type.
  Object.assign(error.extensions, { http: { status: 400 } });
  throw error;
}

function checkText(path: string, value: string): void {
  const problem = textProblem(value);
  if (problem) refuse(path, problem);
}

/** The items of a list value (a single value where a list is expected counts as a list of one). */
function listItems(item: Item): { children: Array<{ ast: ValueNode } | { js: unknown }>; length: number } {
  if ('ast' in item) {
    const values = item.ast.kind === Kind.LIST ? item.ast.values : [item.ast];
    return { children: values.map((ast) => ({ ast })), length: values.length };
  }
  const values = Array.isArray(item.js) ? (item.js as unknown[]) : [item.js];
  return { children: values.map((js) => ({ js })), length: values.length };
}

/** The fields of an object value, as [name, value] pairs (none for anything that is not an object). */
function objectFields(item: Item): Array<[string, { ast: ValueNode } | { js: unknown }]> {
  if ('ast' in item) {
    return item.ast.kind === Kind.OBJECT
      ? item.ast.fields.map((field) => [field.name.value, { ast: field.value }])
      : [];
  }
  return item.js !== null && typeof item.js === 'object' && !Array.isArray(item.js)
    ? Object.entries(item.js).map(([key, js]) => [key, { js }])
    : [];
}

/**
 * Checks one argument's value without recursion (a value 10,000 levels deep must not overflow the stack):
 * every string (String, ID, JSON, custom scalars, and JSON object keys) is valid Unicode without NUL, every
 * list has at most MAX_LIST_ITEMS items and nothing nests deeper than MAX_INPUT_DEPTH.
 */
function checkArgument(
  first: Item,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
): void {
  const stack: Item[] = [first];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.depth > MAX_INPUT_DEPTH) refuse(item.path, `nests deeper than ${MAX_INPUT_DEPTH} levels`);
    if ('ast' in item && item.ast.kind === Kind.VARIABLE) {
      const name = item.ast.name.value;
      const { type, path, depth } = item;
      if (Object.prototype.hasOwnProperty.call(variables, name))
        stack.push({ js: variables[name], type, path, depth });
      else if (defaults.has(name)) stack.push({ ast: defaults.get(name)!, type, path, depth });
      continue;
    }
    const type = item.type && getNullableType(item.type);
    if (type && isListType(type)) {
      const { children, length } = listItems(item);
      if (length > MAX_LIST_ITEMS) refuse(item.path, `must have at most ${MAX_LIST_ITEMS} items`);
      children.forEach((child, index) =>
        stack.push({ ...child, type: type.ofType, path: `${item.path}.${index}`, depth: item.depth + 1 }),
      );
      continue;
    }
    if (type && isInputObjectType(type)) {
      const fields = type.getFields();
      for (const [name, child] of objectFields(item)) {
        const field = fields[name];
        if (field)
          stack.push({ ...child, type: field.type, path: `${item.path}.${name}`, depth: item.depth + 1 });
      }
      continue;
    }
    const untyped = !type || (isScalarType(type) && type.name === 'JSON');
    if ('js' in item) {
      if (typeof item.js === 'string') checkText(item.path, item.js);
      else if (untyped && Array.isArray(item.js)) {
        item.js.forEach((js, index) =>
          stack.push({ js, type: undefined, path: `${item.path}.${index}`, depth: item.depth + 1 }),
        );
      } else if (untyped && item.js !== null && typeof item.js === 'object') {
        for (const [key, js] of Object.entries(item.js)) {
          checkText(`${item.path}.${key}`, key);
          stack.push({ js, type: undefined, path: `${item.path}.${key}`, depth: item.depth + 1 });
        }
      }
      continue;
    }
    const node = item.ast;
    if (node.kind === Kind.STRING) checkText(item.path, node.value);
    else if (untyped && node.kind === Kind.LIST) {
      node.values.forEach((ast, index) =>
        stack.push({ ast, type: undefined, path: `${item.path}.${index}`, depth: item.depth + 1 }),
      );
    } else if (untyped && node.kind === Kind.OBJECT) {
      for (const field of node.fields) {
        checkText(`${item.path}.${field.name.value}`, field.name.value);
        stack.push({
          ast: field.value,
          type: undefined,
          path: `${item.path}.${field.name.value}`,
          depth: item.depth + 1,
        });
      }
    }
  }
}

/**
 * One guard for every argument of every field, inline or in variables, before anything runs: text that
 * PostgreSQL cannot store (NUL) or that is not Unicode (lone surrogates), lists over MAX_LIST_ITEMS and values
 * nested deeper than MAX_INPUT_DEPTH are refused as BAD_USER_INPUT naming the argument path (HTTP 400).
 */
export function inputGuardPlugin(schema: GraphQLSchema): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          const variables = (request.variables ?? {}) as Record<string, unknown>;
          const defaults = new Map<string, ValueNode>();
          for (const definition of operation?.variableDefinitions ?? []) {
            if (definition.defaultValue)
              defaults.set(definition.variable.name.value, definition.defaultValue);
          }
          const typeInfo = new TypeInfo(schema);
          visit(
            document,
            visitWithTypeInfo(typeInfo, {
              Argument(node) {
                const argument = typeInfo.getArgument();
                if (argument)
                  checkArgument(
                    { ast: node.value, type: argument.type, path: node.name.value, depth: 0 },
                    variables,
                    defaults,
                  );
              },
            }),
          );
        },
      };
    },
  };
}
