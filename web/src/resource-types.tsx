import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from './gql';

export const ResourceTypesQuery = graphql(`
  query ResourceTypes {
    resourceTypes {
      id
      name
    }
  }
`);

/** A select of the catalog's resource types. */
export function ResourceTypePicker({
  value,
  onChange,
  label = 'Resource type',
  allowNone = false,
}: {
  value: string;
  onChange: (name: string) => void;
  label?: string;
  allowNone?: boolean;
}) {
  const { data } = useQuery(ResourceTypesQuery);
  return (
    <label className="field">
      <span className="label">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-label={label}>
        {allowNone || !value ? <option value="">{allowNone ? 'any' : 'choose…'}</option> : null}
        {data?.resourceTypes.map((type) => (
          <option key={type.id} value={type.name}>
            {type.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const NEW = '\u0000new';

/**
 * A resource type for something that creates it when unknown (an association, a resource): one of the known
 * types, or, as an explicit action, a new one typed and confirmed. `value` is '' until a type is chosen, or
 * while a new one is typed but not confirmed.
 */
export function ResourceTypeChoice({
  value,
  onChange,
  label = 'Resource type',
  allowNone = false,
  error,
}: {
  value: string;
  onChange: (name: string) => void;
  label?: string;
  allowNone?: boolean;
  error?: string;
}) {
  const { data } = useQuery(ResourceTypesQuery);
  const known = data?.resourceTypes.map((type) => type.name) ?? [];
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  return (
    <div className="field">
      <label>
        <span className="label">{label}</span>
        <select
          aria-label={label}
          value={adding ? NEW : value}
          onChange={(event) => {
            const next = event.target.value;
            setAdding(next === NEW);
            setConfirmed(false);
            onChange(next === NEW ? '' : next);
          }}
        >
          <option value="">{allowNone ? 'none' : 'choose…'}</option>
          {known.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={NEW}>New resource type…</option>
        </select>
      </label>
      {adding ? (
        <div className="new-type">
          <label>
            <span className="label">New resource type name</span>
            <input
              value={typed}
              placeholder="e.g. OS::Octavia::LoadBalancer"
              onChange={(event) => {
                setTyped(event.target.value);
                setConfirmed(false);
                onChange('');
              }}
            />
          </label>
          {typed.trim() && known.some((name) => name.toLowerCase() === typed.trim().toLowerCase()) ? (
            <span className="field-error" role="alert">
              {known.find((name) => name.toLowerCase() === typed.trim().toLowerCase())} exists: choose it
              above
            </span>
          ) : typed.trim() ? (
            <label className="inline">
              <input
                type="checkbox"
                checked={confirmed}
                onChange={(event) => {
                  setConfirmed(event.target.checked);
                  onChange(event.target.checked ? typed.trim() : '');
                }}
              />
              Create the resource type {typed.trim()}
            </label>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
