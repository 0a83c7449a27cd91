import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  choicesOf,
  CLI_OF,
  cliLines,
  definitionId,
  definitionsOf as definitionsOfKeyIn,
  diffOf,
  dropKeptDraft,
  EMPTY_DRAFT,
  isParameterized,
  hasUnsavedWork,
  keepDraft,
  keptTargets,
  loadDraft,
  loadFollows,
  newRow,
  problemsOf,
  rowFromStored,
  saveDraft,
  saveFollow,
  storedValue,
  takeKeptDraft,
  valueOf,
  type Definition,
  type Draft,
  type Row,
} from '../compose-model';
import { graphql } from '../gql';
import type { ComposeCatalogQuery } from '../gql/graphql';
import { ResourceTypePicker } from '../resource-types';
import { ErrorBox, errorsByField, splitList } from '../ui';
import { DeprecationNote, FollowedNote, ParameterPicker, Suggestions } from './compose-parts';
import { constraintsOf } from './definitions';

const CatalogQuery = graphql(`
  query ComposeCatalog($resourceType: String!) {
    namespaces(filter: { resourceTypes: [$resourceType] }, first: 100) {
      totalCount
      nodes {
        id
        name
        displayName
        resourceTypeAssociations {
          name
          prefix
          propertiesTarget
        }
        properties {
          ...PropertyFields
          storedName
        }
        objects {
          id
          name
          description
          properties {
            ...PropertyFields
            storedName
          }
        }
      }
    }
  }
`);

const TargetsQuery = graphql(`
  query ComposeTargets($resourceType: String!) {
    resources(filter: { resourceType: $resourceType }, first: 500) {
      totalCount
      nodes {
        id
        uuid
        name
        properties
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
        suggestions
      }
      warnings {
        key
        message
        replacement
      }
      keys {
        key
        rule
        followed {
          id
          namespace {
            id
            name
            displayName
          }
        }
        notFollowed {
          id
          namespace {
            id
            name
            displayName
          }
        }
      }
    }
  }
`);

const ApplyMutation = graphql(`
  mutation ApplyProperties($uuid: UUID!, $properties: JSON!) {
    setResourceProperties(uuid: $uuid, properties: $properties) {
      id
      uuid
      name
      properties
    }
  }
`);

/** Every definition the resource type sees, by namespace and object, keys with the association's prefix. */
function definitionsOf(
  resourceType: string,
  namespaces: ComposeCatalogQuery['namespaces']['nodes'],
): Definition[] {
  const definitions: Definition[] = [];
  for (const namespace of namespaces) {
    const association = namespace.resourceTypeAssociations.find((a) => a.name === resourceType);
    const prefix = association?.prefix ?? '';
    const base = {
      namespace: namespace.name,
      namespaceTitle: namespace.displayName ?? namespace.name,
      target: association?.propertiesTarget ?? null,
    };
    for (const property of namespace.properties)
      definitions.push({ ...base, key: prefix + property.storedName, object: null, property });
    for (const object of namespace.objects)
      for (const property of object.properties)
        definitions.push({ ...base, key: prefix + property.storedName, object: object.name, property });
  }
  return definitions;
}

const useCatalog = (resourceType: string) =>
  useQuery(CatalogQuery, { variables: { resourceType }, skip: !resourceType });

/** The draft of a resource type, kept in this browser across reloads (one per type). */
function useDraft(resourceType: string) {
  const [state, setState] = useState(() => ({ resourceType, draft: loadDraft(resourceType) }));
  const draft = state.resourceType === resourceType ? state.draft : loadDraft(resourceType);
  const setDraft = (next: Draft) => {
    saveDraft(resourceType, next);
    setState({ resourceType, draft: next });
  };
  return [draft, setDraft] as const;
}

