import { ACTOR_SETTING, type ChangeActor } from './changes';
import type { TxContext } from './context';

/**
 * The one statement that names who writes in the current transaction for the change log (`set_config(…, true)`,
 * a `SET LOCAL`: it ends with the transaction). The actor is a literal, not a parameter, so the statement can ride
 * in one round trip with another (`ctx.transaction` sends it with its `START TRANSACTION`): an `E''` string, its
 * backslashes and quotes doubled, whatever `standard_conforming_strings` says. The database reads `via` from the parsed JSON
 * (src/db/change-log/sql/change_log_actor.sql: graphql and rest are numbered by the instance itself), whatever the
 * order of the keys.
 */
export function actorStatement(actor: ChangeActor): string {
  const json = JSON.stringify({ via: actor.via, project: actor.project, user: actor.user });
  const literal = json.replace(/\\/g, '\\\\').replace(/'/g, "''");
  return `SELECT set_config('${ACTOR_SETTING}', E'${literal}', true)`;
}

/**
 * Names who writes in the transaction `tx` (a transaction's context) for the change log: `ctx.transaction` names
 * the caller and the way in (GraphQL, the CLI); the Glance importer calls it again with `import`.
 */
export async function nameActor(tx: TxContext, actor: ChangeActor): Promise<void> {
  await tx.db.query(actorStatement(actor));
}
