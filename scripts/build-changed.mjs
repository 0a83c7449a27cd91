// `npm start`'s build: each part of `npm run build` runs only when one of its inputs is newer than its output
// (a file's or a folder's modification time: an added, changed or removed file counts), so a start with
// nothing changed builds nothing. `npm run build` (CI, the Docker image) always builds everything.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneDist } from './prune-dist.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// What a moved or deleted source left in dist/ would shadow its new place (tsc never deletes an output).
const pruned = pruneDist(root);
if (pruned.length) console.log(`dist: removed ${pruned.length} file(s) whose source is gone`);

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

const parts = [
  {
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
  },
  {
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
];

for (const part of parts) {
  // The oldest output: a missing one (0) means build.
  const built = Math.min(...part.outputs.map((output) => modified(join(root, output))));
  const changed = Math.max(...part.inputs.map((input) => newest(join(root, input))));
  if (built && changed <= built) {
    console.log(`${part.name}: up to date`);
    continue;
  }
  console.log(`${part.name}: building`);
  execFileSync(process.execPath, part.command, { cwd: root, stdio: 'inherit' });
  // tsc leaves its outputs alone when nothing it compiles changed (a touched file, a comment elsewhere): mark
  // them built now, so that the next start does not run it again.
  const now = new Date();
  for (const output of part.outputs) utimesSync(join(root, output), now, now);
}
