import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The explorer web app, built into dist/web, which the service serves at `/` (src/http/explorer.ts).
 * `base: './'`: asset URLs are relative, so the app also works behind a path-prefix proxy.
 */
export default defineConfig({
  root: __dirname,
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  // ws: subscriptions (graphql-ws) upgrade the same path.
  server: { proxy: { '/graphql': { target: 'http://127.0.0.1:4000', ws: true } } },
});
