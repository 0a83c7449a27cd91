#!/usr/bin/env node
/**
 * Removes what tsc compiled from a source that is gone: tsc never deletes an output, so after a file moves
 * (src/config.ts became src/config/index.ts) the old dist/src/config.js would still be what `require('./config')`
 * finds. Run before tsc by `npm run build` and `npm start`. `node scripts/prune-dist.mjs [ROOT]` (default: the
 * project); prints what it removed.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders tsconfig.build.json compiles into dist/ (rootDir is the project). */
const COMPILED = ['src', 'migrations', 'seeds', 'bench'];

/**
 * Deletes dist's .js and .js.map files under the compiled folders that have no .ts source, and its .sql files
 * that have no .sql source (scripts/build.mjs copies them); returns them.
 */
export function pruneDist(root) {
  const removed = [];
  const visit = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) {
        visit(path);
        continue;
      }
      const match = /^(.*)\.(js(\.map)?|sql)$/.exec(entry);
      if (!match) continue;
      const sourceName = match[2] === 'sql' ? entry : `${match[1]}.ts`;
      const source = join(root, relative(join(root, 'dist'), folder), sourceName);
      if (!existsSync(source)) {
        rmSync(path);
        removed.push(relative(root, path));
      }
    }
    // A folder left empty (its sources all moved) goes too.
    if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
  };
  for (const folder of COMPILED) visit(join(root, 'dist', folder));
  return removed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const removed = pruneDist(root);
  if (removed.length) console.log(`dist: removed ${removed.length} file(s) whose source is gone`);
}
