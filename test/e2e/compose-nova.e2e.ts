import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startMetacatalogServer, type ServerProcess } from '../support/processes';

/**
 * Compose with the definitions generated from Nova (the default seeds, nothing loaded by hand), in Chromium
 * against `metacatalog serve` from the build: placeholders of parameterized keys, deprecated keys and their
 * replacement, a complete namespace's suggestions, which definition the server follows, and the "Follows"
 * choice kept across a reload.
 */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

let dataDir: string;
let starting: Promise<ServerProcess> | undefined;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let base: string;

async function seed(query: string, variables: Record<string, unknown> = {}) {
  const result = await server.gql(query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);
  }
  dataDir = mkdtempSync(join(tmpdir(), 'compose-nova-e2e-'));
  starting = startMetacatalogServer({ built: true, env: { DATA_DIR: dataDir } });
  server = await starting;
  base = server.url.replace(/graphql$/, '');
  // A second definition of hw:serial_port_count beside Nova's, and a flavor that carries the key.
  await seed(
    `mutation ($properties: JSON) {
      limits: createNamespace(input: { name: "E2E::Limits", displayName: "E2E limits", visibility: PUBLIC,
        resourceTypeAssociations: [{ name: "OS::Nova::Flavor", prefix: "hw:" }],
        properties: [{ name: "serial_port_count", title: "Serial ports (capped)", type: INTEGER, maximum: 8 }] }) {
        name
      }
      flavor: createResource(input: { resourceType: "OS::Nova::Flavor", name: "m1.nova", properties: $properties }) {
        uuid
      }
    }`,
    { properties: { 'hw:serial_port_count': '2' } },
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(120_000);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await starting?.then(
    (started) => started.stop(),
    () => undefined,
  );
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const expectText = (locator: Locator, text: string | RegExp) =>
  locator.filter({ hasText: text }).first().waitFor();
const draft = () => page.getByRole('region', { name: 'Draft' });
const row = (key: string) => draft().getByRole('listitem', { name: key, exact: true });
const tree = () => page.getByRole('region', { name: 'Available definitions' });

async function openCompose() {
  await page.goto(`${base}#compose`);
  await page.getByLabel('Resource type').selectOption('OS::Nova::Flavor');
}

/** Clears the draft: every row removed, one at a time (each removal re-renders the list). */
async function clearDraft() {
  const remove = draft().getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) await remove.first().click();
}

it('placeholders: a parameterized key is added once its placeholders are of their kind, and checked as Nova checks it', async () => {
  await openCompose();
  await tree().getByLabel('Filter definitions').fill('numa_cpus');
  await tree().getByRole('button', { name: 'Add hw:numa_cpus.{num} from Nova extra specs: hw' }).click();
  const picker = tree().getByRole('form', { name: 'Placeholders of hw:numa_cpus.{num}' });
  const num = picker.getByLabel('num of hw:numa_cpus.{num}');
  await num.fill('x');
  await expectText(picker.getByRole('alert'), 'must be a whole number');
  expect(await picker.getByRole('button', { name: /^Add/ }).isDisabled()).toBe(true);
  await num.fill('0');
  await expectText(picker.getByLabel('Key made from hw:numa_cpus.{num}'), 'hw:numa_cpus.0');
  expect(await picker.getByRole('alert').count()).toBe(0);
  await picker.getByRole('button', { name: 'Add hw:numa_cpus.0' }).click();
  await expectText(row('hw:numa_cpus.0'), /Follows Nova extra specs: hw/);
  // The pattern stays offered: another NUMA node's key can be added from it.
  expect(
    await tree().getByRole('button', { name: 'Add hw:numa_cpus.{num} from Nova extra specs: hw' }).count(),
  ).toBe(1);

  // Two placeholders, a request group and a resource class; the value then checked by the server.
  await tree().getByLabel('Filter definitions').fill('resources{group}');
  await tree()
    .getByRole('button', { name: 'Add resources{group}:{resource_class} from Nova extra specs: resources' })
    .click();
  const resources = tree().getByRole('form', { name: 'Placeholders of resources{group}:{resource_class}' });
  await resources.getByLabel('group of resources{group}:{resource_class}').fill('1');
  await resources.getByLabel('resource_class of resources{group}:{resource_class}').fill('vcpu');
  await expectText(resources.getByRole('alert'), /resource class/);
  await resources.getByLabel('resource_class of resources{group}:{resource_class}').fill('VCPU');
  await resources.getByRole('button', { name: 'Add resources1:VCPU' }).click();
  await page.getByLabel('Value of resources1:VCPU').fill('-1');
  await row('resources1:VCPU').getByRole('alert').first().waitFor();
  await page.getByLabel('Value of resources1:VCPU').fill('2');
  await page.getByLabel('Value of hw:numa_cpus.0').fill('0-1');
  await expectText(page.getByLabel('Validation'), 'Valid for OS::Nova::Flavor');

  // A trait the catalog does not know: the server refuses the key, naming it.
  await tree().getByLabel('Filter definitions').fill('trait{group}');
  await tree().getByRole('button', { name: 'Add trait{group}:{trait} from Nova extra specs: trait' }).click();
  const trait = tree().getByRole('form', { name: 'Placeholders of trait{group}:{trait}' });
  await trait.getByLabel('trait of trait{group}:{trait}').fill('HW_NOPE');
  await trait.getByRole('button', { name: 'Add trait:HW_NOPE' }).click();
  await expectText(row('trait:HW_NOPE').getByRole('alert'), /HW_NOPE/);
  await expectText(page.getByLabel('Validation'), /Not valid/);
  await page.screenshot({ path: join(tmpdir(), 'compose-nova-placeholders.png'), fullPage: true });
  await clearDraft();
});

