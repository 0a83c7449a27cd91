import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import type { Runtime } from '../src/app/runtime';

/** What a floor does per request: the SQL with `pg` alone, and the value it answers as JSON. */
export type FloorHandler = (pool: Pool, body: unknown) => Promise<unknown>;

/**
 * The floor every scenario is compared with: validateTraits' lookup (`SELECT name FROM traits WHERE name =
 * ANY($1)`) with `pg` alone.
 */
export const validateTraitsFloor: FloorHandler = async (pool, body) => {
  const { names } = body as { names: string[] };
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM traits WHERE name = ANY($1)', [
    names,
  ]);
  const known = new Set(rows.map((row) => row.name));
  return {
    valid: names.filter((name) => known.has(name)),
    invalid: names.filter((name) => !known.has(name)),
  };
};

/**
 * A floor: a bare node `http` server running `handle` (its SQL with `pg` alone) for each request's JSON body
 * and answering `JSON.stringify` of what it returns, on the same database and the same connections as the
 * service (the embedded database has exactly one). No GraphQL, no framework: what the machine serves when the
 * HTTP layer and GraphQL cost nothing.
 */
export async function startFloor(
  runtime: Runtime,
  handle: FloorHandler = validateTraitsFloor,
): Promise<{ url: string; close(): Promise<void> }> {
  // TypeORM's postgres driver keeps its pg Pool in `master`.
  const pool = (runtime.database.dataSource.driver as unknown as { master: Pool }).master;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(pool, JSON.parse(Buffer.concat(chunks).toString('utf8'))).then(
        (answer) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        },
        (error: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(error.message);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
