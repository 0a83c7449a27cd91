import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
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

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>metacatalog · GraphiQL</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="stylesheet" href="/graphiql/assets/graphiql.min.css" />
    <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
    <script src="/graphiql/assets/react.production.min.js"></script>
    <script src="/graphiql/assets/react-dom.production.min.js"></script>
    <script src="/graphiql/assets/graphiql.min.js"></script>
    <script src="/graphiql/assets/graphql-ws.min.js"></script>
    <script>
      // Queries and mutations over HTTP; subscriptions over graphql-ws on the same path (WebSocket upgrade).
      const wsUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + location.pathname;
      const fetcher = GraphiQL.createFetcher({
        url: window.location.pathname,
        wsClient: graphqlWs.createClient({ url: wsUrl, lazy: true }),
      });
      const defaultQuery = '# Welcome to metacatalog.\\n{\\n  resourceTypes { name }\\n  namespaces(first: 10) { totalCount nodes { name displayName visibility } }\\n}\\n';
      ReactDOM.createRoot(document.getElementById('graphiql')).render(
        React.createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolsVisibility: true }),
      );
    </script>
  </body>
</html>`;

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
    path: '/graphiql/assets/',
    prefix: true,
    methods: {
      GET(req, res, { path }) {
        const file = ASSETS[path.slice('/graphiql/assets/'.length)];
        if (!file) throw new HttpError(404, 'NOT_FOUND', `No GraphiQL asset at ${path.slice(0, 200)}`);
        return new Promise<void>((resolve, reject) => {
          res.once('close', resolve);
          send(req, file, { maxAge: '1d', immutable: true }).on('error', reject).pipe(res);
        });
      },
    },
  };
}

export const graphiqlPage = PAGE;
