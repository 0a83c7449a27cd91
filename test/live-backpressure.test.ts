import { GraphQLError } from 'graphql';
import pino from 'pino';
import { createFormatError } from '../src/app/format-error';
import { InstanceState, type ChangeRecord, type ChangeSource, type FeedEvent } from '../src/common/changes';
import type { Context } from '../src/common/context';
import { changeEvents, MAX_PENDING_EVENTS, type Delivery } from '../src/modules/live/change-events';

/** A feed this test drives by hand, as the instance's ChangeFeed drives it from PostgreSQL's notifications. */
function manualFeed() {
  const listeners = new Set<(event: FeedEvent) => void>();
  const source: ChangeSource = {
    live: true,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    committed: () => undefined,
    deliveredSeq: '0',
  };
  const change = (n: number): ChangeRecord => ({
    seq: String(n + 1),
    txid: String(n + 1),
    committedAt: new Date(),
    kind: 'CREATED',
    type: 'Trait',
    key: String(n),
    contained: false,
    actor: { via: 'graphql', project: 'p', user: null },
    namespaceKey: null,
    sight: null,
    before: null,
    resourceType: null,
    project: null,
    data: { name: `CUSTOM_${n}` },
  });
  return {
    listeners,
    ctx: {
      instance: new InstanceState(source),
      loaders: { clearAll: () => undefined },
    } as unknown as Context,
    commit: (from: number, count: number) => {
      for (let n = from; n < from + count; n += 1) {
        for (const listener of listeners) {
          const record = change(n);
          listener({ type: 'change', change: record, transaction: [record] });
        }
      }
    },
  };
}

const keyOf = async (_ctx: Context, { change }: Delivery) => change.key;

describe('changeEvents: a subscriber that falls behind', () => {
  it(`gets every event, in order, while at most ${MAX_PENDING_EVENTS} wait`, async () => {
    const feed = manualFeed();
    const events = changeEvents(feed.ctx, keyOf);
    feed.commit(0, MAX_PENDING_EVENTS);
    for (let n = 0; n < MAX_PENDING_EVENTS; n += 1) {
      expect(await events.next()).toEqual({ done: false, value: String(n) });
    }
    feed.commit(MAX_PENDING_EVENTS, 1);
    expect(await events.next()).toEqual({ done: false, value: String(MAX_PENDING_EVENTS) });
    await events.return!();
    expect(feed.listeners.size).toBe(0);
  });

  it('is ended with SERVICE_UNAVAILABLE one event past the bound, and holds nothing more', async () => {
    const feed = manualFeed();
    const events = changeEvents(feed.ctx, keyOf);
    feed.commit(0, MAX_PENDING_EVENTS + 1);
    // It stopped listening: what is committed afterwards is not kept for it.
    expect(feed.listeners.size).toBe(0);
    const failure = await events.next().then(
      () => undefined,
      (error: unknown) => error,
    );
    // graphql-ws wraps what the iterator throws; the subscription's error as our formatError sends it.
    const wrapped = new GraphQLError((failure as Error).message, { originalError: failure as Error });
    const formatted = createFormatError(pino({ level: 'silent' }))(wrapped.toJSON(), wrapped);
    expect(formatted.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(formatted.message).toMatch(/fell more than 1000 changes behind.*subscribe again/);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });
});
