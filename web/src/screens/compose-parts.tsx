import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { fillKey, parameterProblem, type Definition, type Parameter, type Property } from '../compose-model';
import { graphql } from '../gql';
import type { FollowRule } from '../gql/graphql';

/**
 * The parts of Compose that speak Nova's rules: the placeholders of a parameterized key picked before it is
 * added, a deprecated key's note and replacement, which definition validateMetadata followed and why, and the
 * keys a complete namespace suggests for one it refuses.
 */

const TraitSuggestionsQuery = graphql(`
  query ComposeTraitSuggestions($startsWith: String!) {
    traits(filter: { startsWith: $startsWith }, first: 20) {
      nodes {
        id
        name
      }
    }
  }
`);

const KIND_HINTS: Record<Parameter['kind'], string> = {
  NUMBER: 'a number, e.g. 0',
  GROUP: 'a request group suffix, empty for none',
  TRAIT: 'a trait the catalog knows',
  RESOURCE_CLASS: 'a resource class, e.g. VCPU or CUSTOM_…',
  TEXT: 'text',
};

/** The placeholders in the order the key names them. */
const orderedParameters = (definition: Definition): Parameter[] => {
  const byName = new Map(definition.property.parameters.map((parameter) => [parameter.name, parameter]));
  return [...definition.key.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)]
    .map((match) => byName.get(match[1]))
    .filter((parameter): parameter is Parameter => Boolean(parameter));
};

function TraitOptions({ id, prefix }: { id: string; prefix: string }) {
  const suggestions = useQuery(TraitSuggestionsQuery, { variables: { startsWith: prefix } });
  return (
    <datalist id={id}>
      {suggestions.data?.traits.nodes.map((trait) => (
        <option key={trait.id} value={trait.name} />
      ))}
    </datalist>
  );
}

/**
 * The placeholders of a parameterized definition, each checked as the server checks its kind, the key they
 * make shown as it is typed; Add puts that key in the draft (not while a placeholder is wrong or the key is
 * already there).
 */
export function ParameterPicker({
  definition,
  inDraft,
  onAdd,
  onCancel,
}: {
  definition: Definition;
  inDraft: Set<string>;
  onAdd: (key: string) => void;
  onCancel: () => void;
}) {
  const parameters = orderedParameters(definition);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(parameters.map((parameter) => [parameter.name, ''])),
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const problems = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      parameterProblem(parameter, values[parameter.name] ?? ''),
    ]),
  );
  const key = fillKey(definition, values);
  const duplicate = inDraft.has(key);
  const ready = parameters.every((parameter) => !problems[parameter.name]) && !duplicate;
  const idOf = (name: string) => `placeholder-${definition.key}-${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <form
      className="placeholders"
      aria-label={`Placeholders of ${definition.key}`}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(Object.fromEntries(parameters.map((parameter) => [parameter.name, true])));
        if (ready) onAdd(key);
      }}
    >
      {parameters.map((parameter, index) => {
        const problem = touched[parameter.name] ? problems[parameter.name] : null;
        const id = idOf(parameter.name);
        return (
          <label key={parameter.name} className="field">
            <span className="label">
              {`{${parameter.name}}`} <span className="muted">{KIND_HINTS[parameter.kind]}</span>
            </span>
            <input
              id={id}
              autoFocus={index === 0}
              aria-label={`${parameter.name} of ${definition.key}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              inputMode={parameter.kind === 'NUMBER' ? 'numeric' : undefined}
              list={parameter.kind === 'TRAIT' ? `${id}-traits` : undefined}
              value={values[parameter.name] ?? ''}
              onChange={(event) => {
                setValues({ ...values, [parameter.name]: event.target.value });
                setTouched({ ...touched, [parameter.name]: true });
              }}
            />
            {parameter.kind === 'TRAIT' ? (
              <TraitOptions id={`${id}-traits`} prefix={values[parameter.name] ?? ''} />
            ) : null}
            {parameter.description ? <span className="muted small-text">{parameter.description}</span> : null}
            {problem ? (
              <span id={`${id}-error`} className="field-error" role="alert">
                {problem}
              </span>
            ) : null}
          </label>
        );
      })}
      <p aria-label={`Key made from ${definition.key}`}>
        <code>{key}</code>
        {duplicate ? <span className="field-error"> is already in the draft</span> : null}
      </p>
      <button type="submit" className="small" disabled={!ready}>
        Add {ready ? key : 'key'}
      </button>{' '}
      <button type="button" className="small secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** A deprecated definition's note: why, and the key to use instead (a button that swaps the key). */
export function DeprecationNote({
  property,
  keyName,
  onReplace,
}: {
  property: Property;
  keyName: string;
  onReplace?: (replacement: string) => void;
}) {
  const deprecated = property.deprecated;
  if (!deprecated) return null;
  return (
    <div className="deprecated" aria-label={`Deprecation of ${keyName}`}>
      <strong>Deprecated</strong>: {deprecated.reason}
      {deprecated.replacement ? (
        <>
          {' '}
          Use <code>{deprecated.replacement}</code> instead.{' '}
          {onReplace ? (
            <button className="small" onClick={() => onReplace(deprecated.replacement!)}>
              Use {deprecated.replacement}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** How validateMetadata read a key (its `keys` entry). */
export interface KeyCheck {
  key: string;
  rule?: FollowRule | null;
  followed?: { id: string; namespace: { name: string; displayName?: string | null } } | null;
  notFollowed: { id: string; namespace: { name: string; displayName?: string | null } }[];
}

const RULE_TEXT: Record<FollowRule, string> = {
  COMPLETE_NAMESPACE: 'its complete namespace decides for this key',
  FIRST: 'no definition accepts the value: the first one’s errors count',
  FIRST_ACCEPTING: 'the first definition that accepts the value',
  ONLY: 'the only definition of the key',
};

/**
 * Which definition the server's verdict followed, when the key has others (Glance's files and Nova's may
 * disagree): shown so that a row's own checks and the server's verdict can be told apart.
 */
export function FollowedNote({ check }: { check?: KeyCheck }) {
  if (!check?.followed || !check.rule || (!check.notFollowed.length && check.rule !== 'COMPLETE_NAMESPACE'))
    return null;
  const namespace = check.followed.namespace;
  return (
    <div className="muted small-text" aria-label={`Verdict of ${check.key}`}>
      validateMetadata follows {namespace.displayName ?? namespace.name}: {RULE_TEXT[check.rule]}
      {check.notFollowed.length
        ? ` (not ${[...new Set(check.notFollowed.map((d) => d.namespace.displayName ?? d.namespace.name))].join(', ')})`
        : ''}
    </div>
  );
}

/** "Did you mean": the keys a complete namespace suggests for one it refuses, each a button that renames. */
export function Suggestions({
  keyName,
  suggestions,
  onPick,
}: {
  keyName: string;
  suggestions: readonly string[];
  onPick: (key: string) => void;
}) {
  if (!suggestions.length) return null;
  return (
    <div className="suggestions" role="group" aria-label={`Suggestions for ${keyName}`}>
      Did you mean{' '}
      {suggestions.map((suggestion) => (
        <button key={suggestion} className="small" onClick={() => onPick(suggestion)}>
          {suggestion}
        </button>
      ))}
      ?
    </div>
  );
}
