import { createHash } from 'node:crypto';
import type { Client } from 'pg';

/**
 * The service's most frequent reads, run by name on a PostgreSQL server (DATABASE_PREPARED_STATEMENTS): a
 * connection prepares such a statement the first time it runs it and from then on sends only its parameters, so
 * the server neither parses nor plans it again (for a provider with its traits, two thirds of the server's CPU per
 * read). Only texts registered here are named, which bounds what a connection keeps prepared: at most
 * MAX_PREPARED_STATEMENTS, each a text whose values are all parameters (never one built from a request's input).
 * The embedded database never runs statements by name: its one session outlives the connections the driver makes
 * to it (a new one would prepare a name that session already has).
 */
export const MAX_PREPARED_STATEMENTS = 64;

const names = new Map<string, string>();

/**
 * Registers `text` to run by name, and answers it (a module's constant: `const SQL = prepared('SELECT …')`).
 * Past MAX_PREPARED_STATEMENTS, a text is still answered but runs unnamed, as any other.
 */
export function prepared(text: string): string {
  if (!names.has(text) && names.size < MAX_PREPARED_STATEMENTS) {
    names.set(text, `metacatalog_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  }
  return text;
}

/** How many texts are registered (tests: the bound is not reached). */
export function preparedCount(): number {
  return names.size;
}

/**
 * The server refuses to run a prepared statement whose result's columns changed type since it was prepared (a
 * newer version's migration, in a rolling upgrade): the same text runs unnamed instead.
 */
const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

type QueryCallback = (error: Error | undefined, result?: unknown) => void;

/**
 * `Base` (a pg Client class) running the registered texts by name. What else it is asked to run, and a text
 * whose prepared plan the server refused once on this connection (isStalePlan: run again unnamed, then always
 * unnamed here), runs as `Base` runs it.
 */
export function runningPrepared(Base: typeof Client): typeof Client {
  const query = Base.prototype.query as (this: Client, ...args: unknown[]) => unknown;
  return class extends Base {
    /** The texts this connection runs unnamed after the server refused their plan. */
    private stale: Set<string> | undefined;

    // pg's overloads, as pg-pool (text, values, callback) and TypeORM (text, values) call it.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      const name = typeof text === 'string' && typeof values !== 'function' ? names.get(text) : undefined;
      if (!name || this.stale?.has(text as string)) return query.apply(this, args) as never;
      const result = (query.call(this, { name, text, values }) as Promise<unknown>).catch(
        (error: unknown) => {
          if (!isStalePlan(error)) throw error;
          (this.stale ??= new Set()).add(text as string);
          return query.call(this, text, values) as Promise<unknown>;
        },
      );
      if (typeof callback !== 'function') return result as never;
      result.then(
        (rows) => (callback as QueryCallback)(undefined, rows),
        (error: Error) => (callback as QueryCallback)(error),
      );
      return undefined as never;
    }
  } as unknown as typeof Client;
}
