import type { Context } from '../common/context';
import { parse, type OperationDefinitionNode } from 'graphql';
import type { DataGroup } from '../common/module';
import {
  CatalogCache,
  KnownQueries,
  MAX_KNOWN_QUERIES,
  MAX_KNOWN_QUERY_BYTES,
  responseBytes,
  stringifyResult,
  type KnownOperation,
} from './catalog-cache';

/** The version rows as the database would answer them: the cache reads nothing else through the context. */
const atVersions = (catalog: string, traits = '1', providers = '1') =>
  ({
    db: {
      query: async () => [
        { name: 'catalog', version: catalog },
        { name: 'traits', version: traits },
        { name: 'providers', version: providers },
      ],
    },
  }) as unknown as Context;
const atVersion = (version: string) => atVersions(version);
const CATALOG: DataGroup[] = ['catalog'];

describe('CatalogCache', () => {
  it('keeps an answer with its text and bytes, and drops both when the version moves', async () => {
    const cache = new CatalogCache(10_000);
    const result = { data: { namespaces: { totalCount: 1 } } };
    const v1 = await cache.currentVersion(atVersion('1'), CATALOG);
    cache.set('k', CATALOG, v1, result);
    const text = stringifyResult({ errors: undefined, data: result.data, extensions: undefined });
    expect(text).toBe('{"data":{"namespaces":{"totalCount":1}}}\n');
    expect(cache.get('k', v1)).toBe(result);
    expect(Buffer.isBuffer(responseBytes(text))).toBe(true);
    const v2 = await cache.currentVersion(atVersion('2'), CATALOG);
    expect(cache.get('k', v2)).toBeUndefined();
    expect(responseBytes(text)).toBe(text);
  });

  it('keeps nothing of an answer larger than the cache, nor of one computed at an older version', async () => {
    const cache = new CatalogCache(100);
    const v5 = await cache.currentVersion(atVersion('5'), CATALOG);
    const large = { data: { text: 'x'.repeat(500) } };
    cache.set('large', CATALOG, v5, large);
    expect(cache.get('large', v5)).toBeUndefined();
    const largeText = JSON.stringify(large) + '\n';
    expect(responseBytes(largeText)).toBe(largeText);
    cache.set('old', CATALOG, 'catalog:4', { data: { a: 1 } });
    expect(cache.get('old', 'catalog:4')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the answers of a group whose version moved, and only those', async () => {
    const cache = new CatalogCache(10_000);
    const both: DataGroup[] = ['providers', 'traits'];
    const catalogAt = await cache.currentVersion(atVersions('1', '1', '1'), CATALOG);
    const traitsAt = await cache.currentVersion(atVersions('1', '1', '1'), ['traits']);
    const bothAt = await cache.currentVersion(atVersions('1', '1', '1'), both);
    expect(bothAt).toBe('providers:1,traits:1');
    cache.set('catalog', CATALOG, catalogAt, { data: { c: 1 } });
    cache.set('traits', ['traits'], traitsAt, { data: { t: 1 } });
    cache.set('both', both, bothAt, { data: { b: 1 } });
    expect(cache.size).toBe(3);
    // A provider write: the answers reading providers go, the catalog's and the traits' stay.
    expect(await cache.currentVersion(atVersions('1', '1', '2'), both)).toBe('providers:2,traits:1');
    expect(cache.size).toBe(2);
    expect(cache.get('catalog', catalogAt)).toEqual({ data: { c: 1 } });
    expect(cache.get('traits', traitsAt)).toEqual({ data: { t: 1 } });
    // An answer computed before the provider write is not kept under the old versions.
    cache.set('both', both, bothAt, { data: { b: 1 } });
    expect(cache.get('both', bothAt)).toBeUndefined();
  });

  it("shows each group's entries and bytes, kept right through replacement, eviction and drops", async () => {
    const cache = new CatalogCache(1_000);
    const both: DataGroup[] = ['providers', 'traits'];
    const at = await cache.currentVersion(atVersions('1', '1', '1'), both);
    const catalogAt = await cache.currentVersion(atVersions('1', '1', '1'), CATALOG);
    cache.set('both', both, at, { data: { b: 1 } });
    cache.set('both', both, at, { data: { b: 2 } }); // the same key again: replaced, counted once
    cache.set('catalog', CATALOG, catalogAt, { data: { c: 1 } });
    const usage = () => ({
      catalog: cache.groupUsage('catalog'),
      traits: cache.groupUsage('traits'),
      providers: cache.groupUsage('providers'),
    });
    const bothSize = usage().traits.bytes;
    expect(bothSize).toBeGreaterThan(0);
    expect(usage()).toEqual({
      catalog: { entries: 1, bytes: cache.bytes - bothSize },
      traits: { entries: 1, bytes: bothSize },
      providers: { entries: 1, bytes: bothSize },
    });
    // Filling the cache with catalog answers evicts the least recently used: the traits and providers one.
    for (let i = 0; i < 40; i += 1) cache.set(`c${i}`, CATALOG, catalogAt, { data: { i } });
    expect(cache.get('both', at)).toBeUndefined();
    expect(usage().traits).toEqual({ entries: 0, bytes: 0 });
    expect(usage().catalog).toEqual({ entries: cache.size, bytes: cache.bytes });
    // A catalog write drops them all.
    await cache.currentVersion(atVersions('2', '1', '1'), CATALOG);
    expect({ size: cache.size, bytes: cache.bytes, catalog: usage().catalog }).toEqual({
      size: 0,
      bytes: 0,
      catalog: { entries: 0, bytes: 0 },
    });
  });
});

describe('CatalogCache bound', () => {
  it('counts keys against the bound, so that long keys cannot grow it past its size', async () => {
    const cache = new CatalogCache(100_000);
    const v1 = await cache.currentVersion(atVersion('1'), CATALOG);
    for (let i = 0; i < 20; i += 1) cache.set(`${i}:${'k'.repeat(30_000)}`, CATALOG, v1, { data: { i } });
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeGreaterThan(3 * 30_000);
  });
});

describe('KnownQueries', () => {
  const TWO = 'query A { traits { totalCount } } query B { providers { totalCount } }';
  const [a, b] = parse(TWO).definitions as OperationDefinitionNode[];
  const known = (operation: OperationDefinitionNode): KnownOperation => ({
    queryHash: 'hash',
    operation,
    groups: ['traits'],
  });

  it('keeps the operation names of one text apart: one may be known, the other not', () => {
    const queries = new KnownQueries();
    queries.remember(TWO, 'A', known(a));
    expect(queries.find(TWO, 'A')?.operation).toBe(a);
    expect(queries.find(TWO, 'B')).toBeUndefined();
    expect(queries.find(TWO, null)).toBeUndefined();
    expect(queries.find(TWO, 'A\nB')).toBeUndefined();
    queries.remember(TWO, 'B', known(b));
    expect(queries.find(TWO, 'B')?.operation).toBe(b);
    expect(queries.find(TWO, 'A')?.operation).toBe(a);
    // One text, counted once against the bound.
    expect(queries.size).toBe(1);
    expect(queries.bytes).toBe(TWO.length);
    // No name and the empty name are one: a request naming no operation.
    const one = '{ traits { totalCount } }';
    queries.remember(one, undefined, known(a));
    expect(queries.find(one, '')?.operation).toBe(a);
    expect(queries.find(one, null)?.operation).toBe(a);
    expect(queries.find(one, 'A')).toBeUndefined();
  });

  it('keeps at most MAX_KNOWN_QUERIES texts and MAX_KNOWN_QUERY_BYTES of text, the least recent leaving first', () => {
    const queries = new KnownQueries();
    const text = (i: number) => `{ traits { totalCount } } # ${i}`;
    for (let i = 0; i <= MAX_KNOWN_QUERIES; i += 1) queries.remember(text(i), null, known(a));
    expect(queries.size).toBe(MAX_KNOWN_QUERIES);
    expect(queries.find(text(0), null)).toBeUndefined();
    expect(queries.find(text(MAX_KNOWN_QUERIES), null)).toBeDefined();
    // Texts of a quarter of the bound and a little more: three fit, the fourth pushes the first out.
    const large = (i: number) => `${text(i)} ${'x'.repeat(MAX_KNOWN_QUERY_BYTES / 4)}`;
    for (let i = 0; i < 4; i += 1) {
      queries.remember(large(i), 'A', known(a));
      queries.remember(large(i), 'B', known(b));
    }
    expect(queries.bytes).toBeLessThanOrEqual(MAX_KNOWN_QUERY_BYTES);
    expect(queries.find(large(0), 'A')).toBeUndefined();
    expect(queries.find(large(0), 'B')).toBeUndefined();
    for (let i = 1; i < 4; i += 1) {
      expect(queries.find(large(i), 'A')?.operation).toBe(a);
      expect(queries.find(large(i), 'B')?.operation).toBe(b);
    }
  });
});
