import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../gql';
import { useLive } from '../live';
import { ResourceTypePicker } from '../resource-types';
import { ErrorBox, Field, splitList } from '../ui';

const ResourcesQuery = graphql(`
  query Resources($filter: ResourceFilter) {
    resources(filter: $filter, first: 100) {
      totalCount
      nodes {
        id
        uuid
        name
        resourceType
        projectId
        tags
      }
    }
  }
`);

const TagUsageQuery = graphql(`
  query TagUsage($filter: ResourceTagUsageFilter) {
    resourceTagUsage(filter: $filter, first: 100) {
      nodes {
        tag
        normalized
        count
        caseVariants
        resourceTypes {
          resourceType
          count
        }
      }
    }
  }
`);

const DiscoveryQuery = graphql(`
  query Discovery($resourceType: String!, $includePrivate: Boolean!) {
    resourceProperties(resourceType: $resourceType, includePrivate: $includePrivate) {
      id
      name
      private
      values
      definition {
        id
        name
        title
        type
      }
    }
  }
`);

const PrivateKeysQuery = graphql(`
  query PrivateKeys($resourceType: String!) {
    resourceProperties(resourceType: $resourceType, includePrivate: true) {
      id
      name
      private
    }
  }
`);

const ResourceChangedSubscription = graphql(`
  subscription ResourceChanged($resourceType: String, $after: String) {
    resourceChanged(resourceType: $resourceType, after: $after) {
      cursor
      kind
      id
      resource {
        id
        uuid
        name
        resourceType
        projectId
        tags
      }
    }
  }
`);

const FILTERS = [
  ['tags', 'All of these tags'],
  ['tagsAny', 'Any of these tags'],
  ['notTags', 'None of these tags'],
  ['notTagsAny', 'Not all of these tags'],
] as const;
type TagFilter = (typeof FILTERS)[number][0];

