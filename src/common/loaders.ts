import type DataLoader from 'dataloader';
import type { EntityManager } from 'typeorm';
import type { Viewer } from './policy/engine';

/** Makes a request's loader; called at most once per request (and per transaction) for each factory. */
export type LoaderFactory<K, V, C = K> = (db: EntityManager, viewer: Viewer) => DataLoader<K, V, C>;

/**
 * The loaders of one request, created lazily by factory. Modules own their factories (in `*.loaders.ts`),
 * so this cache never needs to know them. A transaction gets its own cache bound to its manager.
 */
export class LoaderCache {
  private readonly loaders = new Map<
    LoaderFactory<unknown, unknown, unknown>,
    DataLoader<unknown, unknown, unknown>
  >();

  constructor(
    private readonly db: EntityManager,
    private readonly viewer: Viewer,
  ) {}

  get<K, V, C = K>(factory: LoaderFactory<K, V, C>): DataLoader<K, V, C> {
    const key = factory as LoaderFactory<unknown, unknown, unknown>;
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = key(this.db, this.viewer);
      this.loaders.set(key, loader);
    }
    return loader as DataLoader<K, V, C>;
  }

  /** Forgets everything cached (after a write, so later reads in the same request see it). */
  clearAll(): void {
    for (const loader of this.loaders.values()) loader.clearAll();
  }
}

/** Returns `keys.map(key => groups.get(key) ?? [])`: the shape a batch function must return. */
export function groupInOrder<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return keys.map((key) => groups.get(key) ?? []);
}

export function oneInOrder<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row] as const));
  return keys.map((key) => byKey.get(key) ?? null);
}
