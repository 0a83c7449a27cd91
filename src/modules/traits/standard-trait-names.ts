import type { ChangeSource } from '../../common/changes';
import type { Context } from '../../common/context';
import { CUSTOM_TRAIT_NAME, Trait } from './trait.entity';

/**
 * The names of the standard traits, in memory, per service instance: what validateTraits answers without a
 * database round trip.
 *
 * Exact across instances without waiting for NOTIFY, because of what it holds and what it does not:
 * - Standard traits are never deleted (deleteTrait refuses them, sync only adds) and never stop being
 *   standard, so a name found here is a trait, whichever instance wrote last.
 * - A name not found here (a custom trait, or a standard trait another instance has just synced) is looked up
 *   in the database, so a creation anywhere is seen by the next request everywhere, and custom traits, which
 *   can be deleted, are always answered by the database.
 * The change feed keeps it fresh (standard traits created on any instance are added) and, when the feed is
 * lost, turns it off (every lookup goes to the database) until it listens again and the set is reloaded.
 */
export class StandardTraitNames {
  private names: Set<string> | undefined;
  private loading: Promise<Set<string>> | undefined;
  /** Grows at every feed loss or return: a load begun before one is not kept. */
  private epoch = 0;

  constructor(private readonly changes: ChangeSource) {
    changes.listen(
      (event) => {
        if (event.type !== 'change') {
          this.names = undefined;
          this.loading = undefined;
          this.epoch += 1;
          return;
        }
        const { change } = event;
        const name = change.data.name;
        if (change.type !== Trait.nodeType || typeof name !== 'string' || CUSTOM_TRAIT_NAME.test(name))
          return;
        // A standard trait created, or a trait made standard (never undone).
        if (change.kind !== 'DELETED') this.names?.add(name);
        else this.names?.delete(name);
      },
      // Exact without the feed (see above): the instances need not number a trait's change at once for it.
      { types: [Trait.nodeType], eventual: true },
    );
  }

  /** The set, loaded on first use; undefined while the feed is down (then ask the database). */
  async get(ctx: Context): Promise<ReadonlySet<string> | undefined> {
    if (!this.changes.live) return undefined;
    if (this.names) return this.names;
    // Never loaded inside a transaction: it could see names that are then rolled back.
    if (ctx.db.queryRunner?.isTransactionActive) return undefined;
    const epoch = this.epoch;
    const loading = (this.loading ??= ctx.db
      .query('SELECT name FROM traits WHERE standard')
      .then((rows: { name: string }[]) => new Set(rows.map((row) => row.name))));
    const names = await loading;
    if (epoch === this.epoch && this.changes.live) {
      this.names = names;
      this.loading = undefined;
    }
    return names;
  }
}

/** One per instance: `ctx.instance.get(standardTraitNames)`. */
export const standardTraitNames = (changes: ChangeSource) => new StandardTraitNames(changes);
