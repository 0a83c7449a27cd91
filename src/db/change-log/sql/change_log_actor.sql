-- change_log_actor(): the default of a pending row's `actor` (the transaction's `metacatalog.actor` setting, JSON
-- written by src/common/actor.ts; absent: null, recorded as via `sql`). A transaction of a service instance
-- (`via` graphql or rest: the instance numbers its own commits right after them, src/app/context.ts) returns it
-- as it is; any other (the CLI, the importer, SQL by hand, no actor) goes through change_log_actor_told(), which
-- NOTIFYs `metacatalog_changes_pending` so that some instance numbers it. `via` is read from the parsed JSON,
-- whatever the order of its keys. A SQL function of one expression: the planner inlines it into the insert.
CREATE OR REPLACE FUNCTION change_log_actor() RETURNS text LANGUAGE sql AS $fn$
SELECT CASE WHEN NULLIF(current_setting('metacatalog.actor', true), '')::jsonb ->> 'via' IN ('graphql', 'rest')
            THEN current_setting('metacatalog.actor', true)
            ELSE change_log_actor_told(NULLIF(current_setting('metacatalog.actor', true), '')) END
$fn$;
