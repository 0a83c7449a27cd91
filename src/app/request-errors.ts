import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import {
  BREAK,
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  visit,
  type ASTNode,
  type DocumentNode,
} from 'graphql';
import type { Context } from '../common/context';

/**
 * What the request pipeline found out about a request error where it arose, for formatError: that a parse
 * stopped at the token limit, or that a validation error is about a literal value (and at which argument path).
 * Kept under a symbol in the error's extensions: Apollo copies extensions into the errors it wraps them in
 * (SyntaxError, ValidationError), and a symbol never reaches a response.
 */
const REQUEST_ERROR = Symbol('requestError');

export type RequestErrorKind =
  /** graphql-js stopped parsing at `parseOptions.maxTokens` (GRAPHQL_MAX_TOKENS). */
  | { kind: 'tokenLimit'; maxTokens: number }
  /** A literal value of the wrong type or shape (ValuesOfCorrectTypeRule): the caller's input, at `field`. */
  | { kind: 'badValue'; field: string | undefined };

export function requestErrorKind(error: GraphQLError): RequestErrorKind | undefined {
  return (error.extensions as { [REQUEST_ERROR]?: RequestErrorKind })[REQUEST_ERROR];
}

function mark(error: GraphQLError, kind: RequestErrorKind): void {
  Object.assign(error.extensions, { [REQUEST_ERROR]: kind });
}

/**
 * Whether a parse error is graphql-js's token limit: the parser counts tokens as it reads them and stops at the
 * first one past `maxTokens`, so the error sits exactly where that token starts (any other syntax error comes
 * earlier, from a token the parser did read).
 */
export function stoppedAtTokenLimit(body: string, maxTokens: number, error: GraphQLError): boolean {
  const position = error.positions?.[0];
  if (position === undefined) return false;
  const lexer = new Lexer(new Source(body));
  try {
    for (let count = 1; count <= maxTokens + 1; count += 1) {
      const token = lexer.advance();
      if (token.kind === TokenKind.EOF || token.start > position) return false;
      if (count === maxTokens + 1) return token.start === position;
    }
  } catch {
    // A lexical error before the limit: that is the parse error.
  }
  return false;
}

/** The value kinds of a literal (a variable is not one: its value is coerced, and checked, later). */
const LITERAL_KINDS: ReadonlySet<string> = new Set([
  Kind.INT,
  Kind.FLOAT,
  Kind.STRING,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.ENUM,
  Kind.LIST,
  Kind.OBJECT,
]);

/**
 * The input path of a literal value in the document (`input.resourceTypeAssociations.0.name`): argument and
 * input field names and list indexes from the argument down to it, found by the node itself.
 */
export function literalPath(document: DocumentNode, target: ASTNode): string | undefined {
  let found: string | undefined;
  visit(document, {
    enter(node, _key, _parent, path) {
      if (node !== target) return undefined;
      const names: string[] = [];
      let at: unknown = document;
      let owner: ASTNode | undefined;
      for (const key of path) {
        at = (at as Record<string | number, unknown>)[key];
        if (Array.isArray(at)) continue;
        const step = at as ASTNode;
        if (step.kind === Kind.ARGUMENT || step.kind === Kind.OBJECT_FIELD) names.push(step.name.value);
        else if (typeof key === 'number' && owner?.kind === Kind.LIST) names.push(String(key));
        owner = step;
      }
      found = names.length ? names.join('.') : undefined;
      return BREAK;
    },
  });
  return found;
}

/**
 * Tells formatError what kind of request error each one is, where it arises (parsing, validation), from the
 * request and its document rather than from graphql-js's wording: a parse that stopped at the token limit, and
 * validation errors about a literal value (graphql-js's ValuesOfCorrectTypeRule reports the value node itself),
 * with the path of that value. Variables are coerced, with paths, by the input guard (input-guard.ts).
 */
export function requestErrorsPlugin({ maxTokens }: { maxTokens: number }): ApolloServerPlugin<Context> {
  // One listener for every request: its hooks read the request from their arguments (and run only when a
  // document is parsed and validated, not when Apollo's document store has it).
  const listener: GraphQLRequestListener<Context> = {
    async parsingDidStart({ source }) {
      return async (error) => {
        if (error instanceof GraphQLError && stoppedAtTokenLimit(source, maxTokens, error)) {
          mark(error, { kind: 'tokenLimit', maxTokens });
        }
      };
    },
    async validationDidStart({ document }) {
      return async (errors) => {
        for (const error of errors ?? []) {
          if (!(error instanceof GraphQLError)) continue;
          const node = error.nodes?.[0];
          if (node && LITERAL_KINDS.has(node.kind)) {
            mark(error, { kind: 'badValue', field: literalPath(document, node) });
          }
        }
      };
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
