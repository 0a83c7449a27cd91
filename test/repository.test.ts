import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * `npm ci` warns (EBADENGINE) for every installed package whose `engines.node` the running Node does not
 * satisfy. The Node versions package.json allows must satisfy all of them: the lowest of each major it
 * names, checked the way npm checks (semver, prereleases included). Optional packages npm skips instead.
 */
const ROOT = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};

/** The lowest version of each range of `engines.node` (`^22.15.0 || >=24.11.0`: 22.15.0 and 24.11.0). */
const lowest = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

describe('engines', () => {
  it.each(lowest)('Node %s satisfies every installed package (no EBADENGINE warning)', (version) => {
    const unsupported = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.optional)
      .map(([path, entry]) => ({
        name: `${path.replace(/^.*node_modules\//, '')}@${entry.version}`,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ node }) => node && !semver.satisfies(version, node, { includePrerelease: true }));
    expect(unsupported).toEqual([]);
  });

  it('the README and the Dockerfile name a supported Node', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Node ${lowest[0]}`);
    const from = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))!;
    expect(semver.satisfies(`${from[1]}.99.0`, pkg.engines.node)).toBe(true);
  });
});

describe('documentation', () => {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && existsSync(join(ROOT, file)));

  it('nothing in the repository points to the shared folder beside it (it is not in a clone)', () => {
    const shared = ['..', 'shared'].join('/');
    const pointing = tracked
      .filter((file) => /\.(md|ts|tsx|js|mjs|json|ya?ml|sh)$/.test(file) || file === 'Dockerfile')
      .filter((file) => readFileSync(join(ROOT, file), 'utf8').includes(shared));
    expect(pointing).toEqual([]);
  });

  it('README and CONTRIBUTING link the contract, docs/api.md', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](docs/api.md)');
    expect(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')).toContain('](docs/api.md)');
  });
});
