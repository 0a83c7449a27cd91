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
});
