import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, parse, stringify } from 'yaml';
import { loadConfig } from '../src/config';
import { startTestApp } from './support/test-app';

/**
 * What ships for operators and cannot be run here (no Docker engine, no cluster): the Kubernetes manifests are
 * validated against Kubernetes' own JSON schemas (scripts/validate-manifests.mjs, with kubernetes-models, which
 * ships as ES modules only: it runs in a node process of its own), and every file is checked against the
 * service it deploys: probe paths answered by a running server, ports, selectors, the shutdown timings, and
 * settings that `loadConfig` accepts.
 */
const ROOT = join(__dirname, '..');
const K8S = join(ROOT, 'deploy', 'kubernetes');
/**
 * Manifests beside the others but not in kustomization.yaml: the Secret's template (`apply -k` must never overwrite
 * the real values) and the ServiceMonitor (a kind that only clusters running the Prometheus Operator know).
 */
const APPLIED_APART = ['secret.template.yaml', 'servicemonitor.yaml'];

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // A manifest's spec, walked freely by the tests (the schema check above types it).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
};

/** scripts/validate-manifests.mjs on `files` (all of deploy/kubernetes by default): its exit code and lines. */
function validate(files: string[] = []): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'validate-manifests.mjs'), ...files], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, lines: `${run.stdout}${run.stderr}`.split('\n').filter(Boolean) };
}

function manifests(): { file: string; manifest: Manifest }[] {
  return readdirSync(K8S)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(K8S, file), 'utf8')).map((document) => {
        expect(document.errors).toEqual([]);
        return { file, manifest: document.toJS() as Manifest };
      }),
    );
}

const one = (kind: string): Manifest => {
  const found = manifests().filter(({ manifest }) => manifest.kind === kind);
  expect(found).toHaveLength(1);
  return found[0].manifest;
};

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerfile(): { instruction: string; args: string }[] {
  return readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [instruction, ...rest] = line.trim().split(/\s+/);
      return { instruction: instruction.toUpperCase(), args: rest.join(' ') };
    });
}

/** The environment the image sets (ENV), as the container starts with it. */
function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of dockerfile().filter(({ instruction }) => instruction === 'ENV')) {
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  return env;
}

