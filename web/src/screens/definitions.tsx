import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { graphql } from '../gql';
import type { NamespaceViewQuery } from '../gql/graphql';
import { HistoryPanel, NodeHistoryQuery } from '../history';
import { useLive } from '../live';
import { ResourceTypePicker } from '../resource-types';
import { ErrorBox, Loading } from '../ui';

const NamespacesOfTypeQuery = graphql(`
  query NamespacesOfType($resourceType: String!) {
    namespaces(filter: { resourceTypes: [$resourceType] }, first: 500) {
      totalCount
      nodes {
        id
        name
        displayName
      }
    }
  }
`);

export const PropertyFields = graphql(`
  fragment PropertyFields on PropertyDefinition {
    id
    name
    title
    description
    type
    enum
    default
    minimum
    maximum
    minLength
    maxLength
    pattern
    operators
    readonly
    minItems
    maxItems
    items {
      type
      enum
    }
    deprecated {
      reason
      replacement
    }
    parameters {
      name
      kind
      pattern
      description
    }
  }
`);

const NamespaceViewQuery = graphql(`
  query NamespaceView($name: String!, $resourceType: String) {
    namespace(name: $name, resourceType: $resourceType) {
      id
      name
      displayName
      description
      visibility
      protected
      view {
        prefix
      }
      properties {
        ...PropertyFields
      }
      objects {
        id
        name
        description
        required
        properties {
          ...PropertyFields
        }
      }
      tags {
        id
        name
        parent {
          id
          name
        }
      }
    }
  }
`);

const SearchQuery = graphql(`
  query SearchProperties($query: String!, $resourceType: String) {
    searchProperties(query: $query, resourceType: $resourceType, first: 25) {
      totalCount
      nodes {
        namespace {
          id
          name
        }
        object {
          id
          name
        }
        property {
          ...PropertyFields
        }
      }
    }
  }
`);

const CatalogChangedSubscription = graphql(`
  subscription CatalogChanged($resourceType: String, $after: String) {
    catalogChanged(resourceType: $resourceType, after: $after) {
      cursor
      kind
      id
      nodeType
      namespace
    }
  }
`);

type Namespace = NonNullable<NamespaceViewQuery['namespace']>;
type Property = Namespace['properties'][number];
type Tag = Namespace['tags'][number];

/** What a property allows, in a few words: type, enum, bounds, pattern, operators. */
export function constraintsOf(property: Property): string {
  const parts: string[] = [property.type.toLowerCase()];
  if (property.enum) parts.push(`one of ${property.enum.map(String).join(', ')}`);
  if (property.items?.enum) parts.push(`items: ${property.items.enum.map(String).join(', ')}`);
  if (property.minimum != null) parts.push(`≥ ${property.minimum}`);
  if (property.maximum != null) parts.push(`≤ ${property.maximum}`);
  if (property.pattern) parts.push(`pattern ${property.pattern}`);
  if (property.operators?.length) parts.push(`operators ${property.operators.join(' ')}`);
  for (const parameter of property.parameters ?? [])
    parts.push(`{${parameter.name}}: ${parameter.kind.toLowerCase().replace('_', ' ')}`);
  if (property.deprecated)
    parts.push(
      `deprecated${property.deprecated.replacement ? `: use ${property.deprecated.replacement}` : ''}`,
    );
  return parts.join(' · ');
}

/** A node's history shown, or none. */
type HistoryOf = { id: string; label: string } | null;

