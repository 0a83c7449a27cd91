import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import { GraphiQL } from 'graphiql';
import 'graphiql/setup-workers/vite';
import { createClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';
import './page.css';

/**
 * GraphiQL 5 for metacatalog, built by Vite with the project (no CDN: it works without internet access) and
 * served by the service at GET /graphql to browsers (src/app/graphiql.ts), which puts the page's settings in a
 * JSON block (no inline script: the page runs under a Content-Security-Policy without 'unsafe-inline').
 */
interface PageSettings {
  identityHeaders: boolean;
  /** The configured headers (GRAPHIQL_HEADERS) as JSON text, '' when none. */
  headers: string;
  defaultQuery: string;
}

const settings = JSON.parse(
  document.getElementById('graphiql-settings')?.textContent ?? '{}',
) as PageSettings;

// Queries and mutations over HTTP to the page's own path; subscriptions over graphql-ws on the same path.
const wsUrl = new URL(window.location.pathname, window.location.href);
wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
const fetcher = createGraphiQLFetcher({
  url: window.location.pathname,
  wsClient: createClient({ url: wsUrl.toString(), lazy: true }),
});

/**
 * What GraphiQL keeps (tabs, queries, headers) lives in this tab's sessionStorage: headers typed once stay
 * across reloads, and are gone when the tab closes (they may hold a token).
 */
const storage = window.sessionStorage;

const plugins = [explorerPlugin()];

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      plugins={plugins}
      storage={storage}
      defaultQuery={settings.defaultQuery}
      defaultHeaders={settings.headers || undefined}
      shouldPersistHeaders
      defaultEditorToolsVisibility={settings.identityHeaders ? 'headers' : true}
    />
  </StrictMode>,
);
