import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * The names of the fields a connection's query selects on its items (under `nodes` and `edges { node }`,
 * through fragments and inline fragments), so that a list reads and builds only those: a field under `@skip` or
 * `@include` counts as selected (reading a column too many is harmless, one too few is not).
 */
export function selectedNodeFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): Set<string> {
  const fields = new Set<string>();
  const visit = (set: SelectionSetNode | undefined, each: (field: FieldNode) => void) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === 'Field') each(selection);
      else if (selection.kind === 'InlineFragment') visit(selection.selectionSet, each);
      else visit(info.fragments[selection.name.value]?.selectionSet, each);
    }
  };
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
