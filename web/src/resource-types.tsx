import { useQuery } from '@apollo/client/react';
import { graphql } from './gql';

const ResourceTypesQuery = graphql(`
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
