import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, unique, type TestApp } from './support/test-app';

/**
 * HTTP basics (issue 19 point 6): compression negotiated by Accept-Encoding, security headers on the explorer
 * and GraphiQL, Cache-Control and ETag on GET queries (304 on If-None-Match), automatic persisted queries.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (compressed or not). */
  wire: Buffer;
  /** The body, decompressed as Content-Encoding says. */
  text: string;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const plain =
            encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            wire,
            text: plain.toString('utf8'),
          });
        });
      })
      .on('error', reject);
  });
}

const IDENTITY = { 'x-project-id': 'p1', 'x-roles': 'admin', 'apollo-require-preflight': 'true' };
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** An answer well over the compression threshold: every type of the schema with its description. */
const BIG = `/graphql?query=${encodeURIComponent('{ __schema { types { name description } } }')}`;
const SMALL = `/graphql?query=${encodeURIComponent('{ __typename }')}`;

function fakeBuilds() {
  const dir = mkdtempSync(join(tmpdir(), 'http-basics-'));
  mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'graphiql', 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'web', 'index.html'),
    '<!doctype html><title>metacatalog explorer</title><div id="root">',
  );
  writeFileSync(
    join(dir, 'web', 'assets', 'index-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  writeFileSync(
    join(dir, 'graphiql', 'graphiql.html'),
    '<!doctype html><html><head><script type="module" src="./assets/graphiql-Ab12Cd34.js"></script></head><body></body></html>',
  );
  writeFileSync(
    join(dir, 'graphiql', 'assets', 'graphiql-Ab12Cd34.js'),
    `console.log(${JSON.stringify('y'.repeat(5000))});`,
  );
  return dir;
}

