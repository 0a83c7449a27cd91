import { traitService } from '../src/modules/traits/trait.service';
import { cutFeed, nextFeedEvent } from './support/change-feed';
import { ADMIN, headersOf, SERVICE, startTestApps, unique, type TestApp } from './support/test-app';

/**
 * Computing it (the answer cache off or missing), validateTraits answers standard trait names from memory and everything else from the database, so it stays
 * exact across instances without waiting for NOTIFY: a write through A is seen by B's very next request.
 */
const VALIDATE = `query ($names: [String!]!) { validateTraits(names: $names) { valid invalid } }`;
const STANDARD = ['HW_CPU_X86_AVX2', 'COMPUTE_STATUS_DISABLED'];

const customName = () =>
  unique('CUSTOM_CACHE')
    .replace(/[^A-Z0-9_]/gi, '_')
    .toUpperCase();

/**
 * The answer and the statements it sent. The instance's background statements (the feed's reads, pruning) run
 * beside the counter (`Database.background`), but a feed event that lands in the window (a write's, arriving late
 * on a loaded machine) makes that request reload the name set: the request runs 3 times (it reads only) and the
 * fewest statements count, which is what a request sends with the set loaded. Every run must give the same answer.
 */
async function validate(t: TestApp, names: string[]) {
  const runs = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { result, count } = await t.app.database.counter.measure(() => t.ok(VALIDATE, { names }, SERVICE));
    runs.push({ ...result.validateTraits, queries: count });
  }
  for (const run of runs) expect({ ...run, queries: 0 }).toEqual({ ...runs[0], queries: 0 });
  return runs.reduce((fewest, run) => (run.queries < fewest.queries ? run : fewest));
}

describe('trait name cache on the change feed', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // The name cache is what computes validateTraits when the answer cache misses: tested alone here
    // (test/data-cache.test.ts tests the answer cache of traits).
    [a, b] = await startTestApps(2, { CATALOG_CACHE_MB: '0' });
    await validate(b, STANDARD); // loads the set
  });
  afterAll(() => a.close());

  it('answers standard names without a query, unknown ones from the database', async () => {
    expect(await validate(b, STANDARD)).toEqual({ valid: STANDARD, invalid: [], queries: 0 });
    expect(await validate(b, [...STANDARD, 'HW_NOPE'])).toEqual({
      valid: STANDARD,
      invalid: ['HW_NOPE'],
      queries: 1,
    });
  });

  it("a custom trait created or deleted through A is seen by B's next request", async () => {
    const name = customName();
    expect((await validate(b, [name])).invalid).toEqual([name]);
    await a.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name }, SERVICE);
    expect((await validate(b, [name])).valid).toEqual([name]);
    await a.ok(`mutation ($name: String!) { deleteTrait(name: $name) }`, { name }, SERVICE);
    expect((await validate(b, [name])).invalid).toEqual([name]);
  });

  it("a standard trait synced on A is valid in B's next request, then served from B's memory", async () => {
    const name = unique('HW_SYNCED')
      .replace(/[^A-Z0-9_]/gi, '_')
      .toUpperCase();
    expect((await validate(b, [name])).invalid).toEqual([name]);
    const added = nextFeedEvent(
      b,
      (event) => event.type === 'change' && event.change.type === 'Trait' && event.change.data.name === name,
    );
    const admin = await a.app.contextFor(headersOf(ADMIN));
    await traitService.sync(admin, [name]);
    expect((await validate(b, [name])).valid).toEqual([name]);
    // The feed adds it to B's set: wait for the event rather than for time.
    await added;
    expect(await validate(b, [name])).toEqual({ valid: [name], invalid: [], queries: 0 });
  });

  it('turns itself off while the feed is lost and reloads when it is back', async () => {
    const ready = nextFeedEvent(b, (event) => event.type === 'ready');
    await cutFeed(b);
    await ready;
    // Reloaded on first use after the feed came back, then from memory again.
    expect((await validate(b, STANDARD)).valid).toEqual(STANDARD);
    expect(await validate(b, STANDARD)).toEqual({ valid: STANDARD, invalid: [], queries: 0 });
  });
});
