import { useLazyQuery, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { graphql } from '../gql';
import type { ProviderTreeQuery } from '../gql/graphql';
import { HistoryPanel, NodeHistoryQuery } from '../history';
import { useLive } from '../live';
import { ErrorBox, errorsByField, Field, splitList } from '../ui';

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

const BrowseTraitsQuery = graphql(`
  query BrowseTraits($filter: TraitFilter, $after: String) {
    traits(filter: $filter, first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        standard
        associated
      }
    }
  }
`);

const TraitSuggestionsQuery = graphql(`
  query TraitSuggestions($startsWith: String!) {
    traits(filter: { startsWith: $startsWith }, first: 20) {
      nodes {
        id
        name
      }
    }
  }
`);

const TraitChangedSubscription = graphql(`
  subscription TraitChanged($after: String) {
    traitChanged(after: $after) {
      cursor
      kind
      id
      name
    }
  }
`);

const ProviderChangedSubscription = graphql(`
  subscription ResourceProviderChanged($after: String) {
    resourceProviderChanged(after: $after) {
      cursor
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

const KINDS = [
  ['all', 'All'],
  ['standard', 'Standard'],
  ['custom', 'Custom'],
] as const;

/** Every trait, standard and custom, by name: a prefix search and pages of 50. */
function BrowseTraits() {
  const [prefix, setPrefix] = useState('');
  const [kind, setKind] = useState<(typeof KINDS)[number][0]>('all');
  // The cursors of the pages before this one (the first page has none).
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const after = pages[pages.length - 1];
  const startsWith = prefix.trim().toUpperCase();
  const { data, previousData, error } = useQuery(BrowseTraitsQuery, {
    variables: {
      filter: {
        ...(startsWith ? { startsWith } : {}),
        ...(kind === 'all' ? {} : { standard: kind === 'standard' }),
      },
      after,
    },
    fetchPolicy: 'cache-and-network',
  });
  const shown = (data ?? previousData)?.traits;
  const first = (pages.length - 1) * 50;
  return (
    <section aria-label="All traits">
      <h2>All traits{shown ? ` (${shown.totalCount})` : ''}</h2>
      <div className="form-row">
        <Field label="Name starts with">
          <input
            type="search"
            value={prefix}
            placeholder="HW_CPU_X86"
            onChange={(event) => {
              setPrefix(event.target.value.toUpperCase());
              setPages([null]);
            }}
          />
        </Field>
        <Field label="Kind">
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as typeof kind);
              setPages([null]);
            }}
          >
            {KINDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorBox error={error} />
      {shown && !shown.nodes.length ? <p className="muted">No trait starts with {startsWith}.</p> : null}
      <ul className="trait-list" aria-label="Traits">
        {shown?.nodes.map((trait) => (
          <li key={trait.id}>
            <code>{trait.name}</code>
            <span className="muted">
              {' '}
              {trait.standard ? 'standard' : 'custom'}
              {trait.associated ? ' · on a provider' : ''}
            </span>
          </li>
        ))}
      </ul>
      {shown ? (
        <nav className="pager" aria-label="Trait pages">
          <button className="small" disabled={pages.length < 2} onClick={() => setPages(pages.slice(0, -1))}>
            Previous page
          </button>
          <span className="muted">
            {shown.nodes.length ? `${first + 1}–${first + shown.nodes.length} of ${shown.totalCount}` : ''}
          </span>
          <button
            className="small"
            disabled={!shown.pageInfo.hasNextPage}
            onClick={() => setPages([...pages, shown.pageInfo.endCursor])}
          >
            Next page
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/**
 * An input of trait names (separated by commas or spaces) that suggests known names for the word being typed
 * (a datalist), shows names in upper case (as traits are), and the API's error for its field beside it.
 */
export function TraitNamesInput({
  label,
  value,
  onChange,
  error,
  separators = ',',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  separators?: string;
}) {
  const match = new RegExp(`^(.*[${separators}\\s])?([^${separators}\\s]*)$`).exec(value);
  const head = match?.[1] ?? '';
  const word = (match?.[2] ?? '').trim();
  const { data } = useQuery(TraitSuggestionsQuery, {
    variables: { startsWith: word },
    skip: word.length < 2,
  });
  const id = `traits-${label.replace(/[^A-Za-z]/g, '')}`;
  return (
    <Field label={label} error={error}>
      <input
        value={value}
        list={`${id}-list`}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      <datalist id={`${id}-list`}>
        {word.length >= 2
          ? data?.traits.nodes
              .filter((trait) => trait.name !== word)
              .map((trait) => <option key={trait.id} value={`${head}${trait.name}`} />)
          : null}
      </datalist>
    </Field>
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
  useLive(
    TraitChangedSubscription,
    {},
    {
      refetch: () => [CustomTraitsQuery, BrowseTraitsQuery, TraitSuggestionsQuery, ValidateTraitsQuery],
      resync: [CustomTraitsQuery, BrowseTraitsQuery, TraitSuggestionsQuery, ValidateTraitsQuery],
    },
  );
  // A provider's new name, parent, traits and generation come with the event, and a deleted one is evicted
  // (the lists drop it); which providers match a trait filter after a change, and where a new one shows, are
  // the server's to say.
  useLive(
    ProviderChangedSubscription,
    {},
    {
      refetch: ({ kind }) =>
        kind === 'CREATED'
          ? [ProvidersQuery, ProviderTreeQuery, NodeHistoryQuery]
          : kind === 'UPDATED' && traitFilter.current
            ? [ProvidersQuery, NodeHistoryQuery]
            : [NodeHistoryQuery],
      resync: [ProvidersQuery, ProviderTreeQuery, NodeHistoryQuery],
    },
  );
  const [required, setRequired] = useState('');
  const [forbidden, setForbidden] = useState('');
  const [anyOf, setAnyOf] = useState('');
  const [tree, setTree] = useState('');
  // The provider whose history is shown.
  const [history, setHistory] = useState<{ id: string; label: string } | null>(null);
  const [find, { data, error }] = useLazyQuery(ProvidersQuery);
  // The API's errors beside the field they name (extensions.field: filter.required, filter.anyOf.0, …).
  const byField = errorsByField(error);
  const errorAt = (path: string) =>
    Object.entries(byField)
      .filter(([field]) => field === path || field.startsWith(`${path}.`))
      .map(([, message]) => message)
      .join('; ') || undefined;
  const general = Object.entries(byField)
    .filter(
      ([field]) =>
        !['filter.required', 'filter.forbidden', 'filter.anyOf'].some(
          (p) => field === p || field.startsWith(`${p}.`),
        ),
    )
    .map(([field, message]) => (field ? `${field}: ${message}` : message))
    .join('; ');
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
      <BrowseTraits />
      <ValidateTraits />
      <section aria-label="Find providers">
        <h2>Find providers</h2>
        <div className="form-row">
          <TraitNamesInput
            label="Required traits"
            value={required}
            onChange={setRequired}
            error={errorAt('filter.required')}
          />
          <TraitNamesInput
            label="Forbidden traits"
            value={forbidden}
            onChange={setForbidden}
            error={errorAt('filter.forbidden')}
          />
          <TraitNamesInput
            label="Any of (groups separated by ;)"
            value={anyOf}
            onChange={setAnyOf}
            error={errorAt('filter.anyOf')}
            separators=",;"
          />
          <button onClick={search}>Find providers</button>
        </div>
        {general ? (
          <div className="error" role="alert">
            {general}
          </div>
        ) : null}
        {data && !error ? (
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
                    </button>{' '}
                    <button
                      className="small"
                      onClick={() => setHistory({ id: provider.id, label: provider.name })}
                    >
                      History of {provider.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {data && !error && !data.resourceProviders.nodes.length ? (
          <p className="muted">No provider matches.</p>
        ) : null}
      </section>
      {history ? <HistoryPanel {...history} key={history.id} onClose={() => setHistory(null)} /> : null}
      {tree ? <ProviderTree root={tree} /> : null}
    </div>
  );
}
