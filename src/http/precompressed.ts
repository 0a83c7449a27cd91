import { readFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import etag from 'etag';
import Negotiator from 'negotiator';

/**
 * A built web app's files, compressed once per encoding instead of on every request (GraphiQL's Monaco bundle
 * alone is ~3 MB of JavaScript: brotli at each GET cost tens of milliseconds of CPU). The bytes are those the
 * compression layer (router.ts) would send: the same zlib settings (brotli quality 4, gzip's default level). A
 * file is known by its path, size and modification time, so a new build is compressed afresh.
 */

/** The types kept compressed, by extension, as `send` names them. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The compression layer's choice (compression's own lists: brotli preferred, then gzip). */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** At most this many compressed files are kept (a build has a few dozen; old builds' files fall out). */
const MAX_ENTRIES = 128;

/** Requests that `send` answers itself: parts of a file, or conditional (it answers 304 or 412 without a body). */
const SEND_HEADERS = [
  'range',
  'if-range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
];

export interface PrecompressedFiles {
  /**
   * Answers a whole-file GET of `file` with its compressed bytes and the headers `send` gives it (plus
   * `extraHeaders`) when the client takes brotli or gzip and the type is one kept compressed; else false, for
   * `send` and the compression layer to answer as usual.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    stat: Stats,
    headers: Record<string, string>,
  ): Promise<boolean>;
}

export function precompressedFiles(): PrecompressedFiles {
  const cache = new Map<string, Promise<Buffer>>();
  const compressed = (file: string, stat: Stats, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const key = `${encoding} ${stat.size} ${stat.mtimeMs} ${file}`;
    let bytes = cache.get(key);
    if (!bytes) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      bytes = readFile(file).then((plain) =>
        encoding === 'br'
          ? brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzip(plain),
      );
      cache.set(key, bytes);
      bytes.catch(() => cache.delete(key));
    }
    return bytes;
  };
  return {
    async serve(req, res, file, stat, headers) {
      const type = TYPES[extname(file)];
      if (!type || req.method !== 'GET' || SEND_HEADERS.some((name) => req.headers[name] !== undefined)) {
        return false;
      }
      // negotiator 1's signature (its @types are 0.6's).
      const negotiator = new Negotiator(req) as unknown as {
        encoding(available: string[], options: { preferred: string[] }): string | undefined;
      };
      const encoding = negotiator.encoding(SUPPORTED, { preferred: PREFERRED });
      if (encoding !== 'br' && encoding !== 'gzip') return false;
      const bytes = await compressed(file, stat, encoding);
      res.writeHead(200, {
        'accept-ranges': 'bytes',
        'last-modified': stat.mtime.toUTCString(),
        etag: etag(stat),
        'content-type': type,
        ...headers,
        // The compression layer sees it encoded already: it adds `Vary: Accept-Encoding` and leaves it as it is.
        'content-encoding': encoding,
        'content-length': bytes.length,
      });
      res.end(bytes);
      return true;
    },
  };
}
