import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Client } from 'pg';

/**
 * The database every test server starts from, migrated and seeded once (not once per server): booting an
 * empty embedded database runs initdb (two WebAssembly instances) and then every migration and seed, ~8 s of
 * CPU, where loading a prepared one takes ~1 s.
 *
 * - PGlite: a dump of the in-memory data folder, node_modules/.cache/metacatalog-tests/pglite-<key>.tar, that
 *   each test server loads (`boot({ initialData })`).
 *   A test that starts real processes (which cannot take `initialData`) copies it into an embedded data folder
 *   on disk (`copyPreparedFolder`): the folder a `serve` that migrated and seeded leaves behind.
 * - PostgreSQL (TEST_DATABASE_URL): a template database, metacatalog_template_<key>, that each test database is
 *   created from (`CREATE DATABASE … TEMPLATE …`).
 *
 * The key hashes what decides the prepared contents (migrations/, seeds/, src/, PGlite's version), so a change to
 * any of them prepares a new one. jest's globalSetup (global-setup.ts) prepares it before the workers start; a
 * worker that finds nothing prepared (a run without that setup) prepares it itself.
 */

const root = join(__dirname, '..', '..');
const cacheDir = join(root, 'node_modules', '.cache', 'metacatalog-tests');
/** The environment variables through which globalSetup tells the workers what it prepared. */
const SNAPSHOT_ENV = 'METACATALOG_TEST_SNAPSHOT';
const TEMPLATE_ENV = 'METACATALOG_TEST_TEMPLATE';
/** An arbitrary constant: the advisory lock under which one run at a time builds a template on the server. */
const TEMPLATE_LOCK = 7301950;
/** Templates of other keys (older sources) are dropped once this old: a run still cloning one is long over. */
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : [path];
    })
    .sort();
}

