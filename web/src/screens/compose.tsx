import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../gql';
import type { PropertyFieldsFragment } from '../gql/graphql';
import { ResourceTypePicker } from '../resource-types';
import { ErrorBox, splitList } from '../ui';
import { constraintsOf } from './definitions';

const CandidatesQuery = graphql(`
  query ComposeCandidates($query: String!, $resourceType: String!) {
    searchProperties(query: $query, resourceType: $resourceType, first: 10) {
      nodes {
        namespace {
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

const ValidateQuery = graphql(`
  query ValidateDraft($resourceType: String!, $metadata: JSON!) {
    validateMetadata(resourceType: $resourceType, metadata: $metadata) {
      valid
      unknownKeys
      errors {
        key
        message
      }
    }
  }
`);

type Property = PropertyFieldsFragment;
type Value = string | number | boolean | string[];

interface DraftEntry {
  property: Property;
  /** '' for a plain value, else one of the property's operators. */
  operator: string;
  value: Value;
  /** The choices of a multi-value operator. */
  choices: string[];
}

const choicesOf = (property: Property): string[] | null =>
  (property.enum ?? property.items?.enum)?.map(String) ?? null;

function initialValue(property: Property): Value {
  if (property.default != null) return property.default as Value;
  if (property.type === 'BOOLEAN') return false;
  if (property.type === 'ARRAY') return [];
  if (property.enum?.length) return String(property.enum[0]);
  return '';
}

/** What a draft entry puts on the resource: the value, or the operator expression Nova reads. */
function valueOf(entry: DraftEntry): Value {
  if (!entry.operator) return entry.value;
  if (entry.operator === '<or>') return entry.choices.map((choice) => `<or> ${choice}`).join(' ');
  return `${entry.operator} ${entry.choices.join(' ')}`;
}

/** A shell word: quoted when it holds anything but safe characters. */
const shellWord = (word: string) =>
  /^[\w:.,=/@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

const cliValue = (value: Value) => (Array.isArray(value) ? value.join(',') : String(value));

/** The openstack command that sets properties on a resource type (the keys carry that type's prefix). */
const CLI_OF: Record<string, 'flavor' | 'image'> = {
  'OS::Nova::Flavor': 'flavor',
  'OS::Glance::Image': 'image',
};

export function cliLines(command: 'flavor' | 'image', metadata: Record<string, Value>): string {
  const target = command === 'flavor' ? '<flavor>' : '<image>';
  const options = Object.entries(metadata).map(
    ([key, value]) => ` \\\n  --property ${shellWord(`${key}=${cliValue(value)}`)}`,
  );
  return `openstack ${command} set${options.join('')} ${target}`;
}

/** A checkbox per choice: the choices of a multi-value operator, or the items of an array. */
function Checkboxes({
  label,
  choices,
  selected,
  onChange,
}: {
  label: string;
  choices: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
}) {
  return (
    <span className="choices" aria-label={label}>
      {choices.map((choice) => (
        <label key={choice} className="inline">
          <input
            type="checkbox"
            checked={selected.includes(choice)}
            onChange={(event) =>
              onChange(event.target.checked ? [...selected, choice] : selected.filter((c) => c !== choice))
            }
          />
          {choice}
        </label>
      ))}
    </span>
  );
}

function ValueControl({ entry, onChange }: { entry: DraftEntry; onChange: (entry: DraftEntry) => void }) {
  const { property } = entry;
  const label = `Value of ${property.name}`;
  const choices = choicesOf(property);
  if (entry.operator) {
    if (choices) {
      return (
        <Checkboxes
          label={label}
          choices={choices}
          selected={entry.choices}
          onChange={(selected) => onChange({ ...entry, choices: selected })}
        />
      );
    }
    return (
      <input
        aria-label={label}
        placeholder="values, separated by commas"
        value={entry.choices.join(', ')}
        onChange={(event) => onChange({ ...entry, choices: splitList(event.target.value) })}
      />
    );
  }
  if (property.type === 'BOOLEAN') {
    return (
      <input
        type="checkbox"
        aria-label={label}
        checked={entry.value === true || entry.value === 'true'}
        onChange={(event) => onChange({ ...entry, value: event.target.checked })}
      />
    );
  }
  if (property.type === 'ARRAY' && choices) {
    return (
      <Checkboxes
        label={label}
        choices={choices}
        selected={Array.isArray(entry.value) ? entry.value : []}
        onChange={(selected) => onChange({ ...entry, value: selected })}
      />
    );
  }
  if (property.type === 'ARRAY') {
    return (
      <input
        aria-label={label}
        placeholder="items, separated by commas"
        value={Array.isArray(entry.value) ? entry.value.join(', ') : ''}
        onChange={(event) => onChange({ ...entry, value: splitList(event.target.value) })}
      />
    );
  }
  if (choices) {
    return (
      <select
        aria-label={label}
        value={String(entry.value)}
        onChange={(event) => onChange({ ...entry, value: event.target.value })}
      >
        {choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    );
  }
  if (property.type === 'INTEGER' || property.type === 'NUMBER') {
    return (
      <input
        type="number"
        aria-label={label}
        min={property.minimum ?? undefined}
        max={property.maximum ?? undefined}
        step={property.type === 'INTEGER' ? 1 : 'any'}
        value={String(entry.value)}
        onChange={(event) =>
          onChange({ ...entry, value: event.target.value === '' ? '' : Number(event.target.value) })
        }
      />
    );
  }
  return (
    <input
      aria-label={label}
      pattern={property.pattern ?? undefined}
      minLength={property.minLength ?? undefined}
      maxLength={property.maxLength ?? undefined}
      value={String(entry.value)}
      onChange={(event) => onChange({ ...entry, value: event.target.value })}
    />
  );
}

function Output({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="output">
      <div className="output-head">
        <strong>{title}</strong>
        <button
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : `Copy ${title}`}
        </button>
      </div>
      <pre aria-label={title}>{text}</pre>
    </div>
  );
}

/** Compose metadata: a draft of key/values from the definitions, validated live, copied as JSON or CLI. */
export function ComposeScreen() {
  const [resourceType, setResourceType] = useState('OS::Nova::Flavor');
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<DraftEntry[]>([]);
  const query = search.trim();
  const candidates = useQuery(CandidatesQuery, {
    variables: { query, resourceType },
    skip: query.length < 2 || !resourceType,
  });
  const metadata = Object.fromEntries(draft.map((entry) => [entry.property.name, valueOf(entry)]));
  const validation = useQuery(ValidateQuery, {
    variables: { resourceType, metadata },
    skip: !draft.length || !resourceType,
  });
  const result = (validation.data ?? validation.previousData)?.validateMetadata;
  const errorsOf = (key: string) =>
    result?.errors.filter((error) => error.key === key).map((error) => error.message) ?? [];

  const add = (property: Property) => {
    if (draft.some((entry) => entry.property.name === property.name)) return;
    setDraft([...draft, { property, operator: '', value: initialValue(property), choices: [] }]);
  };
  const replace = (index: number, entry: DraftEntry) =>
    setDraft(draft.map((old, i) => (i === index ? entry : old)));

  return (
    <div>
      <div className="toolbar">
        <ResourceTypePicker
          value={resourceType}
          onChange={(name) => {
            setResourceType(name);
            setDraft([]);
          }}
        />
      </div>
      <input
        type="search"
        placeholder="Find a property to add…"
        aria-label="Find a property to add"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ErrorBox error={candidates.error} />
      {query.length >= 2 && candidates.data ? (
        <ul className="results" aria-label="Candidates">
          {candidates.data.searchProperties.nodes.map((hit) => (
            <li key={`${hit.namespace.id}/${hit.property.id}`}>
              <button className="small" onClick={() => add(hit.property)}>
                Add {hit.property.name}
              </button>{' '}
              {hit.property.title}{' '}
              <span className="muted">
                in {hit.namespace.name} · {constraintsOf(hit.property)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <h2>Draft</h2>
      {!draft.length ? <p className="muted">Add properties from the search above.</p> : null}
      <table className="draft" aria-label="Draft">
        <tbody>
          {draft.map((entry, index) => (
            <tr key={entry.property.name}>
              <td>
                <code>{entry.property.name}</code>
                <div className="muted">{entry.property.title}</div>
              </td>
              <td>
                {entry.property.operators?.length ? (
                  <select
                    aria-label={`Operator of ${entry.property.name}`}
                    value={entry.operator}
                    onChange={(event) => replace(index, { ...entry, operator: event.target.value })}
                  >
                    <option value="">single value</option>
                    {entry.property.operators.map((operator) => (
                      <option key={operator}>{operator}</option>
                    ))}
                  </select>
                ) : null}
              </td>
              <td>
                <ValueControl entry={entry} onChange={(changed) => replace(index, changed)} />
                {errorsOf(entry.property.name).map((message) => (
                  <div key={message} className="field-error" role="alert">
                    {message}
                  </div>
                ))}
              </td>
              <td>
                <button className="small" onClick={() => setDraft(draft.filter((_, i) => i !== index))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorBox error={validation.error} />
      {draft.length && result ? (
        <p className={result.valid ? 'ok' : 'error'} aria-label="Validation">
          {result.valid ? 'Valid for ' + resourceType : `Not valid: ${result.errors.length} problem(s)`}
          {result.unknownKeys.length ? ` · unknown keys: ${result.unknownKeys.join(', ')}` : ''}
        </p>
      ) : null}
      {draft.length ? (
        <div className="outputs">
          <Output title="JSON" text={JSON.stringify(metadata, null, 2)} />
          {CLI_OF[resourceType] ? (
            <Output title={`${CLI_OF[resourceType]} CLI`} text={cliLines(CLI_OF[resourceType], metadata)} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
