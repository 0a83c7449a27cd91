import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * scripts/build.mjs is the one list of what dist/ holds: `npm run build` builds every part, `npm start` the stale
 * ones. A build config that is not a part would be built by neither (as GraphiQL once was missing from `npm start`).
 */
const ROOT = join(__dirname, '..');

interface Part {
  id: string;
  inputs: string[];
  outputs: string[];
  command: string[];
}

/** Runs a snippet with scripts/build.mjs imported as `m` (an ES module), returning what it prints as JSON. */
function withBuildModule<T>(expression: string, cwd = ROOT): T {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts', 'build.mjs'))}).then((m) => console.log(JSON.stringify(${expression})))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8' })) as T;
}

describe('the build parts (scripts/build.mjs)', () => {
  const parts = withBuildModule<Part[]>('m.PARTS');

  it('holds every Vite config of web/ and the server; npm run build and npm start both run it', () => {
    const viteConfigs = readdirSync(join(ROOT, 'web')).filter((file) => /vite\.config\.ts$/.test(file));
    expect(viteConfigs).toEqual(expect.arrayContaining(['vite.config.ts', 'graphiql.vite.config.ts']));
    for (const config of viteConfigs) {
      expect(parts.filter((part) => part.command.includes(`web/${config}`))).toHaveLength(1);
    }
    expect(parts.filter((part) => part.command.includes('tsconfig.build.json'))).toHaveLength(1);
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.build).toBe('node scripts/build.mjs');
    expect(scripts.start).toMatch(/^node scripts\/build\.mjs --changed && /);
  });

  it('a part is stale when an output is missing or an input (a file in a folder too) is newer than it', () => {
    const base = mkdtempSync(join(tmpdir(), 'metacatalog-build-parts-'));
    try {
      const graphiql = parts.find((part) => part.id === 'graphiql')!;
      const at = (path: string, seconds: number) => {
        mkdirSync(dirname(join(base, path)), { recursive: true });
        writeFileSync(join(base, path), 'x');
        utimesSync(join(base, path), seconds, seconds);
      };
      const upToDate = () =>
        withBuildModule<boolean>(`m.upToDate(m.PARTS[${parts.indexOf(graphiql)}], ${JSON.stringify(base)})`);
      at('web/graphiql.html', 1000);
      at('web/src/graphiql/main.tsx', 1000);
      utimesSync(join(base, 'web/src/graphiql'), 1000, 1000);
      expect(upToDate()).toBe(false); // never built
      for (const output of graphiql.outputs) at(output, 2000);
      expect(upToDate()).toBe(true);
      at('web/src/graphiql/main.tsx', 3000); // an edit
      expect(upToDate()).toBe(false);
      for (const output of graphiql.outputs) at(output, 4000);
      at('web/src/graphiql/new.tsx', 1000); // an added file (old contents): its folder changed
      utimesSync(join(base, 'web/src/graphiql'), 5000, 5000);
      expect(upToDate()).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
