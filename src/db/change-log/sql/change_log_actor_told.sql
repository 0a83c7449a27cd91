-- change_log_actor_told(actor): NOTIFYs `metacatalog_changes_pending` (every instance then runs a step: no
-- instance numbers this transaction's changes by itself) and returns the actor. Called by change_log_actor().
CREATE OR REPLACE FUNCTION change_log_actor_told(actor text) RETURNS text LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('metacatalog_changes_pending', '');
  RETURN actor;
END $fn$;
