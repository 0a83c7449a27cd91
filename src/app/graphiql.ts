import { dirname, join } from 'node:path';
import express, { type Request, type Router } from 'express';

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
    <script>
      const fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
      const defaultQuery = '# Welcome to metacatalog.\\n{\\n  resourceTypes { name }\\n  namespaces(first: 10) { totalCount nodes { name displayName visibility } }\\n}\\n';
      ReactDOM.createRoot(document.getElementById('graphiql')).render(
        React.createElement(GraphiQL, { fetcher, defaultQuery, defaultEditorToolsVisibility: true }),
      );
    </script>
  </body>
</html>`;

/** A browser's GET (it accepts HTML and sends no query) gets the GraphiQL page instead of a GraphQL answer. */
export function wantsGraphiql(req: Request): boolean {
  return (
    req.method === 'GET' &&
    req.query.query === undefined &&
    req.accepts(['application/json', 'text/html']) === 'text/html'
  );
}

export function graphiqlRouter(): Router {
  const router = express.Router();
  router.get('/graphiql/assets/:file', (req, res) => {
    const file = ASSETS[req.params.file];
    if (!file) {
      res.status(404).end();
      return;
    }
    res.sendFile(file, { maxAge: '1d', immutable: true });
  });
  return router;
}

export const graphiqlPage = PAGE;
