import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * tsc never deletes an output: after src/config.ts became src/config/index.ts, a dist/ built before kept
 * dist/src/config.js, which `require('./config')` prefers to the folder, so `npm start` after a pull ran the old
 * settings code. `npm run build` and `npm start` prune dist/ first (scripts/prune-dist.mjs).
 */
describe('dist/ pruned of outputs whose source is gone', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'prune-dist-'));
    const files: Record<string, string> = {
      'src/config/index.ts': '',
      'src/main.ts': '',
      'migrations/1-a.ts': '',
      'src/db/sql/kept_fn.sql': '',
      'dist/src/db/sql/kept_fn.sql': '',
      'dist/src/db/sql/gone_fn.sql': 'stale',
      'dist/src/config/index.js': '',
      'dist/src/config/index.js.map': '',
      'dist/src/config.js': 'stale',
      'dist/src/config.js.map': 'stale',
      'dist/src/main.js': '',
      'dist/src/modules/objects/object.service.js': 'stale',
      'dist/migrations/1-a.js': '',
      'dist/web/index.html': 'not compiled by tsc',
      'dist/graphiql/assets/app.js': 'not compiled by tsc',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('removes the stale files and emptied folders, keeps every output of a source and the web builds', () => {
    const printed = execFileSync(
      process.execPath,
      [join(__dirname, '..', 'scripts', 'prune-dist.mjs'), root],
      {
        encoding: 'utf8',
      },
    );
    expect(printed).toContain('removed 4 file(s)');
    for (const gone of [
      'dist/src/config.js',
      'dist/src/config.js.map',
      'dist/src/modules/objects',
      'dist/src/db/sql/gone_fn.sql',
    ]) {
      expect(existsSync(join(root, gone))).toBe(false);
    }
    for (const kept of [
      'dist/src/config/index.js',
      'dist/src/config/index.js.map',
      'dist/src/main.js',
      'dist/migrations/1-a.js',
      'dist/src/db/sql/kept_fn.sql',
      'dist/web/index.html',
      'dist/graphiql/assets/app.js',
    ]) {
      expect(existsSync(join(root, kept))).toBe(true);
    }
  });
});