function PropertyTable({
  properties,
  onHistory,
}: {
  properties: readonly Property[];
  onHistory: (of: HistoryOf) => void;
}) {
  if (!properties.length) return <p className="muted">No properties.</p>;
  return (
    <table className="properties">
      <thead>
        <tr>
          <th>Key</th>
          <th>Title</th>
          <th>Allows</th>
          <th>History</th>
        </tr>
      </thead>
      <tbody>
        {properties.map((property) => (
          <tr key={property.id}>
            <td>
              <code>{property.name}</code>
            </td>
            <td>
              {property.title}
              {property.description ? <div className="description">{property.description}</div> : null}
            </td>
            <td className="muted">{constraintsOf(property)}</td>
            <td>
              <button
                className="small"
                aria-label={`History of ${property.name}`}
                onClick={() => onHistory({ id: property.id, label: property.name })}
              >
                History
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The tags of a namespace as the tree their parents make. */
export function TagTree({ tags }: { tags: readonly Tag[] }) {
  const children = new Map<string | null, Tag[]>();
  for (const tag of tags) {
    const parent = tag.parent?.name ?? null;
    children.set(parent, [...(children.get(parent) ?? []), tag]);
  }
  const branch = (parent: string | null) => {
    const list = children.get(parent);
    if (!list) return null;
    return (
      <ul>
        {list.map((tag) => (
          <li key={tag.id}>
            <span className="tag">{tag.name}</span>
            {branch(tag.name)}
          </li>
        ))}
      </ul>
    );
  };
  if (!tags.length) return <p className="muted">No tags.</p>;
  return (
    <div className="tag-tree" aria-label="Tag hierarchy">
      {branch(null)}
    </div>
  );
}

function NamespaceDetail({ name, resourceType }: { name: string; resourceType: string }) {
  const { data, loading, error } = useQuery(NamespaceViewQuery, {
    variables: { name, resourceType: resourceType || null },
    // Events are heard only while this screen is open: what the cache holds may be older.
    fetchPolicy: 'cache-and-network',
  });
  const namespace = data?.namespace;
  const [history, setHistory] = useState<HistoryOf>(null);
  return (
    <section className="detail" aria-label="Namespace">
      <Loading when={loading && !data} />
      <ErrorBox error={error} />
      {namespace ? (
        <>
          <h2>{namespace.displayName ?? namespace.name}</h2>
          <p className="muted">
            <code>{namespace.name}</code> · {namespace.visibility.toLowerCase()}
            {namespace.protected ? ' · protected' : ''}
            {namespace.view ? (
              <>
                {' '}
                · prefix <code>{namespace.view.prefix}</code>
              </>
            ) : null}
          </p>
          <p>
            <button
              className="small"
              aria-label={`History of ${namespace.name}`}
              onClick={() => setHistory({ id: namespace.id, label: namespace.name })}
            >
              History
            </button>
          </p>
          {history ? <HistoryPanel {...history} key={history.id} onClose={() => setHistory(null)} /> : null}
          {namespace.description ? <p>{namespace.description}</p> : null}
          <h3>Properties</h3>
          <PropertyTable properties={namespace.properties} onHistory={setHistory} />
          {namespace.objects.map((object) => (
            <div key={object.id} className="object">
              <h3>Object {object.name}</h3>
              {object.description ? <p className="muted">{object.description}</p> : null}
              {object.required.length ? <p>Required: {object.required.join(', ')}</p> : null}
              <PropertyTable properties={object.properties} onHistory={setHistory} />
            </div>
          ))}
          <h3>Tags</h3>
          <TagTree tags={namespace.tags} />
        </>
      ) : null}
      {data && !namespace ? <p className="muted">This namespace no longer exists.</p> : null}
    </section>
  );
}

function Search({ resourceType }: { resourceType: string }) {
  const [text, setText] = useState('');
  const query = text.trim();
  const { data, error } = useQuery(SearchQuery, {
    variables: { query, resourceType: resourceType || null },
    skip: query.length < 2,
    fetchPolicy: 'cache-and-network',
  });
  return (
    <section aria-label="Search">
      <input
        type="search"
        placeholder="Search properties (names, titles, descriptions)…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label="Search properties"
      />
      <ErrorBox error={error} />
      {query.length >= 2 && data ? (
        <div className="results">
          <p className="muted">{data.searchProperties.totalCount} matching properties</p>
          <ul>
            {data.searchProperties.nodes.map((hit) => (
              <li key={`${hit.namespace.id}/${hit.object?.id ?? ''}/${hit.property.id}`}>
                <code>{hit.property.name}</code> {hit.property.title}{' '}
                <span className="muted">
                  in {hit.namespace.name}
                  {hit.object ? ` / ${hit.object.name}` : ''} · {constraintsOf(hit.property)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Definitions: a resource type's namespaces, their objects and properties with its prefix, and search. Live:
 * a change of a namespace of that type (or of anything in it) fetches what is shown again.
 */
export function DefinitionsScreen() {
  const [resourceType, setResourceType] = useState('OS::Nova::Flavor');
  const [selected, setSelected] = useState('');
  const { data, loading, error } = useQuery(NamespacesOfTypeQuery, {
    variables: { resourceType },
    skip: !resourceType,
    fetchPolicy: 'cache-and-network',
  });
  // The screen sees namespaces in the type's view, whose nodes have ids of their own (names with its prefix),
  // not those the events name: what is shown is fetched again. The list only when a namespace itself changed
  // (created, renamed, deleted, associated); the detail only when the change is in the namespace shown.
  const shown = useRef(selected);
  useEffect(() => {
    shown.current = selected;
  });
  useLive(
    CatalogChangedSubscription,
    { resourceType: resourceType || null },
    {
      refetch: ({ nodeType, namespace }) =>
        nodeType === 'Namespace'
          ? [NamespacesOfTypeQuery, NamespaceViewQuery, SearchQuery, NodeHistoryQuery]
          : namespace === shown.current
            ? [NamespaceViewQuery, SearchQuery, NodeHistoryQuery]
            : [SearchQuery],
      resync: [NamespacesOfTypeQuery, NamespaceViewQuery, SearchQuery, NodeHistoryQuery],
    },
  );
  return (
    <div>
      <div className="toolbar">
        <ResourceTypePicker
          value={resourceType}
          onChange={(name) => {
            setResourceType(name);
            setSelected('');
          }}
        />
      </div>
      <Search resourceType={resourceType} />
      <div className="columns">
        <nav className="list" aria-label="Namespaces">
          <Loading when={loading && !data} />
          <ErrorBox error={error} />
          {data ? <p className="muted">{data.namespaces.totalCount} namespaces</p> : null}
          <ul>
            {data?.namespaces.nodes.map((namespace) => (
              <li key={namespace.id}>
                <button
                  className={namespace.name === selected ? 'link selected' : 'link'}
                  onClick={() => setSelected(namespace.name)}
                >
                  {namespace.displayName ?? namespace.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {selected ? <NamespaceDetail name={selected} resourceType={resourceType} /> : null}
      </div>
    </div>
  );
}
