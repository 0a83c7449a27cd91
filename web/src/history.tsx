import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from './gql';
import type { ChangeVia } from './gql/graphql';
import { ErrorBox, Loading } from './ui';

/** How many changes a page of a node's history holds ("More history" asks for the next). */
const PAGE = 10;

/**
 * A node's history: the change log's records of it (`changes(filter: { nodeId })`, which takes a view's id for
 * its node, and keeps a deleted node's records), oldest first, as the caller may read them. Not the node's own
 * `history` field: the panel stays open on a node deleted meanwhile (its DELETED row comes last), and a deleted
 * node has no object left to select `history` on.
 */
export const NodeHistoryQuery = graphql(`
  query NodeHistory($id: ID!, $first: Int!, $after: String) {
    changes(filter: { nodeId: $id }, first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        cursor
        kind
        committedAt
        actor {
          projectId
          userId
          via
        }
      }
    }
  }
`);

const KINDS = { CREATED: 'created', UPDATED: 'changed', DELETED: 'deleted' } as const;
const VIAS: Record<ChangeVia, string> = {
  GRAPHQL: 'API',
  REST: 'OpenStack REST API',
  CLI: 'CLI',
  IMPORT: 'import',
  SQL: 'SQL by hand',
};

/** When a change committed, as a reader takes it: the browser's time zone, to the second. */
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One page of the history: its rows, and under the last page "More history" while more changes follow. */
function HistoryRows({
  id,
  after,
  last,
  onMore,
}: {
  id: string;
  after: string | null;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { data, loading, error } = useQuery(NodeHistoryQuery, {
    variables: { id, first: PAGE, after },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.changes;
  return (
    <tbody>
      {loading && !data ? (
        <tr>
          <td colSpan={4}>
            <Loading when />
          </td>
        </tr>
      ) : null}
      {error ? (
        <tr>
          <td colSpan={4}>
            <ErrorBox error={error} />
          </td>
        </tr>
      ) : null}
      {page?.nodes.map((change) => (
        <tr key={change.cursor}>
          <td>
            <time dateTime={change.committedAt}>{when(change.committedAt)}</time>
          </td>
          <td>{KINDS[change.kind]}</td>
          <td>
            {change.actor.projectId || change.actor.userId ? (
              <>
                {change.actor.projectId ? `project ${change.actor.projectId}` : ''}
                {change.actor.projectId && change.actor.userId ? ', ' : ''}
                {change.actor.userId ? `user ${change.actor.userId}` : ''}
              </>
            ) : (
              <span className="muted">unknown</span>
            )}
          </td>
          <td>{VIAS[change.actor.via]}</td>
        </tr>
      ))}
      {after === null && page && !page.nodes.length ? (
        <tr>
          <td colSpan={4} className="muted">
            No recorded changes.
          </td>
        </tr>
      ) : null}
      {last && page?.pageInfo.hasNextPage && page.pageInfo.endCursor ? (
        <tr>
          <td colSpan={4}>
            <button className="small" onClick={() => onMore(page.pageInfo.endCursor!)}>
              More history
            </button>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

/**
 * Who changed a node (project, user, and the way in), when, and how, oldest first, ten at a time. `label` names
 * the node for the table's accessible name ("History of hw:cpu_policy"). Screens that follow changes live fetch
 * NodeHistoryQuery again on their events.
 */
export function HistoryPanel({ id, label, onClose }: { id: string; label: string; onClose: () => void }) {
  // The cursors the pages start after (the first page: none).
  const [pages, setPages] = useState<(string | null)[]>([null]);
  return (
    <section className="history" aria-label={`History of ${label}`}>
      <h3>
        History of <code>{label}</code>{' '}
        <button className="small" onClick={onClose}>
          Close history
        </button>
      </h3>
      <table aria-label={`History of ${label}`}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">Who</th>
            <th scope="col">Via</th>
          </tr>
        </thead>
        {pages.map((after, index) => (
          <HistoryRows
            key={after ?? ''}
            id={id}
            after={after}
            last={index === pages.length - 1}
            onMore={(cursor) => setPages([...pages, cursor])}
          />
        ))}
      </table>
    </section>
  );
}
