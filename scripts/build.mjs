#!/usr/bin/env node
/**
 * The one list of what the project builds into dist/, and its builder:
 *   node scripts/build.mjs                    every part (`npm run build`: CI, the Docker image)
 *   node scripts/build.mjs --changed          only the parts whose inputs are newer than their outputs (`npm start`)
 *   node scripts/build.mjs [--changed] PART…  those parts only (server, explorer, graphiql)
 * "Changed" compares modification times (a file's or a folder's: an added, changed or removed file counts), so a
 * start with nothing changed builds nothing, and a fresh clone builds everything `npm run build` would.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneDist } from './prune-dist.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What dist/ holds, each part with what it is built from and the files whose presence says it is built. */
export const PARTS = [
  {
    id: 'server',
    name: 'server (tsc)',
    inputs: [
      'src',
      'migrations',
      'seeds',
      'bench',
      'tsconfig.json',
      'tsconfig.build.json',
      'package-lock.json',
    ],
    outputs: ['dist/.tsbuildinfo', 'dist/src/main.js'],
    command: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'],
    // The database's function and trigger definitions (src/db/sql-definitions.ts), read at run time.
    then: copySqlFiles,
  },
  {
    id: 'explorer',
    name: 'explorer (vite)',
    inputs: ['web', 'schema.graphql', 'package-lock.json'],
    outputs: ['dist/web/index.html'],
    command: [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
  },
  {
    id: 'graphiql',
    name: 'GraphiQL (vite)',
    // Its page imports nothing of the explorer's (web/src/graphiql stands alone).
    inputs: ['web/graphiql.html', 'web/graphiql.vite.config.ts', 'web/src/graphiql', 'package-lock.json'],
    outputs: ['dist/graphiql/graphiql.html'],
    command: [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'web/graphiql.vite.config.ts',
      // GraphiQL's packages warn of directives ("use no memo") the bundle drops, on every build: nothing to act on.
      '--logLevel',
      'error',
    ],
  },
];

/** Copies every .sql file under src/ to the same place under dist/src/ (tsc copies none); returns how many. */
export function copySqlFiles(base = root) {
  let copied = 0;
  const visit = (folder) => {
    for (const entry of readdirSync(join(base, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.sql')) {
        mkdirSync(join(base, 'dist', folder), { recursive: true });
        copyFileSync(join(base, path), join(base, 'dist', path));
        copied += 1;
      }
    }
  };
  visit('src');
  return copied;
}

/** The newest modification time under `path` (files and folders; node_modules and dist left out). */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const modified = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/** Whether a part's outputs are all there and newer than every input. */
export function upToDate(part, base = root) {
  // The oldest output: a missing one (0) means build.
  const built = Math.min(...part.outputs.map((output) => modified(join(base, output))));
  const changed = Math.max(...part.inputs.map((input) => newest(join(base, input))));
  return built > 0 && changed <= built;
}

/** Builds `ids` (default: every part), or with `changed` only those not up to date. */
export function build({ changed = false, ids = PARTS.map((part) => part.id), base = root } = {}) {
  const unknown = ids.filter((id) => !PARTS.some((part) => part.id === id));
  if (unknown.length) {
    throw new Error(
      `unknown part(s) ${unknown.join(', ')}: one of ${PARTS.map((part) => part.id).join(', ')}`,
    );
  }
  // What a moved or deleted source left in dist/ would shadow its new place (tsc never deletes an output).
  const pruned = pruneDist(base);
  if (pruned.length) console.log(`dist: removed ${pruned.length} file(s) whose source is gone`);
  for (const part of PARTS.filter((candidate) => ids.includes(candidate.id))) {
    if (changed && upToDate(part, base)) {
      console.log(`${part.name}: up to date`);
      continue;
    }
    console.log(`${part.name}: building`);
    execFileSync(process.execPath, part.command, { cwd: base, stdio: 'inherit' });
    part.then?.(base);
    // tsc leaves its outputs alone when nothing it compiles changed (a touched file, a comment elsewhere): mark
    // them built now, so that the next start does not run it again.
    const now = new Date();
    for (const output of part.outputs) utimesSync(join(base, output), now, now);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ids = args.filter((arg) => arg !== '--changed');
  try {
    build({ changed: args.includes('--changed'), ...(ids.length ? { ids } : {}) });
  } catch (error) {
    // The failing command has already printed why (stdio inherited).
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  }
}