/** A checkbox per choice, with a filter when there are many (an array of 178 values is not a list to scroll). */
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
  const [filter, setFilter] = useState('');
  const many = choices.length > 12;
  const words = filter.trim().toLowerCase();
  const shown = many
    ? choices.filter((choice) => selected.includes(choice) || (words && choice.toLowerCase().includes(words)))
    : choices;
  return (
    <div>
      {many ? (
        <input
          type="search"
          className="choice-filter"
          aria-label={`Filter the ${choices.length} values of ${label}`}
          placeholder={`Filter ${choices.length} values…`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      ) : null}
      <span className="choices" role="group" aria-label={label}>
        {shown.slice(0, 60).map((choice) => (
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
        {many && !words ? (
          <span className="muted">Type to find values; the ones chosen stay shown.</span>
        ) : null}
        {shown.length > 60 ? (
          <span className="muted">{shown.length - 60} more: narrow the filter.</span>
        ) : null}
      </span>
    </div>
  );
}

function ValueControl({ row, onChange, id }: { row: Row; onChange: (row: Row) => void; id: string }) {
  const label = `Value of ${row.key}`;
  const property = row.definition?.property;
  if (!property) {
    return (
      <input
        id={id}
        aria-label={label}
        value={String(row.value)}
        onChange={(event) => onChange({ ...row, value: event.target.value })}
      />
    );
  }
  const choices = choicesOf(property);
  if (row.operator) {
    if (choices) {
      return (
        <Checkboxes
          label={label}
          choices={choices}
          selected={row.choices}
          onChange={(selected) => onChange({ ...row, choices: selected })}
        />
      );
    }
    return (
      <input
        id={id}
        aria-label={label}
        placeholder="values, separated by commas"
        value={row.choices.join(', ')}
        onChange={(event) => onChange({ ...row, choices: splitList(event.target.value) })}
      />
    );
  }
  if (property.type === 'BOOLEAN') {
    return (
      <input
        id={id}
        type="checkbox"
        aria-label={label}
        checked={row.value === true || row.value === 'true'}
        onChange={(event) => onChange({ ...row, value: event.target.checked })}
      />
    );
  }
  if (property.type === 'ARRAY' && choices) {
    return (
      <Checkboxes
        label={label}
        choices={choices}
        selected={Array.isArray(row.value) ? row.value : []}
        onChange={(selected) => onChange({ ...row, value: selected })}
      />
    );
  }
  if (property.type === 'ARRAY') {
    return (
      <input
        id={id}
        aria-label={label}
        placeholder="items, separated by commas"
        value={Array.isArray(row.value) ? row.value.join(', ') : ''}
        onChange={(event) => onChange({ ...row, value: splitList(event.target.value) })}
      />
    );
  }
  if (choices) {
    return (
      <select
        id={id}
        aria-label={label}
        value={String(row.value)}
        onChange={(event) => onChange({ ...row, value: event.target.value })}
      >
        {choices.includes(String(row.value)) ? null : (
          <option value={String(row.value)}>{String(row.value)}</option>
        )}
        {choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    );
  }
  if (property.type === 'INTEGER' || property.type === 'NUMBER') {
    return (
      <input
        id={id}
        type="number"
        aria-label={label}
        min={property.minimum ?? undefined}
        max={property.maximum ?? undefined}
        step={property.type === 'INTEGER' ? 1 : 'any'}
        value={String(row.value)}
        onChange={(event) =>
          onChange({ ...row, value: event.target.value === '' ? '' : Number(event.target.value) })
        }
      />
    );
  }
  return (
    <input
      id={id}
      aria-label={label}
      pattern={property.pattern ?? undefined}
      minLength={property.minLength ?? undefined}
      maxLength={property.maxLength ?? undefined}
      value={String(row.value)}
      onChange={(event) => onChange({ ...row, value: event.target.value })}
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

/** The definitions not yet in the draft, as a filterable namespace › object › property tree. */
function DefinitionTree({
  definitions,
  inDraft,
  onAdd,
}: {
  definitions: Definition[];
  inDraft: Set<string>;
  onAdd: (definition: Definition, key: string) => void;
}) {
  const [filter, setFilter] = useState('');
  /** The parameterized definition whose placeholders are being picked. */
  const [picking, setPicking] = useState('');
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (definition: Definition) => {
    const text = [
      definition.key,
      definition.property.title,
      definition.property.description ?? '',
      definition.namespace,
      definition.namespaceTitle,
      definition.object ?? '',
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  };
  const available = definitions.filter(
    (definition) => (isParameterized(definition) || !inDraft.has(definition.key)) && matches(definition),
  );
  const byNamespace = new Map<string, Definition[]>();
  for (const definition of available)
    byNamespace.set(definition.namespace, [...(byNamespace.get(definition.namespace) ?? []), definition]);
  return (
    <section aria-label="Available definitions" className="tree">
      <h2>Available definitions</h2>
      <input
        type="search"
        aria-label="Filter definitions"
        placeholder="Filter by key, title, description, namespace…"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <p className="muted">
        {available.length} of {definitions.length} definitions
        {inDraft.size ? ' (those in the draft are left out)' : ''}
      </p>
      <ul className="tree-root">
        {[...byNamespace].map(([namespace, list]) => {
          const objects = new Map<string | null, Definition[]>();
          for (const definition of list)
            objects.set(definition.object, [...(objects.get(definition.object) ?? []), definition]);
          return (
            <li key={namespace}>
              <details open={words.length > 0}>
                <summary>
                  {list[0].namespaceTitle} <span className="muted">({list.length})</span>
                </summary>
                <ul>
                  {[...objects].map(([object, properties]) => {
                    const items = properties.map((definition) => (
                      <li key={`${definition.object ?? ''}/${definition.key}`} className="tree-item">
                        <button
                          className="small"
                          aria-label={`Add ${definition.key} from ${definition.namespaceTitle}`}
                          aria-expanded={
                            isParameterized(definition) ? picking === definitionId(definition) : undefined
                          }
                          onClick={() =>
                            isParameterized(definition)
                              ? setPicking(
                                  picking === definitionId(definition) ? '' : definitionId(definition),
                                )
                              : onAdd(definition, definition.key)
                          }
                        >
                          {isParameterized(definition) ? 'Add…' : 'Add'}
                        </button>{' '}
                        <code>{definition.key}</code> {definition.property.title}
                        {definition.property.deprecated ? <span className="badge">deprecated</span> : null}
                        <div className="muted small-text">{constraintsOf(definition.property)}</div>
                        {picking === definitionId(definition) ? (
                          <ParameterPicker
                            definition={definition}
                            inDraft={inDraft}
                            onAdd={(key) => {
                              setPicking('');
                              onAdd(definition, key);
                            }}
                            onCancel={() => setPicking('')}
                          />
                        ) : null}
                      </li>
                    ));
                    return object ? (
                      <li key={object}>
                        <span className="object-name">Object {object}</span>
                        <ul>{items}</ul>
                      </li>
                    ) : (
                      items
                    );
                  })}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Compose metadata on a real resource: load what it carries, edit it against the definitions (each row follows
 * one namespace's definition and is checked against it), add custom keys, see the diff, apply it in one
 * mutation; or copy it as JSON and openstack CLI lines. The draft of each resource type survives reloads.
 */
export function ComposeScreen() {
  const [resourceType, setResourceType] = useState(
    () => localStorage.getItem('metacatalog-explorer-compose-type') ?? 'OS::Nova::Flavor',
  );
  const [draft, setDraft] = useDraft(resourceType);
  const [customKey, setCustomKey] = useState('');
  const [customError, setCustomError] = useState('');
  const [applied, setApplied] = useState('');
  // What happened to the drafts when another resource was picked (kept, or brought back).
  const [draftNotice, setDraftNotice] = useState('');
  const [applyErrors, setApplyErrors] = useState<Record<string, string>>({});
  const focusNext = useRef('');

  const catalog = useCatalog(resourceType);
  const definitions = useMemo(
    () => (catalog.data ? definitionsOf(resourceType, catalog.data.namespaces.nodes) : []),
    [catalog.data, resourceType],
  );
  const targets = useQuery(TargetsQuery, {
    variables: { resourceType },
    skip: !resourceType,
    fetchPolicy: 'cache-and-network',
  });
  const metadata = Object.fromEntries(draft.rows.map((row) => [row.key, valueOf(row)]));
  const validation = useQuery(ValidateQuery, {
    variables: { resourceType, metadata },
    skip: !draft.rows.length || !resourceType,
  });
  const [apply, applying] = useMutation(ApplyMutation);
  const result = (validation.data ?? validation.previousData)?.validateMetadata;
  const serverErrorsOf = (key: string) =>
    result?.errors.filter((error) => error.key === key).map((error) => error.message) ?? [];
  const suggestionsOf = (key: string) => [
    ...new Set(result?.errors.filter((error) => error.key === key).flatMap((error) => error.suggestions)),
  ];
  const warningsOf = (key: string) => result?.warnings.filter((warning) => warning.key === key) ?? [];
  const checkOf = (key: string) => result?.keys.find((check) => check.key === key);

  const rowId = (key: string) => `draft-value-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  // Focus goes to the control of what was just added.
  useEffect(() => {
    if (!focusNext.current) return;
    const element =
      document.getElementById(rowId(focusNext.current)) ??
      document.getElementById(`row-${rowId(focusNext.current)}`);
    focusNext.current = '';
    element?.focus();
  });

  const inDraft = new Set(draft.rows.map((row) => row.key));
  // The definition each key was told to follow last ("Follows"), kept in this browser: loads and new rows use it.
  const follows = loadFollows(resourceType);
  const definitionsOfKey = (key: string) => definitionsOfKeyIn(definitions, key, follows[key]);
  const update = (rows: Row[]) => setDraft({ ...draft, rows });
  const addDefinition = (definition: Definition, key: string) => {
    if (inDraft.has(key)) return;
    focusNext.current = key;
    update([...draft.rows, newRow(key, definition)]);
  };
  /** A row under another key (a deprecated key's replacement, a suggestion): its value kept, its definition the key's. */
  const rename = (index: number, key: string) => {
    if (inDraft.has(key)) return;
    const definition = definitionsOfKey(key)[0] ?? null;
    focusNext.current = key;
    replace(index, { ...newRow(key, definition), value: draft.rows[index].value });
  };
  const addCustom = () => {
    const key = customKey.trim();
    if (!key) return setCustomError('Enter a key');
    if (inDraft.has(key)) return setCustomError(`${key} is already in the draft`);
    const definition = definitionsOfKey(key)[0] ?? null;
    setCustomError('');
    setCustomKey('');
    focusNext.current = key;
    update([...draft.rows, newRow(key, definition)]);
  };
  const replace = (index: number, row: Row) => update(draft.rows.map((old, i) => (i === index ? row : old)));

  const targetList = targets.data?.resources.nodes ?? [];
  const nameOf = (uuid: string) =>
    uuid === draft.target
      ? draft.targetName
      : (targetList.find((candidate) => candidate.uuid === uuid)?.name ?? uuid);
  const kept = keptTargets(resourceType);
  /**
   * Makes the draft the one of `uuid` ('' for none: compose to copy). The current draft, when it holds unsaved
   * work, is kept for its resource, and a draft kept for `uuid` comes back; else `uuid`'s properties are loaded.
   * `discard` (Reload) reads the resource afresh, its unsaved changes dropped.
   */
  const load = (uuid: string, { discard = false }: { discard?: boolean } = {}) => {
    const resource = targetList.find((candidate) => candidate.uuid === uuid);
    setApplied('');
    setApplyErrors({});
    const notices: string[] = [];
    if (discard) dropKeptDraft(resourceType, uuid);
    else if (keepDraft(resourceType, draft))
      notices.push(
        `Your draft for ${draft.target ? draft.targetName : 'no resource'} is kept: pick it again to go on with it.`,
      );
    const back = discard ? null : takeKeptDraft(resourceType, uuid);
    setDraftNotice(
      [...notices, back ? `Your unsaved draft for ${uuid ? nameOf(uuid) : 'no resource'} is back.` : '']
        .filter(Boolean)
        .join(' '),
    );
    if (back) return setDraft(back);
    if (!resource) return setDraft(EMPTY_DRAFT);
    const properties = (resource.properties ?? {}) as Record<string, string | number | boolean>;
    setDraft({
      target: resource.uuid,
      targetName: resource.name ?? resource.uuid,
      original: properties,
      rows: Object.entries(properties).map(([key, value]) =>
        rowFromStored(key, value, definitionsOfKey(key)[0] ?? null),
      ),
    });
  };
  const reload = () => {
    if (
      hasUnsavedWork(draft) &&
      !window.confirm(`Discard your changes to ${draft.targetName} and load what it carries now?`)
    )
      return;
    load(draft.target, { discard: true });
  };

  const problems = draft.rows.map(problemsOf);
  // One error per problem: a row's own check names it first; the server's word on the same key (the same problem
  // in other words) shows only when the row's check found nothing.
  const rowErrors = draft.rows.map((row, index) =>
    problems[index].length ? problems[index] : [...new Set(serverErrorsOf(row.key))],
  );
  const problemCount =
    rowErrors.flat().length + (result?.errors.filter((error) => !inDraft.has(error.key)).length ?? 0);
  // The copy blocks are offered for a draft known to be valid: no problem of its own, and the server's check
  // of exactly these values (not an earlier answer) says valid. A draft without rows has nothing to check.
  const checked = validation.loading ? undefined : validation.data?.validateMetadata;
  const copyState: 'valid' | 'checking' | 'invalid' =
    problemCount > 0 || (draft.rows.length > 0 && (validation.error || checked?.valid === false))
      ? 'invalid'
      : draft.rows.length > 0 && !checked
        ? 'checking'
        : 'valid';
  const changes = diffOf(draft);
  const canApply = Boolean(draft.target) && problems.every((list) => !list.length) && changes.length > 0;
  const submit = async () => {
    setApplied('');
    setApplyErrors({});
    try {
      const properties = Object.fromEntries(draft.rows.map((row) => [row.key, storedValue(row)]));
      const { data } = await apply({ variables: { uuid: draft.target, properties } });
      const saved = (data?.setResourceProperties.properties ?? properties) as Draft['original'];
      setDraft({ ...draft, original: saved });
      setApplied(`Applied to ${draft.targetName}: ${changes.length} change(s)`);
    } catch (error) {
      setApplyErrors(errorsByField(error));
    }
  };
  const applyErrorOf = (key: string) => applyErrors[`properties.${key}`];
  const otherApplyErrors = Object.entries(applyErrors)
    .filter(([field]) => !field.startsWith('properties.') || !inDraft.has(field.slice('properties.'.length)))
    .map(([field, message]) => (field ? `${field}: ${message}` : message));
  const cli = CLI_OF[resourceType];

  return (
    <div className="compose">
      <div className="toolbar">
        <ResourceTypePicker
          value={resourceType}
          onChange={(name) => {
            setResourceType(name);
            localStorage.setItem('metacatalog-explorer-compose-type', name);
            setApplied('');
            setApplyErrors({});
            setDraftNotice('');
          }}
        />
        <label className="field">
          <span className="label">Resource</span>
          <select
            aria-label="Resource"
            value={draft.target}
            // Rows are read against the definitions: not before they are there.
            disabled={!catalog.data}
            onChange={(event) => load(event.target.value)}
          >
            <option value="">none: compose to copy{kept.has('') ? ' (unsaved draft kept)' : ''}</option>
            {draft.target && !targetList.some((t) => t.uuid === draft.target) ? (
              <option value={draft.target}>{draft.targetName}</option>
            ) : null}
            {targetList.map((resource) => (
              <option key={resource.id} value={resource.uuid}>
                {resource.name ?? resource.uuid}
                {kept.has(resource.uuid) ? ' (unsaved draft kept)' : ''}
              </option>
            ))}
          </select>
        </label>
        {draft.target ? (
          <button className="small" onClick={reload}>
            Reload {draft.targetName}
          </button>
        ) : null}
      </div>
      {draftNotice ? (
        <p className="hint" role="status" aria-label="Drafts">
          {draftNotice}
        </p>
      ) : null}
      <ErrorBox error={catalog.error ?? targets.error} />
      {catalog.data && catalog.data.namespaces.totalCount > catalog.data.namespaces.nodes.length ? (
        <p className="hint">
          The definitions of the first {catalog.data.namespaces.nodes.length} of{' '}
          {catalog.data.namespaces.totalCount} namespaces are offered (the API's query cost limit).
        </p>
      ) : null}
      {targets.data && !targetList.length ? (
        <p className="muted">
          No {resourceType} resource in the catalog: the draft can be copied, not applied.
        </p>
      ) : null}

      <div className="compose-columns">
        <DefinitionTree definitions={definitions} inDraft={inDraft} onAdd={addDefinition} />
        <section aria-label="Draft" className="draft-section">
          <h2>Draft{draft.target ? ` for ${draft.targetName}` : ''}</h2>
          {!draft.rows.length ? (
            <p className="muted">
              {draft.target
                ? 'The resource carries no properties: add some from the definitions or as custom keys.'
                : 'Choose a resource to load its properties, or add definitions from the list.'}
            </p>
          ) : null}
          <ul className="draft-rows" aria-label="Draft rows">
            {draft.rows.map((row, index) => {
              const rowProblems = rowErrors[index];
              const applyError = applyErrorOf(row.key);
              const others = definitionsOfKey(row.key);
              const definition = row.definition;
              return (
                <li
                  key={row.key}
                  className="draft-row"
                  aria-label={row.key}
                  id={`row-${rowId(row.key)}`}
                  tabIndex={-1}
                >
                  <div className="draft-key">
                    <code>{row.key}</code>
                    {definition ? (
                      <>
                        {' '}
                        {definition.property.title}
                        <div className="muted">
                          {others.length > 1 ? (
                            <label className="inline">
                              Follows
                              <select
                                aria-label={`Definition of ${row.key}`}
                                value={definitionId(definition)}
                                onChange={(event) => {
                                  const chosen = others.find((o) => definitionId(o) === event.target.value);
                                  if (!chosen) return;
                                  saveFollow(resourceType, row.key, chosen);
                                  replace(index, { ...row, definition: chosen, operator: '' });
                                }}
                              >
                                {others.map((o) => (
                                  <option key={definitionId(o)} value={definitionId(o)}>
                                    {o.namespaceTitle}
                                    {o.object ? ` › ${o.object}` : ''}
                                  </option>
                                ))}
                              </select>
                            </label>
                          ) : (
                            <span>
                              Follows {definition.namespaceTitle}
                              {definition.object ? ` › ${definition.object}` : ''}
                            </span>
                          )}{' '}
                          · {constraintsOf(definition.property)}
                        </div>
                        {definition.property.description ? (
                          <p className="description">{definition.property.description}</p>
                        ) : null}
                        <DeprecationNote
                          property={definition.property}
                          keyName={row.key}
                          onReplace={(replacement) => rename(index, replacement)}
                        />
                      </>
                    ) : (
                      <div className="muted">Custom key: no definition of this resource type</div>
                    )}
                  </div>
                  <div className="draft-value">
                    {definition?.property.operators?.length ? (
                      <select
                        aria-label={`Operator of ${row.key}`}
                        value={row.operator}
                        onChange={(event) => replace(index, { ...row, operator: event.target.value })}
                      >
                        <option value="">single value</option>
                        {definition.property.operators.map((operator) => (
                          <option key={operator}>{operator}</option>
                        ))}
                      </select>
                    ) : null}
                    <ValueControl
                      row={row}
                      id={rowId(row.key)}
                      onChange={(changed) => replace(index, changed)}
                    />
                    {rowProblems.map((message) => (
                      <div key={message} className="field-error" role="alert">
                        {message}
                      </div>
                    ))}
                    <Suggestions
                      keyName={row.key}
                      suggestions={suggestionsOf(row.key)}
                      onPick={(key) => rename(index, key)}
                    />
                    {warningsOf(row.key).map((warning) => (
                      <div key={warning.message} className="field-warning" role="status">
                        {warning.message}
                      </div>
                    ))}
                    <FollowedNote check={checkOf(row.key)} />
                    {applyError ? (
                      <div className="field-error" role="alert">
                        {applyError}
                      </div>
                    ) : null}
                  </div>
                  <button
                    className="small secondary"
                    aria-label={`Remove ${row.key}`}
                    onClick={() => update(draft.rows.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          <form
            className="form-row"
            aria-label="Custom key"
            onSubmit={(event) => {
              event.preventDefault();
              addCustom();
            }}
          >
            <label className="field">
              <span className="label">Custom key</span>
              <input
                value={customKey}
                aria-invalid={customError ? true : undefined}
                aria-describedby={customError ? 'custom-key-error' : undefined}
                onChange={(event) => setCustomKey(event.target.value)}
              />
            </label>
            <button type="submit">Add key</button>
            {customError ? (
              <span id="custom-key-error" className="field-error" role="alert">
                {customError}
              </span>
            ) : null}
          </form>
          <ErrorBox error={validation.error} />
          {draft.rows.length && result ? (
            <p className={result.valid && !problemCount ? 'ok' : 'error'} aria-label="Validation">
              {result.valid && !problemCount
                ? 'Valid for ' + resourceType
                : `Not valid: ${problemCount} problem(s)`}
              {result.unknownKeys.length
                ? ` · keys without a definition: ${result.unknownKeys.join(', ')}`
                : ''}
            </p>
          ) : null}
          {draft.target ? (
            <section aria-label="Changes">
              <h3>Changes to {draft.targetName}</h3>
              {!changes.length ? (
                <p className="muted">None: the draft is what the resource carries.</p>
              ) : null}
              <ul className="diff">
                {changes.map((change) => (
                  <li key={change.key} className={`diff-${change.kind}`}>
                    {change.kind === 'added' ? '+ ' : change.kind === 'removed' ? '− ' : '~ '}
                    <code>{change.key}</code>{' '}
                    {change.kind === 'added'
                      ? `= ${String(change.after)}`
                      : change.kind === 'removed'
                        ? `(was ${String(change.before)})`
                        : `${String(change.before)} → ${String(change.after)}`}
                  </li>
                ))}
              </ul>
              <button disabled={!canApply || applying.loading} onClick={() => void submit()}>
                Apply to {draft.targetName}
              </button>
              {applied ? (
                <span className="ok" role="status">
                  {applied}
                </span>
              ) : null}
              {otherApplyErrors.length ? (
                <div className="error" role="alert">
                  {otherApplyErrors.join('; ')}
                </div>
              ) : null}
            </section>
          ) : null}
        </section>
      </div>
      {(draft.rows.length || changes.length) && copyState === 'valid' ? (
        <div className="outputs">
          <Output title="JSON" text={JSON.stringify(metadata, null, 2)} />
          {cli ? (
            <Output title={`${cli.command} CLI`} text={cliLines(resourceType, draft, draft.targetName)} />
          ) : null}
        </div>
      ) : draft.rows.length || changes.length ? (
        <p className="muted" role="status" aria-label="Copy">
          {copyState === 'checking'
            ? 'Checking the draft…'
            : `The JSON${cli ? ` and the ${cli.command} CLI lines are` : ' is'} offered once the draft is valid.`}
        </p>
      ) : null}
    </div>
  );
}