describe('deploy/kubernetes', () => {
  it('every manifest is valid against the Kubernetes schema of its kind, and kustomization lists them all', () => {
    const found = manifests();
    expect(found.map(({ manifest }) => manifest.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Secret',
      'Service',
      'ServiceMonitor',
    ]);
    const validated = validate();
    expect(validated.lines).toEqual(
      found.map(
        ({ file, manifest }) =>
          `deploy/kubernetes/${file}: ${manifest.kind} ${manifest.metadata.name}: valid`,
      ),
    );
    expect(validated.status).toBe(0);
    const kustomization = parse(readFileSync(join(K8S, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual(
      [...new Set(found.map(({ file }) => file))].filter((file) => !APPLIED_APART.includes(file)).sort(),
    );
    for (const file of APPLIED_APART) expect(found.map((item) => item.file)).toContain(file);
  });

  it('the schema validation catches a broken manifest and an unknown kind (so the test above can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'metacatalog-manifests-'));
    try {
      const broken = structuredClone(one('Deployment'));
      broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
      writeFileSync(join(dir, 'broken.yaml'), stringify(broken));
      writeFileSync(
        join(dir, 'unknown.yaml'),
        stringify({ apiVersion: 'v1', kind: 'Deploymint', metadata: {} }),
      );
      // A custom resource is checked against its own schema too.
      const monitor = structuredClone(one('ServiceMonitor'));
      monitor.spec.endpoints[0].port = 4000;
      writeFileSync(join(dir, 'monitor.yaml'), stringify(monitor));
      const result = validate([
        join(dir, 'broken.yaml'),
        join(dir, 'unknown.yaml'),
        join(dir, 'monitor.yaml'),
      ]);
      expect(result.status).toBe(1);
      expect(result.lines.join('\n')).toMatch(/Deployment metacatalog: .*containerPort must be integer/);
      expect(result.lines.join('\n')).toMatch(
        /ServiceMonitor metacatalog: .*endpoints\/0\/port must be string/,
      );
      expect(result.lines.join('\n')).toMatch(/unknown apiVersion\/kind v1\/Deploymint/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ports, selectors and probes fit the image and the service', async () => {
    const deployment = one('Deployment');
    const service = one('Service');
    const budget = one('PodDisruptionBudget');
    const pod = deployment.spec.template;
    const [container] = pod.spec.containers;
    const env = imageEnv();

    // The container port is the one the image listens on and exposes.
    const http = container.ports.find((port: { name: string }) => port.name === 'http');
    expect(http.containerPort).toBe(Number(env.PORT));
    const exposed = dockerfile().find(({ instruction }) => instruction === 'EXPOSE');
    expect(exposed?.args).toBe(env.PORT);
    expect(service.spec.ports.map((port: { targetPort: string }) => port.targetPort)).toEqual(['http']);

    // Selectors select the pods.
    for (const selector of [deployment.spec.selector.matchLabels, budget.spec.selector.matchLabels])
      expect(pod.metadata.labels).toMatchObject(selector);
    expect(pod.metadata.labels).toMatchObject(service.spec.selector);

    // Every probe is on the named port and a path a running server answers with 200.
    const probes = ['startupProbe', 'readinessProbe', 'livenessProbe'].map((name) => container[name]);
    expect(probes.map((probe) => probe.httpGet.path)).toEqual([
      '/health/live',
      '/health/ready',
      '/health/live',
    ]);
    const t = await startTestApp();
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      for (const probe of probes) {
        expect(probe.httpGet.port).toBe('http');
        expect({ path: probe.httpGet.path, status: (await fetch(base + probe.httpGet.path)).status }).toEqual(
          {
            path: probe.httpGet.path,
            status: 200,
          },
        );
      }
    } finally {
      await t.close();
    }

    // Requests and limits are set, and the database migrations run before the server (the image's CLI).
    expect(container.resources.requests).toMatchObject({
      cpu: expect.any(String),
      memory: expect.any(String),
    });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    const [migrate] = pod.spec.initContainers;
    expect(migrate.command).toEqual(['node', 'bin/metacatalog.js', 'migrate']);
    expect(migrate.image).toBe(container.image);
    expect(migrate.envFrom).toEqual(container.envFrom);
  }, 120_000);

  it('the settings parse, and the grace period covers the shutdown delay, the drain and closing the database', () => {
    const settings = one('ConfigMap').data as Record<string, string>;
    // With the Secret's template as it ships: every key the pods need, values that parse.
    const secret = one('Secret').stringData as Record<string, string>;
    expect(Object.keys(secret).sort()).toEqual(['DATABASE_URL', 'KEYSTONE_PASSWORD', 'METRICS_TOKEN']);
    const config = loadConfig({ ...imageEnv(), ...settings, ...secret });
    expect(config.database.url).toBe(secret.DATABASE_URL);
    expect(config.http.shutdownDelayMs).toBeGreaterThan(0);
    const grace = one('Deployment').spec.template.spec.terminationGracePeriodSeconds * 1000;
    // main.ts gives closing the database 5 s after the drain (CLOSE_GRACE_MS).
    expect(grace).toBeGreaterThan(config.http.shutdownDelayMs + config.http.shutdownTimeoutMs + 5000);
  });
});

describe('deploy/kubernetes: autoscaling, network policy, monitoring', () => {
  const pod = () => one('Deployment').spec.template;
  const labels = () => pod().metadata.labels as Record<string, string>;

  it('the autoscaler scales the Deployment on CPU, above the disruption budget, and owns the replica count', () => {
    const hpa = one('HorizontalPodAutoscaler');
    const deployment = one('Deployment');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      },
    ]);
    // Utilization is of the request: every container states one.
    for (const container of pod().spec.containers) expect(container.resources.requests.cpu).toBeDefined();
    expect(hpa.spec.minReplicas).toBeGreaterThan(one('PodDisruptionBudget').spec.minAvailable);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    // `kubectl apply` would otherwise reset the autoscaler's choice.
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it('the network policy admits the service port and lets out PostgreSQL, Keystone and DNS only', () => {
    const policy = one('NetworkPolicy');
    const [container] = pod().spec.containers;
    const settings = one('ConfigMap').data as Record<string, string>;
    const secret = one('Secret').stringData as Record<string, string>;
    expect(labels()).toMatchObject(policy.spec.podSelector.matchLabels);
    expect(policy.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    // In: the named port the Service targets, whoever comes (clients, probes, Prometheus).
    expect(policy.spec.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
    expect(container.ports.map((port: { name: string }) => port.name)).toContain('http');
    expect(one('Service').spec.ports.map((port: { targetPort: string }) => port.targetPort)).toEqual([
      'http',
    ]);
    // Out: exactly three rules, on the ports of the database URL, of Keystone's URL, and DNS.
    const egress = policy.spec.egress as {
      to?: Record<string, unknown>[];
      ports: { port: number; protocol: string }[];
    }[];
    const ports = (rule: (typeof egress)[number]) =>
      rule.ports.map(({ port, protocol }) => `${port}/${protocol}`);
    expect(egress.map(ports)).toEqual([
      [`${new URL(secret.DATABASE_URL).port}/TCP`],
      [`${new URL(settings.KEYSTONE_URL).port}/TCP`],
      ['53/UDP', '53/TCP'],
    ]);
    // Keystone's rule admits the namespace its URL names (keystone.<namespace>.svc).
    const keystoneNamespace = new URL(settings.KEYSTONE_URL).hostname.split('.')[1];
    expect(egress[1].to).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': keystoneNamespace } } },
    ]);
    expect(egress[2].to).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
        podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      },
    ]);
  });

  it("the ServiceMonitor scrapes /metrics on the Service with the Secret's token, which the server then requires", async () => {
    const monitor = one('ServiceMonitor');
    const service = one('Service');
    const settings = one('ConfigMap').data as Record<string, string>;
    const secret = one('Secret').stringData as Record<string, string>;
    expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
    const [endpoint] = monitor.spec.endpoints;
    expect(service.spec.ports.map((port: { name: string }) => port.name)).toContain(endpoint.port);
    expect(endpoint.authorization).toEqual({
      type: 'Bearer',
      credentials: { name: one('Secret').metadata.name, key: 'METRICS_TOKEN' },
    });
    expect(settings.METRICS).toBe('token');
    // A server with these settings answers the scraper's request, and refuses one without the token.
    const t = await startTestApp({ METRICS: settings.METRICS, METRICS_TOKEN: secret.METRICS_TOKEN });
    try {
      const base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
      const scrape = await fetch(base + endpoint.path, {
        headers: { authorization: `Bearer ${secret.METRICS_TOKEN}` },
      });
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(/^process_cpu_seconds_total /m);
      expect((await fetch(base + endpoint.path)).status).toBe(401);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('deploy/compose.yaml', () => {
  it('runs migrations, then the server on PostgreSQL once the database is healthy, with settings that parse', () => {
    const compose = parse(readFileSync(join(ROOT, 'deploy', 'compose.yaml'), 'utf8')) as {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      services: Record<string, any>;
    };
    const { db, migrate, metacatalog } = compose.services;
    expect(db.image).toMatch(/^postgres:/);
    expect(db.healthcheck.test.join(' ')).toMatch(/pg_isready/);
    expect(migrate.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(migrate.command).toEqual(['node', 'bin/metacatalog.js', 'migrate']);
    expect(metacatalog.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    expect(metacatalog.image).toBe(migrate.image);
    const env = { ...imageEnv(), ...metacatalog.environment } as Record<string, string>;
    const config = loadConfig(env);
    const { username, password, hostname, pathname } = new URL(config.database.url!);
    expect({ username, password, hostname, pathname }).toEqual({
      username: db.environment.POSTGRES_USER,
      password: db.environment.POSTGRES_PASSWORD,
      hostname: 'db',
      pathname: `/${db.environment.POSTGRES_DB}`,
    });
    expect(metacatalog.ports).toEqual([`127.0.0.1:${config.http.port}:${config.http.port}`]);
  });
});

describe('Dockerfile', () => {
  const instructions = dockerfile();

  it('builds on a base image pinned by digest, in every stage', () => {
    const arg = instructions.find(
      ({ instruction, args }) => instruction === 'ARG' && args.startsWith('NODE_IMAGE='),
    );
    expect(arg?.args).toMatch(/^NODE_IMAGE=node:22-[a-z0-9.-]+@sha256:[0-9a-f]{64}$/);
    const froms = instructions.filter(({ instruction }) => instruction === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from.args).toMatch(/^\$\{NODE_IMAGE\}( AS \w+)?$/);
    // The script that moves the pin is valid shell.
    execFileSync('bash', ['-n', join(ROOT, 'scripts', 'pin-base-image.sh')]);
  });

  it('npm ci trusts a build-time CA given as a BuildKit secret, and caches npm downloads', () => {
    const install = instructions.find(
      ({ instruction, args }) => instruction === 'RUN' && /npm ci/.test(args),
    );
    expect(install?.args).toMatch(/--mount=type=secret,id=ca,required=false/);
    expect(install?.args).toMatch(/NODE_EXTRA_CA_CERTS=\/run\/secrets\/ca/);
    expect(install?.args).toMatch(/--mount=type=cache,target=\/root\/\.npm/);
    // The CA is never copied into a layer.
    const copies = instructions.filter(({ instruction }) => instruction === 'COPY' || instruction === 'ADD');
    expect(copies.filter(({ args }) => /\bca\b|\.pem|\.crt/.test(args))).toEqual([]);
  });

  it('copies into the build stage every file of the project that `npm run build` runs', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // The scripts the build runs, and those they import.
    const used = [...`${scripts.build} ${scripts['build:web']}`.matchAll(/\bscripts\/[\w.-]+/g)].map(
      (match) => match[0],
    );
    for (const script of used)
      for (const [, imported] of readFileSync(join(ROOT, script), 'utf8').matchAll(/from '\.\/([\w.-]+)'/g))
        if (!used.includes(`scripts/${imported}`)) used.push(`scripts/${imported}`);
    expect(used).toEqual(expect.arrayContaining(['scripts/build.mjs', 'scripts/prune-dist.mjs']));
    const copied = instructions
      .filter(({ instruction }) => instruction === 'COPY')
      .flatMap(({ args }) => args.split(/\s+/).slice(0, -1));
    for (const file of used) {
      expect(
        copied.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, '')}/`)),
      ).toBe(true);
    }
  });

  it('carries the OCI labels, with the version of package.json', () => {
    const labels = instructions
      .filter(({ instruction }) => instruction === 'LABEL')
      .flatMap(({ args }) =>
        [...args.matchAll(/(org\.opencontainers\.image\.[a-z.]+)=/g)].map((match) => match[1]),
      );
    expect(labels.sort()).toEqual(
      [
        'org.opencontainers.image.base.name',
        'org.opencontainers.image.created',
        'org.opencontainers.image.description',
        'org.opencontainers.image.licenses',
        'org.opencontainers.image.revision',
        'org.opencontainers.image.title',
        'org.opencontainers.image.version',
      ].sort(),
    );
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(instructions).toContainEqual({ instruction: 'ARG', args: `VERSION=${version}` });
  });
});
