import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The modules under src/modules/ form a graph without circles: when two modules need each other they are one
 * aggregate split in two (merge them) or one of them holds something both need (move it down, to the one that
 * owns it or to common/). eslint's layer zones cannot say this (a module may import other modules), so this test
 * reads every import of every module file, as the TypeScript compiler sees them (`import type` and re-exports
 * included), and looks for a circle of any length.
 */
const SRC = path.join(__dirname, '..', 'src');
const MODULES = path.join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The module a path lies in, or null outside src/modules/. */
function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/** module -> imported module -> the first `file: 'specifier'` that makes the arrow (for the failure message). */
function moduleGraph(root = MODULES): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(root)) {
    const from = moduleOf(file)!;
    const arrows = graph.get(from) ?? new Map<string, string>();
    graph.set(from, arrows);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from && !arrows.has(to)) {
        arrows.set(to, `${path.relative(root, file)}: '${specifier}'`);
      }
    }
  }
  return graph;
}

/** Every circle, as its modules in order (each found once, from its smallest name). */
function circles(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const walk = (start: string, at: string, trail: string[]): void => {
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) found.push([...trail]);
      else if (next > start && !trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return found;
}

/**
 * The layers of src/, from the bottom up, and what each may import besides itself. http/ (the transport: server,
 * router, one file per route) and the modules stand side by side on common/ and db/; app/ composes both.
 */
const LAYERS: Record<string, readonly string[]> = {
  config: [],
  common: ['config'],
  db: ['config', 'common'],
  http: ['config', 'common', 'db'],
  modules: ['config', 'common', 'db'],
  app: ['config', 'common', 'db', 'http', 'modules'],
  'main.ts': ['config', 'common', 'db', 'http', 'modules', 'app'],
};

/** The layer a path lies in (src/'s first folder, or main.ts), or null outside src/. */
function layerOf(file: string): string | null {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/** Every import that goes to a layer its file's layer may not import, as `file: 'specifier'`. */
function upwardImports(
  files: readonly string[],
  read = (file: string) => readFileSync(file, 'utf8'),
): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file)!;
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const to = layerOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from && !LAYERS[from]?.includes(to)) {
        found.push(`${path.relative(SRC, file)}: '${specifier}'`);
      }
    }
  }
  return found;
}

describe('layers', () => {
  it('knows every folder of src/', () => {
    const layers = readdirSync(SRC).filter(
      (name) => name === 'main.ts' || statSync(path.join(SRC, name)).isDirectory(),
    );
    expect(layers.sort()).toEqual(Object.keys(LAYERS).sort());
  });

  it('finds an import running back up', () => {
    const file = path.join(SRC, 'http', 'example.ts');
    const source =
      "import { x } from '../app/server';\nimport { y } from '../common/errors';\nimport z from 'node:http';";
    expect(upwardImports([file], () => source)).toEqual([
      `${path.join('http', 'example.ts')}: '../app/server'`,
    ]);
  });

  it('no import runs from a lower layer to a higher one (http/ included)', () => {
    const files = sourceFiles(SRC);
    expect(files.some((file) => layerOf(file) === 'http')).toBe(true);
    expect(upwardImports(files)).toEqual([]);
  });
});

describe('module borders', () => {
  it('reads the real import graph (a module imports another, relative imports resolved)', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(graph.get('namespace-documents')?.has('namespaces')).toBe(true);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/x.ts']])],
      ['c', new Map([['a', 'c/x.ts']])],
      ['d', new Map([['a', 'd/x.ts']])],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('no two modules import each other, directly or around a circle', () => {
    const graph = moduleGraph();
    const described = circles(graph).map((circle) =>
      circle
        .map((module, i) => `${module} -> ${graph.get(module)!.get(circle[(i + 1) % circle.length])}`)
        .join('\n  '),
    );
    expect(described).toEqual([]);
  });
});
