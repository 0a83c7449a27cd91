import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import {
  BREAK,
  Kind,
  TypeInfo,
  coerceInputValue,
  getNullableType,
  isInputType,
  isNonNullType,
  isInputObjectType,
  isListType,
  isScalarType,
  visit,
  typeFromAST,
  visitWithTypeInfo,
  type GraphQLInputType,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import type { Context } from '../common/context';
import { InputError, ProblemList, textProblem } from '../common/errors';
import { MAX_INPUT_DEPTH, MAX_LIST_ITEMS } from '../common/input-limits';

/**
 * One value to check: a literal of the query (`ast`), or a value of the variables (`js`, when `ast` is
 * undefined), with its expected type (undefined inside a JSON value: any shape is allowed there). Its path
 * (`names.3`, `input.properties.0.name`) is made only for an error, from `parent` and `key`.
 */
interface Item {
  ast: ValueNode | undefined;
  js: unknown;
  type: GraphQLInputType | undefined;
  depth: number;
  parent: Item | undefined;
  key: string | number;
}

function pathOf(item: Item): string {
  const keys: (string | number)[] = [];
  for (let at: Item | undefined = item; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** A refused request is the caller's fault as a whole: HTTP 400. */
function refused(error: InputError): InputError {
  Object.assign(error.extensions, { http: { status: 400 } });
  return error;
}

function refuse(item: Item, message: string): never {
  throw refused(new InputError(pathOf(item), message));
}

/** At most this many problems of the variables are reported (graphql-js's own limit too). */
const MAX_VARIABLE_PROBLEMS = 50;

/** Thrown out of graphql-js's coercion to stop it once MAX_VARIABLE_PROBLEMS were found. */
const ENOUGH = Symbol('enough');

/**
 * Coerces the variables to their declared types before execution does, so that a wrong value is refused as one
 * BAD_USER_INPUT naming the path of each problem from the variable (`input.properties.0.minimum`, every one in
 * `extensions.errors`), HTTP 400. Execution then coerces values that pass.
 */
function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  const problems = new ProblemList();
  const add = (field: string, message: string) => {
    problems.add(field, message);
    if (problems.problems.length >= MAX_VARIABLE_PROBLEMS) throw ENOUGH;
  };
  try {
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const type = typeFromAST(schema, definition.type);
      // Validation refused the operation already.
      if (!type || !isInputType(type)) continue;
      if (!Object.prototype.hasOwnProperty.call(variables, name)) {
        if (!definition.defaultValue && isNonNullType(type)) {
          add(name, `a value of type ${String(type)} is required`);
        }
        continue;
      }
      const value = variables[name];
      if (value === null && isNonNullType(type)) {
        add(name, `must not be null (type ${String(type)})`);
        continue;
      }
      coerceInputValue(value, type, (path, _invalid, error) => add([name, ...path].join('.'), error.message));
    }
  } catch (error) {
    if (error !== ENOUGH) throw error;
  }
  if (problems.problems.length) throw refused(InputError.of(problems.problems));
}

function checkText(item: Item, value: string): void {
  const problem = textProblem(value);
  if (problem) refuse(item, problem);
}

const child = (
  parent: Item,
  key: string | number,
  type: GraphQLInputType | undefined,
  ast: ValueNode | undefined,
  js?: unknown,
): Item => ({ ast, js, type, depth: parent.depth + 1, parent, key });

/** Whether values of this type are leaves to check as text (a scalar other than JSON, or an enum). */
const isPlainLeaf = (type: GraphQLInputType): boolean => {
  const nullable = getNullableType(type);
  return !isListType(nullable) && !isInputObjectType(nullable) && nullable.name !== 'JSON';
};

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
    if (item.depth > MAX_INPUT_DEPTH) refuse(item, `nests deeper than ${MAX_INPUT_DEPTH} levels`);
    const { ast } = item;
    if (ast?.kind === Kind.VARIABLE) {
      const name = ast.name.value;
      const replaced: Item = { ...item, ast: undefined, js: undefined };
      if (Object.prototype.hasOwnProperty.call(variables, name)) replaced.js = variables[name];
      else if (defaults.has(name)) replaced.ast = defaults.get(name);
      else continue;
      stack.push(replaced);
      continue;
    }
    const type = item.type && getNullableType(item.type);
    if (type && isListType(type)) {
      const itemType = type.ofType as GraphQLInputType;
      if (ast) {
        const values = ast.kind === Kind.LIST ? ast.values : [ast];
        if (values.length > MAX_LIST_ITEMS) refuse(item, `must have at most ${MAX_LIST_ITEMS} items`);
        values.forEach((value, index) => stack.push(child(item, index, itemType, value)));
        continue;
      }
      const values = Array.isArray(item.js) ? (item.js as unknown[]) : [item.js];
      if (values.length > MAX_LIST_ITEMS) refuse(item, `must have at most ${MAX_LIST_ITEMS} items`);
      if (isPlainLeaf(itemType)) {
        // The common case (a list of names): its strings are checked here, without an item each.
        if (values.length && item.depth + 1 > MAX_INPUT_DEPTH) {
          refuse(child(item, 0, itemType, undefined), `nests deeper than ${MAX_INPUT_DEPTH} levels`);
        }
        values.forEach((value, index) => {
          if (typeof value === 'string' && textProblem(value))
            checkText(child(item, index, itemType, undefined), value);
        });
        continue;
      }
      values.forEach((value, index) => stack.push(child(item, index, itemType, undefined, value)));
      continue;
    }
    if (type && isInputObjectType(type)) {
      const fields = type.getFields();
      if (ast) {
        if (ast.kind !== Kind.OBJECT) continue;
        for (const field of ast.fields) {
          const definition = fields[field.name.value];
          if (definition) stack.push(child(item, field.name.value, definition.type, field.value));
        }
      } else if (item.js !== null && typeof item.js === 'object' && !Array.isArray(item.js)) {
        for (const [name, value] of Object.entries(item.js)) {
          const definition = fields[name];
          if (definition) stack.push(child(item, name, definition.type, undefined, value));
        }
      }
      continue;
    }
    const untyped = !type || (isScalarType(type) && type.name === 'JSON');
    if (!ast) {
      const { js } = item;
      if (typeof js === 'string') checkText(item, js);
      else if (untyped && Array.isArray(js)) {
        js.forEach((value, index) => stack.push(child(item, index, undefined, undefined, value)));
      } else if (untyped && js !== null && typeof js === 'object') {
        for (const [key, value] of Object.entries(js)) {
          const at = child(item, key, undefined, undefined, value);
          checkText(at, key);
          stack.push(at);
        }
      }
      continue;
    }
    if (ast.kind === Kind.STRING) checkText(item, ast.value);
    else if (untyped && ast.kind === Kind.LIST) {
      ast.values.forEach((value, index) => stack.push(child(item, index, undefined, value)));
    } else if (untyped && ast.kind === Kind.OBJECT) {
      for (const field of ast.fields) {
        const at = child(item, field.name.value, undefined, field.value);
        checkText(at, field.name.value);
        stack.push(at);
      }
    }
  }
}

