import type { Context } from '../common/context';
import { CatalogCache, responseBytes, stringifyResult } from './catalog-cache';

/** The version row as the database would answer it: the cache reads nothing else through the context. */
const atVersion = (version: string) => ({ db: { query: async () => [{ version }] } }) as unknown as Context;

describe('CatalogCache', () => {
  it('keeps an answer with its text and bytes, and drops both when the version moves', async () => {
    const cache = new CatalogCache(10_000);
    const result = { data: { namespaces: { totalCount: 1 } } };
    await cache.currentVersion(atVersion('1'));
    cache.set('k', '1', result);
    const text = stringifyResult({ errors: undefined, data: result.data, extensions: undefined });
    expect(text).toBe('{"data":{"namespaces":{"totalCount":1}}}\n');
    expect(cache.get('k', '1')).toBe(result);
    expect(Buffer.isBuffer(responseBytes(text))).toBe(true);
    await cache.currentVersion(atVersion('2'));
    expect(cache.get('k', '2')).toBeUndefined();
    expect(responseBytes(text)).toBe(text);
  });

  it('keeps nothing of an answer larger than the cache, nor of one computed at an older version', async () => {
    const cache = new CatalogCache(100);
    await cache.currentVersion(atVersion('5'));
    const large = { data: { text: 'x'.repeat(500) } };
    cache.set('large', '5', large);
    expect(cache.get('large', '5')).toBeUndefined();
    const largeText = JSON.stringify(large) + '\n';
    expect(responseBytes(largeText)).toBe(largeText);
    cache.set('old', '4', { data: { a: 1 } });
    expect(cache.get('old', '4')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('CatalogCache bound', () => {
  it('counts keys against the bound, so that long keys cannot grow it past its size', async () => {
    const cache = new CatalogCache(100_000);
    await cache.currentVersion(atVersion('1'));
    for (let i = 0; i < 20; i += 1) cache.set(`${i}:${'k'.repeat(30_000)}`, '1', { data: { i } });
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeGreaterThan(3 * 30_000);
  });
});