function Discovery({ resourceType }: { resourceType: string }) {
  const [includePrivate, setIncludePrivate] = useState(false);
  const { data, error } = useQuery(DiscoveryQuery, {
    variables: { resourceType, includePrivate },
    skip: !resourceType,
    fetchPolicy: 'cache-and-network',
  });
  // Whether private keys exist that the list leaves out: asked as an admin would; anyone else is refused
  // (FORBIDDEN), and then there is nothing to offer.
  const hidden = useQuery(PrivateKeysQuery, {
    variables: { resourceType },
    skip: !resourceType || includePrivate,
    errorPolicy: 'all',
    fetchPolicy: 'cache-and-network',
  });
  const privateKeys = hidden.error
    ? []
    : (hidden.data?.resourceProperties.filter((key) => key.private) ?? []);
  if (!resourceType)
    return <p className="muted">Choose a resource type to see the keys its resources carry.</p>;
  return (
    <section aria-label="Property discovery">
      <h2>Property keys of {resourceType}</h2>
      <label className="inline">
        <input
          type="checkbox"
          checked={includePrivate}
          onChange={(event) => setIncludePrivate(event.target.checked)}
        />
        include private keys (admins)
      </label>
      <ErrorBox error={error} />
      {!includePrivate && privateKeys.length ? (
        <p className="hint" role="status">
          {privateKeys.length} private key{privateKeys.length > 1 ? 's are' : ' is'} not listed (
          {privateKeys.map((key) => key.name).join(', ')}).{' '}
          <button className="small" onClick={() => setIncludePrivate(true)}>
            Show private keys
          </button>
        </p>
      ) : null}
      {data && !data.resourceProperties.length ? (
        <p className="muted">
          {privateKeys.length ? 'No public keys.' : includePrivate ? 'No keys yet.' : 'No public keys yet.'}
        </p>
      ) : null}
      <ul>
        {data?.resourceProperties.map((property) => (
          <li key={property.id}>
            <code>{property.name}</code>
            {property.private ? <span className="muted"> (private)</span> : null}{' '}
            {property.definition ? (
              <span className="muted">
                ({property.definition.title}, {property.definition.type.toLowerCase()})
              </span>
            ) : null}{' '}
            values: {property.values.map((value) => JSON.stringify(value)).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Resources: Nova's four tag filters with the tag usage catalog beside them; property discovery. Live: a
 * resource of the chosen type (any type when none is chosen) created, changed or deleted fetches all three
 * again.
 */
export function ResourcesScreen() {
  const [resourceType, setResourceType] = useState('');
  const [filters, setFilters] = useState<Record<TagFilter, string>>({
    tags: '',
    tagsAny: '',
    notTags: '',
    notTagsAny: '',
  });
  const filter = {
    ...(resourceType ? { resourceType } : {}),
    ...Object.fromEntries(
      FILTERS.map(([key]) => [key, splitList(filters[key])]).filter(([, list]) => list.length),
    ),
  };
  // Events are heard only while this screen is open: what the cache holds may be older.
  const resources = useQuery(ResourcesQuery, { variables: { filter }, fetchPolicy: 'cache-and-network' });
  const usage = useQuery(TagUsageQuery, {
    variables: { filter: resourceType ? { resourceType } : {} },
    fetchPolicy: 'cache-and-network',
  });
  const tagFiltered = FILTERS.some(([key]) => splitList(filters[key]).length);
  useLive(
    ResourceChangedSubscription,
    { resourceType: resourceType || null },
    {
      // A resource's new name and tags come with the event; the tag counts and the keys seen are the server's,
      // and so is which resources match the tag filters (or exist, after a creation or deletion).
      refetch: ({ kind }) =>
        kind === 'UPDATED' && !tagFiltered
          ? [TagUsageQuery, DiscoveryQuery, PrivateKeysQuery]
          : [ResourcesQuery, TagUsageQuery, DiscoveryQuery, PrivateKeysQuery],
      resync: [ResourcesQuery, TagUsageQuery, DiscoveryQuery, PrivateKeysQuery],
    },
  );
  const addTag = (tag: string) =>
    setFilters({ ...filters, tags: [...splitList(filters.tags), tag].join(', ') });
  const shown = resources.data ?? resources.previousData;
  return (
    <div>
      <div className="toolbar">
        <ResourceTypePicker value={resourceType} onChange={setResourceType} allowNone />
      </div>
      <div className="columns">
        <section aria-label="Resources">
          <div className="form-row">
            {FILTERS.map(([key, label]) => (
              <Field key={key} label={label}>
                <input
                  value={filters[key]}
                  aria-label={label}
                  onChange={(event) => setFilters({ ...filters, [key]: event.target.value })}
                />
              </Field>
            ))}
          </div>
          <ErrorBox error={resources.error} />
          {shown ? <p className="muted">{shown.resources.totalCount} resources</p> : null}
          <table aria-label="Matching resources">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Project</th>
                <th>Tags</th>
              </tr>
            </thead>
            <tbody>
              {shown?.resources.nodes.map((resource) => (
                <tr key={resource.id}>
                  <td>{resource.name ?? resource.uuid}</td>
                  <td>{resource.resourceType}</td>
                  <td>{resource.projectId}</td>
                  <td>
                    {resource.tags.map((tag) => (
                      <span key={tag} className="tag">
                        {tag}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <aside aria-label="Tag usage">
          <h2>Tags in use</h2>
          <p className="muted">Choose a tag to require it.</p>
          <ErrorBox error={usage.error} />
          <ul>
            {usage.data?.resourceTagUsage.nodes.map((tag) => (
              <li key={tag.tag}>
                <button className="link" onClick={() => addTag(tag.tag)}>
                  {tag.tag}
                </button>{' '}
                <span className="muted">
                  ×{tag.count}
                  {tag.caseVariants.length > 1 ? ` · also ${tag.caseVariants.join(', ')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <Discovery resourceType={resourceType} />
    </div>
  );
}
