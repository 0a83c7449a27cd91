import { namespaceService } from '../src/modules/namespaces/namespace.service';
import { ADMIN, startTestApp, unique, type TestApp } from './support/test-app';

/** One transaction per mutation: all or nothing, and retried when PostgreSQL aborts it for a deadlock. */
describe('transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const exists = async (name: string) =>
    (await t.app.database.dataSource.query('SELECT 1 FROM namespaces WHERE name = $1', [name])).length > 0;

  it('rolls back everything when the work fails', async () => {
    const ctx = await t.app.contextFor({ 'x-project-id': ADMIN.project, 'x-roles': 'admin' });
    const name = unique('Tx');
    await expect(
      ctx.transaction(async (tx) => {
        await tx.db.query(`INSERT INTO namespaces (name, visibility, owner) VALUES ($1, 'public', 'p')`, [
          name,
        ]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await exists(name)).toBe(false);
  });

  it('runs the work again after a deadlock (40P01), keeping only the successful attempt', async () => {
    const ctx = await t.app.contextFor({ 'x-project-id': ADMIN.project, 'x-roles': 'admin' });
    const name = unique('Tx');
    let attempts = 0;
    const result = await ctx.transaction(async (tx) => {
      attempts += 1;
      await tx.db.query(`INSERT INTO namespaces (name, visibility, owner) VALUES ($1, 'public', 'p')`, [
        name,
      ]);
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    });
    expect({ result, attempts }).toEqual({ result: 'done', attempts: 2 });
    expect(await exists(name)).toBe(true);
  });

  it('gives up after three attempts and does not retry other errors', async () => {
    const ctx = await t.app.contextFor({ 'x-project-id': ADMIN.project, 'x-roles': 'admin' });
    let attempts = 0;
    await expect(
      ctx.transaction(async () => {
        attempts += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    ).rejects.toThrow('serialize');
    expect(attempts).toBe(3);
    attempts = 0;
    await expect(
      ctx.transaction(async () => {
        attempts += 1;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(attempts).toBe(1);
  });

  it('hands the work a TxContext, which what must run inside a transaction requires', async () => {
    const ctx = await t.app.contextFor({ 'x-project-id': ADMIN.project, 'x-roles': 'admin' });
    const name = unique('Tx');
    await t.app.database.dataSource.query(
      `INSERT INTO namespaces (name, visibility, owner) VALUES ($1, 'public', 'p')`,
      [name],
    );
    expect('inTransaction' in ctx).toBe(false);
    const locked = await ctx.transaction(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      expect(tx.db).not.toBe(ctx.db);
      // A nested call joins the transaction it is in: the same context, no second connection.
      expect(await tx.transaction(async (joined) => joined)).toBe(tx);
      return namespaceService.requireWritable(tx, name, 'modify_metadef_namespace');
    });
    expect(locked.name).toBe(name);
    // Never run (inside a transaction it would wait for the embedded database's one connection): `tsc` over test/
    // (npm run typecheck) fails if the outer Context is ever accepted where a transaction is required.
    const outerContextWhereATransactionIsRequired = () =>
      // @ts-expect-error a Context is not a TxContext
      namespaceService.requireWritable(ctx, name, 'modify_metadef_namespace');
    expect(outerContextWhereATransactionIsRequired).toBeInstanceOf(Function);
  });
});
