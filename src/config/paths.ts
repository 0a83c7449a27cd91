import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The folder holding package.json (and seeds/), from source (src/…) or compiled (dist/src/…) code alike. */
export function projectRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${__dirname}`);
    dir = parent;
  }
  root = dir;
  return dir;
}
