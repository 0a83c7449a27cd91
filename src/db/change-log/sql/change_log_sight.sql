-- change_log_sight(ns): a namespace's sight now (null once it is gone): what decides who sees a record of it
-- (owner, visibility) and which filters match it (name, resource types). PL/pgSQL, not SQL: a SQL function with a
-- FROM clause is not inlined and its query is planned again at every call; a PL/pgSQL function's plan is kept by
-- its session.
CREATE OR REPLACE FUNCTION change_log_sight(ns integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN (SELECT jsonb_build_object('namespace', n.name, 'owner', n.owner, 'public', n.visibility = 'public',
                   'resourceTypes', COALESCE((SELECT jsonb_agg(rt.name ORDER BY rt.name)
                                                FROM namespace_resource_types nrt
                                                JOIN resource_types rt ON rt.id = nrt.resource_type_id
                                               WHERE nrt.namespace_id = n.id), '[]'::jsonb))
            FROM namespaces n WHERE n.id = ns);
END $fn$;
