import { OuterContextInTransactionError } from '../src/app/context';
import type { Context } from '../src/common/context';
import { sequencedLog } from '../src/modules/live/history.loaders';
import { ADMIN, headersOf, startTestApp, type TestApp } from './support/test-app';

/**
 * Inside `ctx.transaction(async (tx) => …)`, the context that opened the transaction cannot reach the database
 * (DATABASE_TRANSACTION_GUARD, on in every test app): a query through it would run outside the transaction and, on
 * the embedded database's one connection, wait for the transaction that waits for it.
 */
describe('the outer context inside its own transaction', () => {
  let t: TestApp;
  let ctx: Context;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ctx = await t.app.contextFor(headersOf(ADMIN));
  });

  it('is on in the test apps', () => {
    expect(t.config.database.transactionGuard).toBe(true);
  });

  it('refuses a query through its db', async () => {
    const work = ctx.transaction(async (tx) => {
      await tx.db.query('SELECT 1');
      return ctx.db.query('SELECT 1');
    });
    await expect(work).rejects.toThrow(OuterContextInTransactionError);
    await expect(work).rejects.toThrow(/outer context inside its own transaction/);
  });

  it('refuses its loaders (their batch reaches the database through it)', async () => {
    const work = ctx.transaction(() => ctx.loaders.get(sequencedLog).load('log'));
    await expect(work).rejects.toThrow(OuterContextInTransactionError);
  });

  it('refuses a second transaction of the same context from inside the first', async () => {
    const work = ctx.transaction(() => ctx.transaction(async () => 1));
    await expect(work).rejects.toThrow(OuterContextInTransactionError);
  });

  it("lets the transaction's tx, and the context after it, reach the database", async () => {
    const inside = await ctx.transaction(async (tx) => {
      const nested = await tx.transaction(async (same) => same.db.query('SELECT 2 AS n'));
      return [(await tx.db.query('SELECT 1 AS n')) as { n: number }[], nested as { n: number }[]];
    });
    expect(inside).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(await ctx.db.query('SELECT 3 AS n')).toEqual([{ n: 3 }]);
  });

  it('lets work of the same context outside the transaction (a sibling resolver) reach the database', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const transaction = ctx.transaction(async (tx) => {
      await tx.db.query('SELECT 1');
      started();
      await held;
      return 'committed';
    });
    await begun;
    // Started outside the transaction's flow while it runs: not refused (on PGlite it waits for the commit).
    const outside = ctx.db.query('SELECT 4 AS n');
    release();
    expect(await transaction).toBe('committed');
    expect(await outside).toEqual([{ n: 4 }]);
  });
});
