/**
 * The upstream code that judges us in tests (Debian's packages, installed by .ci/run): Nova's validators,
 * oslo.policy, the OpenStack clients, promtool. A test that needs one declares it with `itWithOracle`: where the
 * oracle is missing, the test is skipped with its reason on a developer's machine and fails in CI (CI=true), so a
 * missing install step can never turn a run green by not running the test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's python3: the `python3` on PATH may be another one, without Debian's packages. */
export const PYTHON = '/usr/bin/python3';

export interface Oracle {
  /** What a reader installs to have it: the Debian package. */
  package: string;
  /** Whether it is here (checked once, when first asked). */
  present(): boolean;
}

const once = (check: () => boolean): (() => boolean) => {
  let known: boolean | undefined;
  return () => (known ??= check());
};

/** An oracle that is a Python module of Debian's python3. */
export function pythonModule(module: string, debianPackage: string): Oracle {
  return {
    package: debianPackage,
    present: once(() => spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0),
  };
}

/** An oracle that is a command on this machine. */
export function command(path: string, debianPackage: string, versionArg = '--version'): Oracle {
  return {
    package: debianPackage,
    present: once(() => spawnSync(path, [versionArg], { stdio: 'ignore' }).status === 0),
  };
}

/**
 * The newest installed PostgreSQL server binaries (Debian's /usr/lib/postgresql/<version>/bin: initdb, pg_ctl,
 * pg_basebackup), for tests that start servers of their own (test/support/postgres-cluster.ts).
 */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

export const ORACLES = {
  keystoneauth: pythonModule('keystoneauth1', 'python3-keystoneauth1'),
  nova: pythonModule('nova.api.validation.extra_specs.validators', 'python3-nova'),
  osloPolicy: pythonModule('oslo_policy', 'python3-oslo.policy'),
  glanceclient: pythonModule('glanceclient', 'python3-glanceclient'),
  openstackclient: pythonModule('openstackclient', 'python3-openstackclient'),
  oscPlacement: pythonModule('osc_placement', 'python3-osc-placement'),
  promtool: command('/usr/bin/promtool', 'prometheus'),
  postgresServer: { package: 'postgresql', present: once(() => postgresBin() !== undefined) },
} satisfies Record<string, Oracle>;

/** Whether this run is CI's: there a missing oracle is a failure. */
export const inCi = (): boolean => /^(1|true)$/i.test(process.env.CI ?? '');

/**
 * `it(name, fn)` when every oracle is present. Otherwise, in CI a test of that name that fails saying what to
 * install; elsewhere a skipped test (jest lists it as skipped, with the missing package in its name).
 */
export function itWithOracle(
  oracles: Oracle | Oracle[],
  name: string,
  fn: () => Promise<unknown> | void,
  timeout?: number,
): void {
  const missing = [oracles].flat().filter((oracle) => !oracle.present());
  if (!missing.length) {
    it(name, fn as () => Promise<unknown>, timeout);
    return;
  }
  const packages = missing.map((oracle) => oracle.package).join(', ');
  if (inCi()) {
    it(name, () => {
      throw new Error(`${packages} not installed (apt-get install ${packages}): this test must run in CI`);
    });
  } else {
    it.skip(`${name} (needs ${packages})`, () => undefined);
  }
}
