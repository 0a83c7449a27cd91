import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import { PAGE_HEADERS } from './page-headers';
import { HttpError, notServed, type Handler } from './router';

/**
 * The explorer web app (web/, built by `npm run build` into dist/web): its files for any GET that no other
 * route takes. Vite's hashed files under /assets/ are cached for a year; index.html is revalidated every time
 * (so a new build is picked up at once). A path that is no file falls back to index.html for a browser (the
 * app's own routes); an API client (no HTML in Accept) gets the usual 404 JSON.
 */
export function explorerFallback(dir: string): Handler {
  const root = normalize(dir + sep);

  const isFile = (path: string) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };

  const serve = (req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string) =>
    new Promise<void>((resolve, reject) => {
      res.once('close', resolve);
      send(req, file, { cacheControl: false, dotfiles: 'deny' })
        .on('headers', (response: ServerResponse) => {
          response.setHeader('cache-control', cacheControl);
          // The page's Content-Security-Policy: no inline script, nothing from elsewhere (page-headers.ts).
          for (const [header, value] of Object.entries(PAGE_HEADERS)) response.setHeader(header, value);
        })
        .on('error', reject)
        .pipe(res);
    });

  return (req, res, { path }) => {
    let relative: string;
    try {
      relative = decodeURIComponent(path);
    } catch {
      throw notServed(path);
    }
    const file = normalize(join(root, relative));
    if (file.startsWith(root) && !relative.includes('\0') && path !== '/' && isFile(file)) {
      const hashed = path.startsWith('/assets/');
      return serve(req, res, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const index = join(root, 'index.html');
    const wantsHtml = new Negotiator(req).mediaType(['application/json', 'text/html']) === 'text/html';
    if (path.startsWith('/assets/') || !(wantsHtml || path === '/')) throw notServed(path);
    if (!isFile(index)) {
      throw new HttpError(404, 'NOT_FOUND', 'The explorer is not built: run `npm run build` (EXPLORER_DIR)');
    }
    return serve(req, res, index, 'no-cache');
  };
}
