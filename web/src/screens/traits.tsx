import { useLazyQuery, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { graphql } from '../gql';
import type { ProviderTreeQuery } from '../gql/graphql';
import { useLive } from '../live';
import { ErrorBox, Field, splitList } from '../ui';

const ValidateTraitsQuery = graphql(`
  query ValidateTraits($names: [String!]!) {
    validateTraits(names: $names) {
      valid
      invalid
    }
  }
`);

const ProvidersQuery = graphql(`
  query Providers($filter: ResourceProviderFilter) {
    resourceProviders(filter: $filter, first: 100) {
      nodes {
        id
        uuid
        name
        generation
        root {
          id
          uuid
        }
        traits {
          id
          name
        }
      }
    }
  }
`);

const ProviderTreeQuery = graphql(`
  query ProviderTree($root: UUID!) {
    resourceProviders(filter: { inTree: $root }, first: 500) {
      nodes {
        id
        uuid
        name
        generation
        parent {
          id
          uuid
        }
        traits {
          id
          name
        }
      }
    }
  }
`);

const CustomTraitsQuery = graphql(`
  query CustomTraits {
    traits(filter: { standard: false }, first: 500) {
      totalCount
      nodes {
        id
        name
      }
    }
  }
`);

const TraitChangedSubscription = graphql(`
  subscription TraitChanged {
    traitChanged {
      kind
      id
      name
    }
  }
`);

const ProviderChangedSubscription = graphql(`
  subscription ResourceProviderChanged {
    resourceProviderChanged {
      kind
      id
      resourceProvider {
        id
        uuid
        name
        generation
        parent {
          id
          uuid
        }
        traits {
          id
          name
        }
      }
    }
  }
`);

type TreeNode = ProviderTreeQuery['resourceProviders']['nodes'][number];

function ValidateTraits() {
  const [text, setText] = useState('');
  const [validate, { data, error }] = useLazyQuery(ValidateTraitsQuery);
  return (
    <section aria-label="Validate traits">
      <h2>Validate trait names</h2>
      <textarea
        aria-label="Trait names"
        placeholder="HW_CPU_X86_AVX2, CUSTOM_GOLD …"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button onClick={() => void validate({ variables: { names: splitList(text) } })}>Validate</button>
      <ErrorBox error={error} />
      {data ? (
        <div className="columns">
          <div aria-label="Valid traits">
            <strong className="ok">Valid</strong>
            <ul>
              {data.validateTraits.valid.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
          <div aria-label="Invalid traits">
            <strong className="error">Not traits of this cloud</strong>
            <ul>
              {data.validateTraits.invalid.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The cloud's own traits (CUSTOM_*): the standard ones are the os-traits library's, hundreds of them. */
function CustomTraits() {
  const { data, error } = useQuery(CustomTraitsQuery, { fetchPolicy: 'cache-and-network' });
  return (
    <section aria-label="Custom traits">
      <h2>Custom traits{data ? ` (${data.traits.totalCount})` : ''}</h2>
      <ErrorBox error={error} />
      {data && !data.traits.nodes.length ? <p className="muted">No custom traits.</p> : null}
      <ul className="inline-list">
        {data?.traits.nodes.map((trait) => (
          <li key={trait.id}>
            <span className="tag">{trait.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProviderTree({ root }: { root: string }) {
  const { data, error } = useQuery(ProviderTreeQuery, {
    variables: { root },
    fetchPolicy: 'cache-and-network',
  });
  const nodes = data?.resourceProviders.nodes ?? [];
  const branch = (parent: string | null) => {
    const list = nodes.filter((node: TreeNode) => (node.parent?.uuid ?? null) === parent);
    if (!list.length) return null;
    return (
      <ul>
        {list.map((node) => (
          <li key={node.id}>
            <strong>{node.name}</strong> <span className="muted">generation {node.generation}</span>{' '}
            {node.traits.map((trait) => (
              <span key={trait.id} className="tag">
                {trait.name}
              </span>
            ))}
            {branch(node.uuid)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-label="Provider tree">
      <h2>Provider tree</h2>
      <ErrorBox error={error} />
      {branch(null)}
    </section>
  );
}

/**
 * Traits and providers: the custom traits; validate trait names; find providers by traits; a provider's tree.
 * Live: a trait created or deleted fetches the trait lists and validation again, a provider's change the
 * providers shown.
 */
export function TraitsScreen() {
  // A trait created or deleted changes the lists, their counts and what is valid.
  useLive(TraitChangedSubscription, {}, { refetch: () => [CustomTraitsQuery, ValidateTraitsQuery] });
  // A provider's new name, parent, traits and generation come with the event, and a deleted one is evicted
  // (the lists drop it); which providers match a trait filter after a change, and where a new one shows, are
  // the server's to say.
  useLive(
    ProviderChangedSubscription,
    {},
    {
      refetch: ({ kind }) =>
        kind === 'CREATED'
          ? [ProvidersQuery, ProviderTreeQuery]
          : kind === 'UPDATED' && traitFilter.current
            ? [ProvidersQuery]
            : [],
    },
  );
  const [required, setRequired] = useState('');
  const [forbidden, setForbidden] = useState('');
  const [anyOf, setAnyOf] = useState('');
  const [tree, setTree] = useState('');
  const [find, { data, error }] = useLazyQuery(ProvidersQuery);
  /** Whether the providers shown were filtered by traits (a trait change may add or remove some). */
  const traitFilter = useRef(false);
  const search = () => {
    const groups = anyOf
      .split(';')
      .map(splitList)
      .filter((group) => group.length);
    traitFilter.current = Boolean(splitList(required).length || splitList(forbidden).length || groups.length);
    void find({
      variables: {
        filter: {
          ...(splitList(required).length ? { required: splitList(required) } : {}),
          ...(splitList(forbidden).length ? { forbidden: splitList(forbidden) } : {}),
          ...(groups.length ? { anyOf: groups } : {}),
        },
      },
    });
  };
  return (
    <div>
      <CustomTraits />
      <ValidateTraits />
      <section aria-label="Find providers">
        <h2>Find providers</h2>
        <div className="form-row">
          <Field label="Required traits">
            <input value={required} onChange={(event) => setRequired(event.target.value)} />
          </Field>
          <Field label="Forbidden traits">
            <input value={forbidden} onChange={(event) => setForbidden(event.target.value)} />
          </Field>
          <Field label="Any of (groups separated by ;)">
            <input value={anyOf} onChange={(event) => setAnyOf(event.target.value)} />
          </Field>
          <button onClick={search}>Find providers</button>
        </div>
        <ErrorBox error={error} />
        {data ? (
          <table aria-label="Providers">
            <thead>
              <tr>
                <th>Provider</th>
                <th>Generation</th>
                <th>Traits</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.resourceProviders.nodes.map((provider) => (
                <tr key={provider.id}>
                  <td>{provider.name}</td>
                  <td>{provider.generation}</td>
                  <td>{provider.traits.map((trait) => trait.name).join(', ')}</td>
                  <td>
                    <button className="small" onClick={() => setTree(provider.root.uuid)}>
                      Show tree of {provider.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {data && !data.resourceProviders.nodes.length ? <p className="muted">No provider matches.</p> : null}
      </section>
      {tree ? <ProviderTree root={tree} /> : null}
    </div>
  );
}
