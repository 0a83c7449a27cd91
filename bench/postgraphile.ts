import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Pool } from 'pg';
import type { Runtime } from '../src/app/runtime';
import { projectRoot } from '../src/config/paths';

/** What the bench uses of PostGraphile 4's library API. */
type PostGraphile = (
  pool: Pool,
  schema: string,
  options: Record<string, unknown>,
) => http.RequestListener & { release(): Promise<void> };

/**
 * PostGraphile from bench/peers, installed there on first use (`npm ci`): a package of its own because
 * PostGraphile 4 needs graphql 15, and one node_modules holding both graphql 15 and the service's 16 puts two
 * graphql 15 copies in PostGraphile's own tree (npm nests one under graphile-build-pg), which graphql refuses.
 */
function loadPostGraphile(): PostGraphile {
  const peers = join(projectRoot(), 'bench', 'peers');
  if (!existsSync(join(peers, 'node_modules', 'postgraphile'))) {
    console.log('installing PostGraphile 4 into bench/peers (once)');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: peers,
      stdio: 'inherit',
    });
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a package outside the service's tree
  return (require(join(peers, 'node_modules', 'postgraphile')) as { postgraphile: PostGraphile })
    .postgraphile;
}

/**
 * The generic peer (issue 41): PostGraphile 4, an automatic GraphQL layer over PostgreSQL that answers a root
 * field with one SQL statement (its look-ahead), serving the service's own tables (schema `public`) on the same
 * database and the same connections as the service, as the floors do (the embedded database has exactly one).
 * Installed in bench/peers, apart from the service's dependencies (loadPostGraphile). Default options: no mutations are asked, no plugins; the scenarios' `peers.postgraphile` requests use the
 * fields it derives from the tables and their unique keys (`traitByName`, `allTraits`, `resourceProviderByUuid`).
 * It runs in the bench's process, as the floors do, loaded after the service's scenario, never beside it.
 */
export async function startPostGraphile(runtime: Runtime): Promise<{ url: string; close(): Promise<void> }> {
  // TypeORM's postgres driver keeps its pg Pool in `master`.
  const pool = (runtime.database.dataSource.driver as unknown as { master: Pool }).master;
  const middleware = loadPostGraphile()(pool, 'public', {
    graphqlRoute: '/graphql',
    disableQueryLog: true,
    retryOnInitFail: false,
    watchPg: false,
    dynamicJson: true,
    setofFunctionsContainNulls: false,
    ignoreRBAC: false,
    extendedErrors: ['hint', 'detail', 'errcode'],
  });
  const server = http.createServer(middleware);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Its own resources (the introspection cache, no watcher): nothing holds the pool, which is the service's.
      await middleware.release();
    },
  };
}