it('deprecation: the tree and the row mark a deprecated key, the server warns, the replacement is one click', async () => {
  await openCompose();
  await tree().getByLabel('Filter definitions').fill('hide_hypervisor_id');
  const item = tree()
    .locator('li.tree-item')
    .filter({ has: page.locator('code', { hasText: /^hide_hypervisor_id$/ }) });
  await expectText(item.locator('.badge'), 'deprecated');
  await item.getByRole('button', { name: /^Add hide_hypervisor_id/ }).click();
  const note = row('hide_hypervisor_id').getByLabel('Deprecation of hide_hypervisor_id');
  await expectText(note, /Deprecated.*Use hw:hide_hypervisor_id instead/);
  // The server's verdict: valid, with a warning (not an error).
  await expectText(row('hide_hypervisor_id').getByRole('status'), /deprecated/i);
  await expectText(page.getByLabel('Validation'), 'Valid for OS::Nova::Flavor');
  await note.getByRole('button', { name: 'Use hw:hide_hypervisor_id' }).click();
  await expectText(row('hw:hide_hypervisor_id'), /Follows Nova extra specs: hw/);
  expect(await row('hide_hypervisor_id').count()).toBe(0);
  expect(await row('hw:hide_hypervisor_id').getByRole('status').count()).toBe(0);
  await clearDraft();
});

it('a complete namespace refuses a misspelt key and suggests the one meant; picking it renames the row', async () => {
  await openCompose();
  const custom = page.getByRole('form', { name: 'Custom key' });
  await custom.getByLabel('Custom key').fill('hw:cpu_polciy');
  await custom.getByRole('button', { name: 'Add key' }).click();
  await page.getByLabel('Value of hw:cpu_polciy').fill('dedicated');
  const suggestions = row('hw:cpu_polciy').getByRole('group', { name: 'Suggestions for hw:cpu_polciy' });
  await suggestions.getByRole('button', { name: 'hw:cpu_policy' }).click();
  await expectText(row('hw:cpu_policy'), /Follows Nova extra specs: hw/);
  expect(await page.getByLabel('Value of hw:cpu_policy').inputValue()).toBe('dedicated');
  await expectText(page.getByLabel('Validation'), 'Valid for OS::Nova::Flavor');
  await clearDraft();
});

it('Follows: the definition chosen for a key survives a reload of the page and of the resource; the server’s own choice is shown', async () => {
  await openCompose();
  await page.getByLabel('Resource', { exact: true }).selectOption({ label: 'm1.nova' });
  const follows = page.getByLabel('Definition of hw:serial_port_count');
  await follows.waitFor();
  await follows.selectOption({ label: 'E2E limits' });
  // Which one validateMetadata follows: Nova's complete namespace decides for its keys.
  await expectText(
    row('hw:serial_port_count').getByLabel('Verdict of hw:serial_port_count'),
    /validateMetadata follows Nova extra specs: hw: its complete namespace decides.*not E2E limits/,
  );
  await page.reload();
  await expectText(row('hw:serial_port_count'), /Serial ports \(capped\)/);
  expect(await follows.locator('option:checked').textContent()).toBe('E2E limits');
  await draft()
    .getByRole('button', { name: 'Reload m1.nova' })
    .or(page.getByRole('button', { name: 'Reload m1.nova' }))
    .first()
    .click();
  await expectText(row('hw:serial_port_count'), /Serial ports \(capped\)/);
  expect(await follows.locator('option:checked').textContent()).toBe('E2E limits');
  // A value above the chosen definition's maximum is this row's problem, though Nova's definition allows it.
  await page.getByLabel('Value of hw:serial_port_count').fill('12');
  await expectText(row('hw:serial_port_count').getByRole('alert'), 'must be ≤ 8');
});
