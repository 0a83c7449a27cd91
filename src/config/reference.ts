/**
 * docs/configuration.md, written from the declarations of settings.ts (`metacatalog config-reference`): one table
 * per group. The tables are padded as prettier pads them, so the file passes `prettier --check` as written.
 */
import { MAX_INT } from './parse';
import { type Setting } from './setting';
import { SETTING_GROUPS, SETTINGS } from './settings';

const HEADER = ['variable', 'default', 'accepted', 'meaning'];

/** A Markdown table with every column as wide as its widest cell. */
function table(rows: string[][]): string[] {
  const widths = HEADER.map((_, column) =>
    Math.max(3, ...[HEADER, ...rows].map((row) => [...row[column]].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(HEADER), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

export function configurationReference(): string {
  const settings: Setting<unknown>[] = Object.values(SETTINGS);
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run config-reference` from src/config/settings.ts: change that file, not this one. -->',
    '',
    'Every setting is an environment variable, read once at start. A bad value stops the service (exit code 2) with a',
    'message naming the variable. An empty value counts as unset. Integers are plain digits within their bounds (at',
    `most ${MAX_INT}: timeouts up to that many ms); \`true\` and \`false\` may also be written \`1\` / \`0\`, \`yes\` / \`no\`,`,
    '`on` / `off`; URLs must parse.',
    '',
    "The OpenTelemetry SDK's own variables (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_EXPORTER_OTLP_HEADERS`,",
    '`OTEL_TRACES_SAMPLER`, `OTEL_BSP_*`, …) apply to traces as usual: [operations.md](operations.md#observability).',
  ];
  for (const group of SETTING_GROUPS) {
    const rows = settings
      .filter((setting) => setting.group === group)
      .map((setting) => [`\`${setting.name}\``, setting.shownDefault, setting.allowed, setting.meaning]);
    lines.push('', `## ${group.title}`, '', group.about, '', ...table(rows));
  }
  return `${lines.join('\n')}\n`;
}