describe('HTTP basics', () => {
  let t: TestApp;
  let base: string;
  const dir = fakeBuilds();

  beforeAll(async () => {
    t = await startTestApp({ EXPLORER_DIR: join(dir, 'web'), GRAPHIQL_DIR: join(dir, 'graphiql') });
    base = (await t.app.listen(0, '127.0.0.1')).replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('compression', () => {
    it('brotli when the client takes it, gzip when only that, none when neither; same answer each way', async () => {
      const plain = await get(base, BIG, IDENTITY);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.wire.length).toBeGreaterThan(4096);

      const br = await get(base, BIG, { ...IDENTITY, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.text).toBe(plain.text);
      expect(br.wire.length).toBeLessThan(plain.wire.length / 2);

      const gzip = await get(base, BIG, { ...IDENTITY, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.text).toBe(plain.text);
      expect(gzip.wire.length).toBeLessThan(plain.wire.length / 2);
    });

    it('leaves an answer under the threshold as it is', async () => {
      const small = await get(base, SMALL, { ...IDENTITY, 'accept-encoding': 'gzip, br' });
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.text)).toEqual({ data: { __typename: 'Query' } });
    });

    it('compresses POST answers and the static files of the explorer and GraphiQL', async () => {
      const post = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...IDENTITY, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: JSON.stringify({ query: '{ __schema { types { name description } } }' }),
      });
      expect(post.headers.get('content-encoding')).toBe('gzip');
      const body = (await post.json()) as { data: { __schema: { types: unknown[] } } };
      expect(body.data.__schema.types.length).toBeGreaterThan(10);
      for (const path of ['/assets/index-Ab12Cd34.js', '/graphiql/assets/graphiql-Ab12Cd34.js']) {
        const file = await get(base, path, { 'accept-encoding': 'br' });
        expect({ path, status: file.status, encoding: file.headers['content-encoding'] }).toEqual({
          path,
          status: 200,
          encoding: 'br',
        });
        expect(file.text).toMatch(/^console\.log\("(x|y){5000}"\);$/);
        expect(file.headers['cache-control']).toMatch(/max-age=31536000/);
      }
    });

    it("keeps GraphiQL's scripts compressed: the same bytes each time, the file's headers, a new build anew", async () => {
      const path = '/graphiql/assets/graphiql-Ab12Cd34.js';
      const first = await get(base, path, { 'accept-encoding': 'gzip, br' });
      const again = await get(base, path, { 'accept-encoding': 'gzip, br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(again.wire.equals(first.wire)).toBe(true);
      expect(first.text).toBe(`console.log(${JSON.stringify('y'.repeat(5000))});`);
      expect(Number(first.headers['content-length'])).toBe(first.wire.length);
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.headers['content-security-policy']).toMatch(/script-src 'self'/);
      const plain = await get(base, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // One file, one validator, however it is encoded: a browser's revalidation gets 304.
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(first.headers['last-modified']).toBe(plain.headers['last-modified']);
      const revalidated = await get(base, path, {
        'accept-encoding': 'br',
        'if-none-match': String(first.headers.etag),
      });
      expect(revalidated.status).toBe(304);
      expect((await get(base, path, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
      const part = await get(base, path, { range: 'bytes=0-10' });
      expect({ status: part.status, text: part.text }).toEqual({ status: 206, text: 'console.log' });

      // The same name with other contents (a rebuild in place): compressed afresh.
      writeFileSync(
        join(dir, 'graphiql', 'assets', 'graphiql-Ab12Cd34.js'),
        `console.log(${JSON.stringify('z'.repeat(6000))});`,
      );
      const rebuilt = await get(base, path, { 'accept-encoding': 'br' });
      expect(rebuilt.text).toBe(`console.log(${JSON.stringify('z'.repeat(6000))});`);
    });
  });

  describe('security headers', () => {
    it.each([
      ['the explorer', '/'],
      ['an explorer route', '/namespaces'],
      ['an explorer asset', '/assets/index-Ab12Cd34.js'],
      ['GraphiQL', '/graphql'],
      ['a GraphiQL asset', '/graphiql/assets/graphiql-Ab12Cd34.js'],
    ])('%s (%s): no framing, no sniffing, no referrer to other sites, a CSP', async (_what, path) => {
      const page = await get(base, path, HTML);
      expect(page.status).toBe(200);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    });

    it('JSON answers are nosniff too', async () => {
      for (const path of [SMALL, '/health/live', '/nope']) {
        expect((await get(base, path, IDENTITY)).headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });

  describe('Cache-Control and ETag on GET queries', () => {
    it('a GET answer may be kept by the browser only and revalidated: 304 while it has not changed', async () => {
      const first = await get(base, SMALL, IDENTITY);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const tag = first.headers.etag!;
      expect(tag).toMatch(/^W\/"/);
      const again = await get(base, SMALL, { ...IDENTITY, 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.wire.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      const other = await get(base, SMALL, { ...IDENTITY, 'if-none-match': 'W/"something-else"' });
      expect(other.status).toBe(200);
      expect(JSON.parse(other.text)).toEqual({ data: { __typename: 'Query' } });
    });

    it('a change gives a new ETag: the stale one gets the new answer', async () => {
      const name = unique('Etag');
      const path = `/graphql?query=${encodeURIComponent(`{ namespace(name: "${name}") { name } }`)}`;
      const before = await get(base, path, IDENTITY);
      expect(JSON.parse(before.text)).toEqual({ data: { namespace: null } });
      // Served again (from the answer cache, its tag kept with its bytes): the same tag, still 304.
      for (let i = 0; i < 2; i += 1) {
        const kept = await get(base, path, { ...IDENTITY, 'if-none-match': before.headers.etag! });
        expect({ status: kept.status, etag: kept.headers.etag }).toEqual({
          status: 304,
          etag: before.headers.etag,
        });
      }
      await t.ok(`mutation ($name: String!) { createNamespace(input: { name: $name }) { name } }`, { name });
      const after = await get(base, path, { ...IDENTITY, 'if-none-match': before.headers.etag! });
      expect(after.status).toBe(200);
      expect(JSON.parse(after.text)).toEqual({ data: { namespace: { name } } });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('an error answer to a GET is not kept; POST answers carry no ETag', async () => {
      const bad = await get(base, `/graphql?query=${encodeURIComponent('{ nope }')}`, IDENTITY);
      expect(bad.status).toBe(400);
      expect(bad.headers['cache-control']).toBe('no-store');
      expect(bad.headers.etag).toBeUndefined();
      const post = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...IDENTITY, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(post.headers.get('etag')).toBeNull();
    });
  });

  it('automatic persisted queries: the hash alone once the query is known, over GET with an ETag', async () => {
    const query = '{ resourceTypes { name } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }));
    const unknown = await get(base, `/graphql?extensions=${extensions}`, IDENTITY);
    expect(JSON.parse(unknown.text).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await get(
      base,
      `/graphql?query=${encodeURIComponent(query)}&extensions=${extensions}`,
      IDENTITY,
    );
    expect(registered.status).toBe(200);
    const known = await get(base, `/graphql?extensions=${extensions}`, IDENTITY);
    expect(known.status).toBe(200);
    expect(known.text).toBe(registered.text);
    expect(JSON.parse(known.text).data.resourceTypes).toEqual(expect.any(Array));
    const revalidated = await get(base, `/graphql?extensions=${extensions}`, {
      ...IDENTITY,
      'if-none-match': known.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
  });
});
