/**
 * seeds/nova is generated from Nova (scripts/generate-nova-definitions.py, `npm run generate:nova`): the committed
 * files must be exactly what the generator writes from the installed Nova, so a hand edit or a Nova upgrade
 * without regenerating fails here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORACLES, PYTHON, itWithOracle } from './support/oracles';

const ROOT = join(__dirname, '..');
const GENERATOR = join(ROOT, 'scripts', 'generate-nova-definitions.py');

describe("Nova's definitions (seeds/nova)", () => {
  itWithOracle(ORACLES.nova, 'are what the generator writes from the installed Nova', () => {
    const run = spawnSync(PYTHON, [GENERATOR, '--check'], { encoding: 'utf8', cwd: ROOT });
    expect({ status: run.status, differ: run.stdout.trim().split('\n').filter(Boolean) }).toEqual({
      status: 0,
      differ: [],
    });
  });

  it('name their provenance and are loaded by the default seeds', () => {
    const source = readFileSync(join(ROOT, 'seeds', 'nova', 'SOURCE.md'), 'utf8');
    expect(source).toMatch(/Generated from Nova \d+\.\d+\.\d+ \(Apache-2\.0\)/);
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toContain(
      'scripts/generate-nova-definitions.py',
    );
  });
});
