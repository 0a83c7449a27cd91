-- change_log_sequence(): one step of the sequencer (docs/live.md, "The sequencer"). Numbers the pending rows of
-- up to 2000 committed transactions, in the order of each transaction's last pending row, one record per node and
-- transaction; returns true when its batch was full (more may be pending). Run by any instance, any session
-- (src/db/change-log.ts, sequenceChanges); steps are serialized by the head's row lock, and each commits before
-- the next one reads: seq order is the order in which records become visible, with no gap.
--
-- SET enable_nestloop = off: every join of the step by hash. The planner's estimates of the pending rows are near
-- zero (the table is vacuumed empty every second; PGlite never analyzes it), and a nested loop over a few hundred
-- rows each side took a second.
-- SET plan_cache_mode: restored when the step returns (see "planned afresh" below).
CREATE OR REPLACE FUNCTION change_log_sequence() RETURNS boolean LANGUAGE plpgsql
  SET enable_nestloop TO 'off' SET plan_cache_mode TO 'auto' AS $fn$
DECLARE
  base bigint;
  n bigint;
  top bigint;
  types text;
  numbered integer;
  pending integer;
BEGIN
  SELECT count(*) INTO pending FROM (SELECT FROM change_log_pending LIMIT 5001) p;
  IF pending = 0 THEN RETURN false; END IF;
  -- Steps one at a time; the next statement's snapshot sees what every earlier step committed.
  SELECT last_seq INTO base FROM change_log_head FOR UPDATE;
  IF pending > 5000 THEN
    -- Planned afresh: the plan the session cached was made while the table held a few rows; a fresh one sizes its
    -- hash tables, aggregates and sorts for one large transaction (a namespace's delete that took 300,000 rows).
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  WITH batch AS (
         SELECT txid FROM change_log_pending GROUP BY txid ORDER BY max(ord) LIMIT 2000),
       gone AS (
         DELETE FROM change_log_pending p USING batch b WHERE p.txid = b.txid
         RETURNING p.ord, p.txid, p.kind, p.node_type, p.node_key, p.contained, p.namespace_id, p.sight,
                   p.after_sight, p.data, p.actor, p.at),
       tx AS (
         SELECT txid, max(ord) AS last_ord, max(at) AS at,
                (array_agg(actor ORDER BY ord DESC))[1]::jsonb AS actor
           FROM gone GROUP BY txid),
       -- A namespace the transaction changed, as it left it: after its last change (as it was, if it went).
       own AS (
         SELECT DISTINCT ON (txid, namespace_id) txid, namespace_id,
                CASE WHEN kind = 'DELETED' THEN sight ELSE after_sight END AS sight
           FROM gone WHERE node_type = 'Namespace' ORDER BY txid, namespace_id, ord DESC),
       -- A namespace the transaction wrote in without changing it: its name, owner and visibility as the
       -- transaction's last row in it saw them (the writer records them)...
       seen AS (
         SELECT DISTINCT ON (g.txid, g.namespace_id) g.txid, g.namespace_id, g.ord, g.sight
           FROM gone g
          WHERE g.node_type <> 'Namespace' AND g.sight IS NOT NULL
            AND NOT EXISTS (SELECT FROM own o WHERE o.txid = g.txid AND o.namespace_id = g.namespace_id)
          ORDER BY g.txid, g.namespace_id, g.ord DESC),
       -- ...and its resource types as the first change of the namespace after that row found them (its
       -- pending row, this step's or a later one's: the statement sees the rows it deletes), else as now.
       changed AS MATERIALIZED (
         SELECT ord, namespace_id, sight FROM change_log_pending WHERE node_type = 'Namespace'),
       later AS (
         SELECT DISTINCT ON (s.txid, s.namespace_id) s.txid, s.namespace_id, c.sight -> 'resourceTypes' AS types
           FROM seen s JOIN changed c ON c.namespace_id = s.namespace_id AND c.ord > s.ord
          ORDER BY s.txid, s.namespace_id, c.ord),
       -- Resource type names by lookups (no join: the step's joins are all by hash, see SET enable_nestloop).
       now_types AS (
         SELECT d.namespace_id,
                (SELECT jsonb_agg(t.name ORDER BY t.name)
                   FROM (SELECT (SELECT rt.name FROM resource_types rt WHERE rt.id = nrt.resource_type_id) AS name
                           FROM namespace_resource_types nrt WHERE nrt.namespace_id = d.namespace_id) t) AS types
           FROM (SELECT DISTINCT namespace_id FROM seen) d),
       left_as AS (
         SELECT txid, namespace_id, sight FROM own
         UNION ALL
         SELECT s.txid, s.namespace_id,
                s.sight || jsonb_build_object('resourceTypes', COALESCE(l.types, t.types, '[]'::jsonb))
           FROM seen s
           LEFT JOIN later l ON l.txid = s.txid AND l.namespace_id = s.namespace_id
           LEFT JOIN now_types t ON t.namespace_id = s.namespace_id),
       g AS (
         SELECT txid, node_type, node_key, min(ord) AS first_ord, bool_and(contained) AS contained,
                CASE WHEN bool_or(kind = 'DELETED') THEN 'DELETED'
                     WHEN bool_or(kind = 'CREATED') THEN 'CREATED' ELSE 'UPDATED' END AS kind,
                (array_agg(sight ORDER BY ord))[1] AS first_sight,
                (array_agg(sight ORDER BY ord DESC))[1] AS last_sight,
                (array_agg(namespace_id ORDER BY ord DESC))[1] AS namespace_id,
                (array_agg(data ORDER BY ord DESC))[1] AS data
           FROM gone GROUP BY txid, node_type, node_key),
       records AS (
         INSERT INTO change_log (seq, txid, committed_at, kind, node_type, node_key, contained, via,
                                 actor_project, actor_user, namespace_id, namespace, owner, public,
                                 resource_types, before, resource_type, project, data)
         SELECT base + row_number() OVER (ORDER BY r.last_ord, r.first_ord), r.txid, r.at, r.kind,
                r.node_type, r.node_key, r.contained, left(COALESCE(r.actor ->> 'via', 'sql'), 8),
                left(r.actor ->> 'project', 255), left(r.actor ->> 'user', 255),
                r.namespace_id, r.now ->> 'namespace', r.now ->> 'owner', (r.now ->> 'public')::boolean,
                CASE WHEN r.now IS NULL THEN NULL
                     ELSE ARRAY(SELECT jsonb_array_elements_text(r.now -> 'resourceTypes')) END,
                CASE WHEN r.node_type = 'Namespace' AND r.kind = 'UPDATED'
                          AND r.first_sight IS DISTINCT FROM r.now THEN r.first_sight END,
                r.data ->> 'resourceType', r.data ->> 'project', r.data
           -- OFFSET 0 (twice): a record's sight is built once.
           FROM (SELECT k.*,
                        CASE WHEN k.public_now IS NULL OR k.left_as IS NULL THEN k.left_as
                             ELSE jsonb_set(k.left_as, '{public}',
                                    to_jsonb((k.left_as ->> 'public')::boolean AND k.public_now)) END AS now
                   FROM (SELECT g.*, tx.last_ord, tx.at, tx.actor,
                                CASE WHEN g.namespace_id IS NULL THEN NULL
                                     WHEN g.node_type = 'Namespace' AND g.kind = 'DELETED' THEN g.first_sight
                                     ELSE COALESCE(l.sight, g.last_sight) END AS left_as,
                                -- The namespace now (none once it went): a record is public only while
                                -- its namespace still is.
                                (SELECT n.visibility = 'public' FROM namespaces n WHERE n.id = g.namespace_id)
                                  AS public_now
                           FROM g
                           JOIN tx ON tx.txid = g.txid
                           LEFT JOIN left_as l ON l.txid = g.txid AND l.namespace_id = g.namespace_id
                         OFFSET 0) k
                 OFFSET 0) r
         RETURNING seq, node_type)
  SELECT count(*), max(seq), string_agg(DISTINCT node_type, ','), (SELECT count(*) FROM tx)
    INTO n, top, types, numbered FROM records;
  IF n = 0 THEN RETURN false; END IF;
  UPDATE change_log_head SET last_seq = top;
  -- The highest seq, then the node types recorded: a feed no listener of those types needs skips the read.
  PERFORM pg_notify('metacatalog_change_feed', json_build_object('v', 2, 'seq', top::text, 'types', types)::text);
  -- What the previous release reads (until the release after this one).
  PERFORM pg_notify('metacatalog_changes', top::text || ' ' || types);
  RETURN numbered >= 2000; -- a full batch: more may be pending
END $fn$;
