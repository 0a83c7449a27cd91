import type { FieldNode, GraphQLResolveInfo, OperationDefinitionNode, SelectionSetNode } from 'graphql';

/** What the selection helpers read of a resolver's info. */
export type SelectionInfo = Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>;

/** Calls `each` on every field of `set`, through fragments and inline fragments. */
function visitFields(
  fragments: SelectionInfo['fragments'],
  set: SelectionSetNode | undefined,
  each: (field: FieldNode) => void,
): void {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === 'Field') each(selection);
    else if (selection.kind === 'InlineFragment') visitFields(fragments, selection.selectionSet, each);
    else visitFields(fragments, fragments[selection.name.value]?.selectionSet, each);
  }
}

/**
 * The names of the fields a connection's query selects on its items (under `nodes` and `edges { node }`,
 * through fragments and inline fragments), so that a list reads and builds only those: a field under `@skip` or
 * `@include` counts as selected (reading a column too many is harmless, one too few is not).
 */
export function selectedNodeFields(info: SelectionInfo): Set<string> {
  const fields = new Set<string>();
  const visit = (set: SelectionSetNode | undefined, each: (field: FieldNode) => void) =>
    visitFields(info.fragments, set, each);
  const addItemFields = (item: FieldNode) =>
    visit(item.selectionSet, (field) => fields.add(field.name.value));
  for (const connection of info.fieldNodes) {
    visit(connection.selectionSet, (field) => {
      if (field.name.value === 'nodes') addItemFields(field);
      else if (field.name.value === 'edges')
        visit(field.selectionSet, (edgeField) => {
          if (edgeField.name.value === 'node') addItemFields(edgeField);
        });
    });
  }
  return fields;
}

/**
 * The names of the fields selected directly on a field's value (an object, or each item of a list; through
 * fragments and inline fragments, whatever their type condition; `@skip`/`@include` count as selected).
 */
export function selectedFields(info: SelectionInfo): Set<string> {
  const fields = new Set<string>();
  for (const node of info.fieldNodes) {
    visitFields(info.fragments, node.selectionSet, (field) => fields.add(field.name.value));
  }
  return fields;
}

/** Per operation (one object per document Apollo keeps): the fields under each field name asked so far. */
const underByOperation = new WeakMap<OperationDefinitionNode, Map<string, ReadonlySet<string>>>();

/**
 * The names of the fields selected under every field called `name` anywhere in the operation or its fragments,
 * whatever type holds it: a superset of what any read of that field in this request asks for (so that what one
 * resolver reads ahead for it serves every other place the request reads it). Computed once per operation.
 */
export function fieldsUnderAny(
  info: Pick<GraphQLResolveInfo, 'operation' | 'fragments'>,
  name: string,
): ReadonlySet<string> {
  let byName = underByOperation.get(info.operation);
  if (!byName) underByOperation.set(info.operation, (byName = new Map()));
  let fields = byName.get(name);
  if (fields) return fields;
  const found = new Set<string>();
  const walk = (set: SelectionSetNode | undefined): void => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === 'FragmentSpread') continue; // each fragment is walked once, below
      if (selection.kind === 'Field' && selection.name.value === name) {
        visitFields(info.fragments, selection.selectionSet, (field) => found.add(field.name.value));
      }
      walk(selection.selectionSet);
    }
  };
  walk(info.operation.selectionSet);
  for (const fragment of Object.values(info.fragments)) walk(fragment.selectionSet);
  byName.set(name, (fields = found));
  return fields;
}