/** One argument of a document: its value as written, the type it must have and its path for errors. */
interface ArgumentSite {
  ast: ValueNode;
  type: GraphQLInputType;
  path: string;
}

/** A document's arguments, split by whether their value mentions a variable (checked per request) or not. */
interface DocumentArguments {
  literal: ArgumentSite[];
  withVariables: ArgumentSite[];
  /** Whether the literal ones have passed once: they are the same text every time the document comes back. */
  literalChecked: boolean;
}

function mentionsVariable(ast: ValueNode): boolean {
  let found = false;
  visit(ast, {
    Variable() {
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * The arguments of a document, found once with the schema's types: Apollo keeps each parsed and validated
 * document and hands the same object back for the same query text, so the walk is not repeated per request.
 */
const argumentsOfDocument = new WeakMap<DocumentNode, DocumentArguments>();

function argumentsOf(schema: GraphQLSchema, document: DocumentNode): DocumentArguments {
  let found = argumentsOfDocument.get(document);
  if (found) return found;
  found = { literal: [], withVariables: [], literalChecked: false };
  const sites = found;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        if (!argument) return;
        const site = { ast: node.value, type: argument.type, path: node.name.value };
        (mentionsVariable(node.value) ? sites.withVariables : sites.literal).push(site);
      },
    }),
  );
  argumentsOfDocument.set(document, found);
  return found;
}

/**
 * One guard for every argument of every field, inline or in variables, before anything runs: text that
 * PostgreSQL cannot store (NUL) or that is not Unicode (lone surrogates), lists over MAX_LIST_ITEMS and values
 * nested deeper than MAX_INPUT_DEPTH are refused as BAD_USER_INPUT naming the argument path (HTTP 400). Then the
 * variables are coerced to their types (coerceVariables), a wrong one refused the same way, naming its path.
 */
export function inputGuardPlugin(schema: GraphQLSchema): ApolloServerPlugin<Context> {
  // One listener for every request: its hook reads the request from its argument.
  const listener: GraphQLRequestListener<Context> = {
    async didResolveOperation({ document, operation, request }) {
      const variables = (request.variables ?? {}) as Record<string, unknown>;
      const defaults = new Map<string, ValueNode>();
      for (const definition of operation?.variableDefinitions ?? []) {
        if (definition.defaultValue) defaults.set(definition.variable.name.value, definition.defaultValue);
      }
      const sites = argumentsOf(schema, document);
      const check = (site: ArgumentSite) =>
        checkArgument(
          { ast: site.ast, js: undefined, type: site.type, depth: 0, parent: undefined, key: site.path },
          variables,
          defaults,
        );
      if (!sites.literalChecked) {
        sites.literal.forEach(check);
        sites.literalChecked = true;
      }
      sites.withVariables.forEach(check);
      if (operation) coerceVariables(schema, operation, variables);
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
