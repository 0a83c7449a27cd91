import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import type { AuthMode, Config } from '../config';
import { HttpError, type Route } from './http';

/**
 * GraphiQL from the project's own dependencies (graphiql 3 with React 18 UMD builds): no CDN, so it works
 * in clouds without internet access.
 */
const ASSETS: Record<string, string> = {
  'react.production.min.js': join(
    dirname(require.resolve('react/package.json')),
    'umd/react.production.min.js',
  ),
  'react-dom.production.min.js': join(
    dirname(require.resolve('react-dom/package.json')),
    'umd/react-dom.production.min.js',
  ),
  'graphiql.min.js': join(dirname(require.resolve('graphiql/package.json')), 'graphiql.min.js'),
  'graphiql.min.css': join(dirname(require.resolve('graphiql/package.json')), 'graphiql.min.css'),
  // graphql-ws's browser build: GraphiQL runs subscriptions through its client (global `graphqlWs`).
  'graphql-ws.min.js': join(dirname(require.resolve('graphql-ws/package.json')), 'umd/graphql-ws.min.js'),
};

/** Where the assets are served; the page names them relative to itself (see graphiqlPage). */
const ASSETS_PATH = '/graphiql/assets/';

/** What the page tells a user about identity in each AUTH_MODE (the first lines of its default query). */
const AUTH_HINTS: Record<AuthMode, string[]> = {
  none: ['AUTH_MODE=none: every request acts as an', 'admin of project "default".'],
  headers: [
    'AUTH_MODE=headers: X-Project-Id, X-User-Id',
    'and X-Roles give the identity, believed only',
    'from the authenticating proxy. The Headers',
    'tab below holds what this page sends',
    '(GRAPHIQL_HEADERS); after editing it, press',
    'Shift+Ctrl+R to reload the schema and Docs.',
  ],
  jwt: [
    'AUTH_MODE=jwt: in the Headers tab below enter',
    '{"Authorization": "Bearer <your token>"}',
    'then press Shift+Ctrl+R to load the schema',
    'and the Docs.',
  ],
  keystone: [
    'AUTH_MODE=keystone: in the Headers tab below',
    'enter {"X-Auth-Token": "<token>"}',
    '(openstack token issue -f value -c id),',
    'then press Shift+Ctrl+R to load the schema',
    'and the Docs.',
  ],
};

/** JSON that is safe inside a <script> element (no "</script>", no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The GraphiQL page for this configuration. Its URLs are relative (the page is `…/graphql`, its assets
 * `…/graphiql/assets/…`, its endpoint its own path), so it works behind a proxy that serves the service under a
 * path prefix. The configured headers pre-fill the Headers tab, which GraphiQL sends with every request,
 * introspection included; they are not persisted in the browser.
 */
export function graphiqlPage(config: Pick<Config, 'authMode' | 'graphiqlHeaders'>): string {
  const settings = {
    identityHeaders: config.authMode !== 'none',
    headers: Object.keys(config.graphiqlHeaders).length
      ? JSON.stringify(config.graphiqlHeaders, null, 2)
      : '',
    defaultQuery: [
      '# Welcome to metacatalog. Docs (left)',
      '# describes every type, field and argument.',
      ...AUTH_HINTS[config.authMode].map((line) => `# ${line}`),
      '{',
      '  resourceTypes { name }',
      '  namespaces(first: 10) { totalCount nodes { name displayName visibility } }',
      '}',
      '',
    ].join('\n'),
  };
  const asset = (name: string) => `${ASSETS_PATH.slice(1)}${name}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>metacatalog · GraphiQL</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="stylesheet" href="${asset('graphiql.min.css')}" />
    <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
    <script id="graphiql-settings" type="application/json">${scriptJson(settings)}</script>
    <script src="${asset('react.production.min.js')}"></script>
    <script src="${asset('react-dom.production.min.js')}"></script>
    <script src="${asset('graphiql.min.js')}"></script>
    <script src="${asset('graphql-ws.min.js')}"></script>
    <script>
      const settings = JSON.parse(document.getElementById('graphiql-settings').textContent);
      // Queries and mutations over HTTP; subscriptions over graphql-ws on the same path (WebSocket upgrade).
      const wsUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + location.pathname;
      const fetcher = GraphiQL.createFetcher({
        url: window.location.pathname,
        wsClient: graphqlWs.createClient({ url: wsUrl, lazy: true }),
      });
      ReactDOM.createRoot(document.getElementById('graphiql')).render(
        React.createElement(GraphiQL, {
          fetcher,
          defaultQuery: settings.defaultQuery,
          defaultHeaders: settings.headers,
          headers: settings.headers || undefined,
          shouldPersistHeaders: false,
          visiblePlugin: 'Documentation Explorer',
          defaultEditorToolsVisibility: settings.identityHeaders ? 'headers' : true,
        }),
      );
    </script>
  </body>
</html>`;
}

/** A browser's GET or HEAD (it prefers HTML, sends no query) gets GraphiQL instead of a GraphQL answer. */
export function wantsGraphiql(req: IncomingMessage, search: string): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !new URLSearchParams(search).has('query') &&
    new Negotiator(req).mediaType(['application/json', 'text/html']) === 'text/html'
  );
}

/** GraphiQL's scripts and styles, cached by browsers for a day (they change only with the package). */
export function graphiqlAssetsRoute(): Route {
  return {
    path: ASSETS_PATH,
    prefix: true,
    methods: {
      GET(req, res, { path }) {
        const file = ASSETS[path.slice(ASSETS_PATH.length)];
        if (!file) throw new HttpError(404, 'NOT_FOUND', `No GraphiQL asset at ${path.slice(0, 200)}`);
        return new Promise<void>((resolve, reject) => {
          res.once('close', resolve);
          send(req, file, { maxAge: '1d', immutable: true }).on('error', reject).pipe(res);
        });
      },
    },
  };
}
