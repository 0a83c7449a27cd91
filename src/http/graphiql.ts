import { readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import type { AuthMode, Config } from '../config';
import { PAGE_HEADERS } from './page-headers';
import { precompressedFiles } from './precompressed';
import { HttpError, type Route } from './router';

/** Where the assets are served; the page names them relative to itself (see graphiqlPage). */
const ASSETS_PATH = '/graphiql/assets/';

/** What the page tells a user about identity in each AUTH_MODE (the first lines of its default query). */
const AUTH_HINTS: Record<AuthMode, string[]> = {
  noauth2: [
    'AUTH_MODE=noauth2: in the Headers tab below',
    'enter {"X-Auth-Token": "admin"} (an admin) or',
    'a user[:project] with X-Roles, then press',
    'Shift+Ctrl+R to load the schema and Docs.',
  ],
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
 * The GraphiQL page for this configuration: GraphiQL 5 as Vite built it (`npm run build`: web/graphiql.html into
 * GRAPHIQL_DIR, by default dist/graphiql), its settings in a JSON block that its script reads (no inline script:
 * the page runs under PAGE_HEADERS' Content-Security-Policy). Its URLs are relative (the page is `…/graphql`,
 * its files `…/graphiql/assets/…`, its endpoint its own path), so it works behind a proxy that serves the
 * service under a path prefix. The configured headers pre-fill the Headers tab, which GraphiQL sends with every
 * request, introspection included; what a user types there is kept for the tab's session (sessionStorage).
 */
export function graphiqlPage(config: Pick<Config, 'auth' | 'graphiql'>): string {
  const settings = {
    identityHeaders: config.auth.mode !== 'none',
    headers: Object.keys(config.graphiql.headers).length
      ? JSON.stringify(config.graphiql.headers, null, 2)
      : '',
    defaultQuery: [
      '# Welcome to metacatalog. Docs (left)',
      '# describes every type, field and argument;',
      '# the explorer (left) builds queries by clicks.',
      ...AUTH_HINTS[config.auth.mode].map((line) => `# ${line}`),
      '{',
      '  resourceTypes { name }',
      '  namespaces(first: 10) { totalCount nodes { name displayName visibility } }',
      '}',
      '',
    ].join('\n'),
  };
  let html: string;
  try {
    html = readFileSync(join(config.graphiql.dir, 'graphiql.html'), 'utf8');
  } catch {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>metacatalog · GraphiQL</title></head>
<body><p>GraphiQL is not built here: run <code>npm run build</code> (GRAPHIQL_DIR: ${escapeHtml(config.graphiql.dir)}).</p></body></html>`;
  }
  const block = `<script id="graphiql-settings" type="application/json">${scriptJson(settings)}</script>`;
  return html
    .replace(/(src|href)="\.\/assets\//g, `$1="${ASSETS_PATH.slice(1)}`)
    .replace('</head>', () => `    ${block}\n  </head>`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** A browser's GET or HEAD (it prefers HTML, sends no query) gets GraphiQL instead of a GraphQL answer. */
export function wantsGraphiql(req: IncomingMessage, search: string): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !new URLSearchParams(search).has('query') &&
    new Negotiator(req).mediaType(['application/json', 'text/html']) === 'text/html'
  );
}

/** How browsers may keep GraphiQL's files: their names carry a hash of their contents. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GraphiQL's files (GRAPHIQL_DIR/assets): hashed names, cached by browsers for a year. Its scripts and styles
 * are compressed once per encoding and kept (precompressed.ts), not at every request.
 */
export function graphiqlAssetsRoute(dir: string): Route {
  const assets = join(dir, 'assets');
  const compressed = precompressedFiles();
  return {
    path: ASSETS_PATH,
    prefix: true,
    methods: {
      async GET(req, res, { path }) {
        const name = path.slice(ASSETS_PATH.length);
        const file = join(assets, name);
        // One file name of the build's folder: no path, no dot file.
        const stat = /^[\w-][\w.-]*$/.test(name) ? fileStat(file) : undefined;
        if (!stat) throw new HttpError(404, 'NOT_FOUND', `No GraphiQL asset at ${path.slice(0, 200)}`);
        const headers = { 'cache-control': ASSET_CACHE_CONTROL, ...PAGE_HEADERS };
        if (await compressed.serve(req, res, file, stat, headers)) return;
        return new Promise<void>((resolve, reject) => {
          res.once('close', resolve);
          send(req, file, { maxAge: '1y', immutable: true, dotfiles: 'deny' })
            .on('headers', (response: ServerResponse) => {
              for (const [header, value] of Object.entries(PAGE_HEADERS)) response.setHeader(header, value);
            })
            .on('error', reject)
            .pipe(res);
        });
      },
    },
  };
}

function fileStat(path: string): Stats | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}
