import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * GraphiQL 5 (with the query builder of @graphiql/plugin-explorer), built into dist/graphiql, which the service
 * serves at GET /graphql to browsers (src/http/graphiql.ts: the page from graphiql.html with its settings, the
 * files under /graphiql/assets/). A build of its own: the explorer's bundle does not carry Monaco.
 */
export default defineConfig({
  root: __dirname,
  base: './',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/graphiql',
    emptyOutDir: true,
    // Monaco and GraphiQL are large: a page that developers open, cached for a year (hashed names).
    chunkSizeWarningLimit: 5000,
    rollupOptions: { input: join(__dirname, 'graphiql.html') },
  },
  worker: { format: 'es' },
});