let key: string | undefined;
/** A hash of everything the prepared database's contents depend on. */
export function preparedKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const dir of ['migrations', 'seeds', 'src']) {
    for (const file of filesUnder(join(root, dir))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** Boots the service on `url` (migrate, seed) as a test server would; returns the runtime to close. */
async function bootOn(url: string) {
  // Loaded only when something is to be prepared: a prepared run starts without compiling the service.
  await import('reflect-metadata');
  const [{ boot }, { loadConfig }, { default: pino }] = await Promise.all([
    import('../../src/app/runtime'),
    import('../../src/config'),
    import('pino'),
  ]);
  const config = loadConfig({ AUTH_MODE: 'headers', LOG_LEVEL: 'silent', DATABASE_URL: url });
  return boot({ config, logger: pino({ level: 'silent' }) });
}

/** Makes the PGlite snapshot of the current key, unless it exists; returns its path. */
async function prepareSnapshot(): Promise<string> {
  const path = join(cacheDir, `pglite-${preparedKey()}.tar`);
  try {
    if (statSync(path).size > 0) return path;
  } catch {
    // Not prepared yet.
  }
  const runtime = await bootOn('pglite://memory');
  let tarball: Uint8Array;
  try {
    await runtime.database.dataSource.destroy();
    tarball = await runtime.database.embedded!.dump();
  } finally {
    await runtime.database.close();
  }
  mkdirSync(cacheDir, { recursive: true });
  // Older keys' snapshots go; the new one appears whole (renamed into place) for workers reading it meanwhile.
  for (const name of readdirSync(cacheDir)) {
    if (/^pglite-.*\.tar/.test(name) && name !== `pglite-${preparedKey()}.tar`) {
      rmSync(join(cacheDir, name), { force: true });
    }
  }
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, tarball);
  renameSync(partial, path);
  return path;
}

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database, a template too (PostgreSQL refuses to drop one still marked as a template). */
async function dropDatabase(admin: Client, name: string): Promise<void> {
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) return;
  await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Makes the template database of the current key on the server, unless it exists; returns its name. */
async function prepareTemplate(server: string): Promise<string> {
  const name = `metacatalog_template_${preparedKey()}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    // One run at a time: another run preparing the same key finishes before this one looks.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
       WHERE datname LIKE 'metacatalog\\_template\\_%'`,
    );
    for (const row of rows) {
      const made = Number(/^prepared at (\d+)$/.exec(row.comment ?? '')?.[1] ?? 0);
      if (row.datname !== name && Date.now() - made > TEMPLATE_MAX_AGE_MS) {
        await dropDatabase(admin, row.datname);
      }
    }
    if (rows.some((row) => row.datname === name)) return name;
    // Built under another name and renamed: a template is either whole or absent.
    const building = `metacatalog_building_${preparedKey()}`;
    await dropDatabase(admin, building);
    await admin.query(`CREATE DATABASE "${building}"`);
    const runtime = await bootOn(databaseUrl(server, building));
    await runtime.database.close();
    // No connections to it: CREATE DATABASE … TEMPLATE fails while anyone is connected to the template.
    await admin.query(`ALTER DATABASE "${building}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await admin.query(`COMMENT ON DATABASE "${building}" IS 'prepared at ${Date.now()}'`);
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/** Prepares the database of this run (globalSetup) and tells the workers through the environment. */
export async function prepareTestDatabase(): Promise<void> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) process.env[TEMPLATE_ENV] = await prepareTemplate(server);
  else process.env[SNAPSHOT_ENV] = await prepareSnapshot();
}

let snapshot: Promise<Uint8Array> | undefined;
/** The PGlite data folder (a tarball) a test server starts from (prepared now when globalSetup did not). */
export function preparedSnapshot(): Promise<Uint8Array> {
  snapshot ??= (async () => readFileSync(process.env[SNAPSHOT_ENV] ?? (await prepareSnapshot())))();
  return snapshot;
}

/** The name of the template database a test database is created from (prepared now when globalSetup did not). */
export async function preparedTemplate(server: string): Promise<string> {
  return process.env[TEMPLATE_ENV] ?? prepareTemplate(server);
}

/** A tar header's text field: up to its first NUL. */
const field = (header: Buffer, start: number, length: number) =>
  header.toString('utf8', start, start + length).replace(/\0.*$/s, '');

/**
 * Fills the embedded data folder `folder` (as `pglite://<folder>` or `<DATA_DIR>/pgdata` names it; created when
 * absent, empty otherwise) with the prepared database: the files of a folder whose `serve` migrated and seeded,
 * as of a checkpoint (nothing to replay), which the service opens as it opens an existing folder at a restart. Real processes start from it
 * instead of running initdb, every migration and every seed (~8 s of CPU each); a test of what a fresh folder
 * does keeps an empty one. The snapshot is the tarball PGlite's dumpDataDir writes (ustar: 512-byte headers,
 * each file's data padded to 512 bytes), unpacked here without a tar program.
 */
export async function copyPreparedFolder(folder: string): Promise<void> {
  const snapshot = await preparedSnapshot();
  const tarball = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  const root = resolve(folder);
  mkdirSync(root, { recursive: true });
  if (readdirSync(root).length)
    throw new Error(`${root} is not empty: a prepared folder is copied into an empty one`);
  for (let offset = 0; offset + 512 <= tarball.length;) {
    const header = tarball.subarray(offset, offset + 512);
    const name = field(header, 0, 100);
    if (!name) break; // the two zero blocks that end the archive
    const prefix = field(header, 345, 155);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const mode = parseInt(field(header, 100, 8).trim() || '600', 8);
    const type = field(header, 156, 1) || '0';
    const path = resolve(root, `.${sep}${prefix ? `${prefix}/${name}` : name}`);
    if (path !== root && !path.startsWith(root + sep))
      throw new Error(`tar entry outside the folder: ${name}`);
    offset += 512;
    // The lock PostgreSQL held while it ran: the process that opens the folder writes its own.
    const skip = relative(root, path) === 'postmaster.pid';
    if (type === '5') {
      mkdirSync(path, { recursive: true });
      chmodSync(path, mode);
    } else if (type === '0' && !skip) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tarball.subarray(offset, offset + size), { mode });
    } else if (type !== '0') {
      throw new Error(`unexpected tar entry type ${type} for ${name}`);
    }
    offset += Math.ceil(size / 512) * 512;
  }
}
