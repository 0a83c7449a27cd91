// Validates Kubernetes manifests against Kubernetes' JSON schemas (kubernetes-models, a dev dependency; the
// Prometheus Operator's kinds with @kubernetes-models/prometheus-operator):
// `node scripts/validate-manifests.mjs [file.yaml …]`, by default every manifest in deploy/kubernetes
// (kustomization.yaml aside). Prints one line per document; exits 1 if any is invalid or of an unknown kind.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'deploy', 'kubernetes');
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(folder)
        .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
        .map((file) => join(folder, file));

/** The package of each API group that is not Kubernetes' own (a custom resource's models). */
const CUSTOM_GROUPS = { 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };
const modelsOf = (apiVersion) => CUSTOM_GROUPS[apiVersion.split('/')[0]] ?? 'kubernetes-models';

let failed = false;
for (const file of files) {
  const name = relative(process.cwd(), file);
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (document.errors.length > 0) {
      console.log(`${name}: not YAML: ${document.errors[0].message}`);
      failed = true;
      continue;
    }
    const manifest = document.toJS();
    const { apiVersion, kind } = manifest ?? {};
    // kubernetes-models lays its models out by apiVersion: v1/Service, apps/v1/Deployment, policy/v1/…
    const model =
      typeof apiVersion === 'string' && typeof kind === 'string'
        ? await import(`${modelsOf(apiVersion)}/${apiVersion}/${kind}`).then(
            (module) => module[kind],
            () => undefined,
          )
        : undefined;
    if (!model) {
      console.log(`${name}: unknown apiVersion/kind ${apiVersion}/${kind}`);
      failed = true;
      continue;
    }
    try {
      new model(manifest).validate();
      console.log(`${name}: ${kind} ${manifest.metadata?.name}: valid`);
    } catch (error) {
      console.log(`${name}: ${kind} ${manifest.metadata?.name}: ${error.message}`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
