import { ACTOR_SETTING, type ChangeActor } from './changes';
import type { TxContext } from './context';

/**
 * Names who writes in the transaction `tx` (a transaction's context) for the change log: `ctx.transaction` names
 * the caller and the way in (GraphQL, the CLI); the Glance importer calls it again with `import`.
 */
export async function nameActor(tx: TxContext, actor: ChangeActor): Promise<void> {
  await tx.db.query(`SELECT set_config('${ACTOR_SETTING}', $1, true)`, [JSON.stringify(actor)]);
}
