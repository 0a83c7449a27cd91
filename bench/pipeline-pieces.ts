import 'reflect-metadata';
import { HeaderMap, type ApolloServerPlugin, type HTTPGraphQLRequest } from '@apollo/server';
import type { Context } from '../src/common/context';
import { VALIDATED_NAMES } from './traits.bench';
import { median, startBenchService } from './service';

/**
 * `npm run build && node dist/bench/pipeline-pieces.js`: CPU µs of each piece of the GraphQL pipeline, in this
 * process with no HTTP and no concurrency (one call after another, N each, default 20,000, median of RUNS,
 * default 5): making a request's context, Apollo's `executeHTTPGraphQLRequest` with a context made already, and
 * the same with each plugin taken out of Apollo's list in turn (its cost is the difference). For `{ __typename }`
 * and validateTraits of 10 names (2 unknown: one query to the database, whose wait is not CPU).
 */
async function main(): Promise<void> {
  const { app } = await startBenchService(process.env.LOG_LEVEL || 'warn');
  const n = Number(process.env.N ?? 20000);
  const runs = Number(process.env.RUNS ?? 5);
  const cpu = async (count: number, work: () => Promise<unknown>) => {
    const before = process.cpuUsage();
    for (let index = 0; index < count; index += 1) await work();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / count;
  };
  const headers = { host: '127.0.0.1', 'content-type': 'application/json', connection: 'keep-alive' };
  const internals = (app.apollo as unknown as { internals: { plugins: ApolloServerPlugin<Context>[] } })
    .internals;
  const plugins = [...internals.plugins];
  const rows: Record<string, string | number>[] = [];
  const bodies: [string, unknown, number][] = [
    ['{ __typename }', { query: '{ __typename }' }, n],
    [
      'validateTraits of 10 names',
      {
        query: 'query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }',
        variables: { names: VALIDATED_NAMES },
      },
      Math.round(n / 4),
    ],
  ];
  try {
    const contextUs: number[] = [];
    for (let run = 0; run < runs; run += 1) contextUs.push(await cpu(n, () => app.contextFor(headers)));
    rows.push({
      piece: 'context (identity, logger child, loaders)',
      µs: Number(median(contextUs).toFixed(1)),
    });
    for (const [name, body, count] of bodies) {
      const context = await app.contextFor(headers);
      const run = () => {
        const httpGraphQLRequest: HTTPGraphQLRequest = {
          method: 'POST',
          headers: new HeaderMap(Object.entries(headers)),
          search: '',
          body,
        };
        return app.apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest,
          context: () => Promise.resolve(context),
        });
      };
      // Every plugin, none, and each one left out, interleaved run after run.
      const variants: [string, ApolloServerPlugin<Context>[]][] = [
        ['every plugin', plugins],
        ...(process.env.ABLATE === '0' ? [] : [['no plugin', []] as [string, ApolloServerPlugin<Context>[]]]),
        // ABLATE=0: every plugin only (A/B of two builds).
        ...(process.env.ABLATE === '0' ? [] : plugins).map(
          (plugin, index): [string, ApolloServerPlugin<Context>[]] => [
            `plugin ${index}: ${[
              (plugin as { __internal_plugin_id__?: string }).__internal_plugin_id__ ?? '',
              String(plugin.requestDidStart ?? '-')
                .replace(/\s+/g, ' ')
                .slice(0, 70),
            ].join(' ')}`,
            plugins.filter((other) => other !== plugin),
          ],
        ),
      ];
      const us = variants.map(() => [] as number[]);
      internals.plugins = plugins;
      await cpu(count, run);
      for (let round = 0; round < runs; round += 1) {
        for (const [index, [, list]] of variants.entries()) {
          internals.plugins = list;
          us[index].push(await cpu(count, run));
        }
      }
      const all = median(us[0]);
      for (const [index, [label]] of variants.entries()) {
        const value = median(us[index]);
        rows.push({
          piece: `${name}: ${index < 2 ? label : `${label} (every plugin minus without it)`}`,
          µs: Number((index < 2 ? value : all - value).toFixed(1)),
          runs: us[index].map((each) => each.toFixed(1)).join(' '),
        });
      }
      internals.plugins = plugins;
    }
  } finally {
    internals.plugins = plugins;
    await app.stop();
  }
  console.table(rows);
  process.stderr.write(`${JSON.stringify(rows)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
