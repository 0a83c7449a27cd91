import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { graphql } from '../gql';
import type { PropertyType, Visibility } from '../gql/graphql';
import { evictNodes } from '../live';
import { ResourceTypeChoice, ResourceTypePicker } from '../resource-types';
import { ConfirmDelete, ErrorBox, errorsByField, Field, splitList } from '../ui';
import { TraitNamesInput } from './traits';

const AdminNamespacesQuery = graphql(`
  query AdminNamespaces {
    namespaces(first: 500) {
      nodes {
        id
        name
        displayName
      }
    }
  }
`);

const AdminNamespaceQuery = graphql(`
  query AdminNamespace($name: String!) {
    namespace(name: $name) {
      id
      name
      displayName
      description
      visibility
      protected
      owner
      resourceTypeAssociations {
        name
        prefix
        propertiesTarget
      }
      properties {
        id
        name
        title
        type
      }
      objects {
        id
        name
        description
        properties {
          id
          name
        }
      }
      tags {
        id
        name
        parent {
          id
          name
        }
      }
    }
  }
`);

const CreateNamespace = graphql(`
  mutation CreateNamespace($input: CreateNamespaceInput!) {
    createNamespace(input: $input) {
      id
      name
    }
  }
`);

const UpdateNamespace = graphql(`
  mutation UpdateNamespace($name: String!, $input: UpdateNamespaceInput!) {
    updateNamespace(name: $name, input: $input) {
      id
      name
      displayName
      description
      visibility
      protected
    }
  }
`);

const AssociateResourceType = graphql(`
  mutation AssociateResourceType($namespace: String!, $input: ResourceTypeAssociationInput!) {
    associateResourceType(namespace: $namespace, input: $input) {
      name
      prefix
    }
  }
`);

const CreateProperty = graphql(`
  mutation CreateProperty($namespace: String!, $input: PropertyDefinitionInput!) {
    createProperty(namespace: $namespace, input: $input) {
      id
      name
    }
  }
`);

const UpdateProperty = graphql(`
  mutation UpdateProperty($namespace: String!, $name: String!, $input: PropertyDefinitionInput!) {
    updateProperty(namespace: $namespace, name: $name, input: $input) {
      id
      name
    }
  }
`);

const UpdateObject = graphql(`
  mutation UpdateObject($namespace: String!, $name: String!, $input: MetadefObjectInput!) {
    updateObject(namespace: $namespace, name: $name, input: $input) {
      id
      name
    }
  }
`);

const CreateObject = graphql(`
  mutation CreateObject($namespace: String!, $input: MetadefObjectInput!) {
    createObject(namespace: $namespace, input: $input) {
      id
      name
    }
  }
`);

const CreateTag = graphql(`
  mutation CreateTag($namespace: String!, $name: String!, $parent: String) {
    createTag(namespace: $namespace, name: $name, parent: $parent) {
      id
      name
    }
  }
`);

const UpdateTag = graphql(`
  mutation UpdateTag($namespace: String!, $name: String!, $newName: String!, $parent: String) {
    updateTag(namespace: $namespace, name: $name, newName: $newName, parent: $parent) {
      id
      name
      parent {
        id
        name
      }
    }
  }
`);

const DeleteNode = graphql(`
  mutation DeleteNode($id: ID!) {
    deleteNode(id: $id) {
      deletedId
      deletedNodes {
        typename
        nodeId
      }
    }
  }
`);

const AdminTraitsQuery = graphql(`
  query AdminTraits {
    traits(filter: { standard: false }, first: 500) {
      nodes {
        id
        name
        associated
      }
    }
  }
`);

const CreateTrait = graphql(`
  mutation CreateTrait($name: String!) {
    createTrait(name: $name) {
      created
    }
  }
`);

const AdminProvidersQuery = graphql(`
  query AdminProviders {
    resourceProviders(first: 500) {
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

const CreateProvider = graphql(`
  mutation CreateProvider($input: CreateResourceProviderInput!) {
    createResourceProvider(input: $input) {
      id
      uuid
      name
    }
  }
`);

const UpdateProvider = graphql(`
  mutation UpdateProvider($uuid: UUID!, $input: UpdateResourceProviderInput!) {
    updateResourceProvider(uuid: $uuid, input: $input) {
      id
      uuid
      name
      parent {
        id
        uuid
      }
    }
  }
`);

const SetProviderTraits = graphql(`
  mutation SetProviderTraits($uuid: UUID!, $generation: Int!, $traits: [String!]!) {
    setResourceProviderTraits(uuid: $uuid, generation: $generation, traits: $traits) {
      id
      generation
      traits {
        id
        name
      }
    }
  }
`);

const AdminResourcesQuery = graphql(`
  query AdminResources($filter: ResourceFilter) {
    resources(filter: $filter, first: 500) {
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

const CreateResource = graphql(`
  mutation CreateResource($input: CreateResourceInput!) {
    createResource(input: $input) {
      id
      uuid
      name
    }
  }
`);

const SetResourceTags = graphql(`
  mutation SetResourceTags($uuid: UUID!, $tags: [String!]!) {
    setResourceTags(uuid: $uuid, tags: $tags)
  }
`);

const TYPES: PropertyType[] = ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'ARRAY'];
const OPERATORS = ['<or>', '<in>', '<all-in>'];

/** deleteNode, then the deleted nodes (the node and what it held) evicted from the cache: lists drop them. */
function useDeleteNode() {
  const [mutate] = useMutation(DeleteNode, {
    update: (cache, { data }) => {
      // Every id that went, views included, with its type: the plain entries and every view's leave the cache.
      if (data) {
        evictNodes(
          cache,
          data.deleteNode.deletedNodes.map((node) => ({ id: node.nodeId, __typename: node.typename })),
        );
      }
    },
  });
  return (id: string) => mutate({ variables: { id } });
}

/** A form's values as text, its API errors by field, and a banner for what it did. */
function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  /** Props of the control for `key`. */
  const control = (key: K) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });
  /** The errors the API names `path` (or below it). */
  const errorAt = (path: string) =>
    Object.entries(errors)
      .filter(([field]) => field === path || field.startsWith(`${path}.`))
      .map(([, message]) => message)
      .join('; ') || undefined;
  const run = async (action: () => Promise<string>, known: string[]) => {
    setDone('');
    try {
      setDone(await action());
      setErrors({});
    } catch (error) {
      const byField = errorsByField(error);
      // Errors on fields this form has no control for go to its banner, with the field named.
      const general = Object.entries(byField)
        .filter(([field]) => !known.some((path) => field === path || field.startsWith(`${path}.`)))
        .map(([field, message]) => (field ? `${field}: ${message}` : message));
      setErrors({ ...byField, '': general.join('; ') });
    }
  };
  /** A text field for `key` with the API's errors on `path` beside it. */
  const text = (key: K, label: string, path: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} error={errorAt(path)}>
      <input {...props} {...control(key)} />
    </Field>
  );
  return { values, setValues, control, errorAt, text, run, done, general: errors[''] };
}

function Form({
  title,
  onSubmit,
  done,
  general,
  children,
  submit = title,
}: {
  title: string;
  onSubmit: () => void;
  done: string;
  general?: string;
  children: ReactNode;
  submit?: string;
}) {
  return (
    <form
      className="admin-form"
      aria-label={title}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3>{title}</h3>
      {children}
      <button type="submit">{submit}</button>
      {done ? (
        <span className="ok" role="status">
          {done}
        </span>
      ) : null}
      {general ? (
        <div className="error" role="alert">
          {general}
        </div>
      ) : null}
    </form>
  );
}

const optional = (text: string) => (text.trim() === '' ? undefined : text);
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function NamespaceForm({ onCreated }: { onCreated: (name: string) => void }) {
  const [mutate] = useMutation(CreateNamespace, { refetchQueries: [AdminNamespacesQuery] });
  const [resourceType, setResourceType] = useState('');
  const [isProtected, setProtected] = useState(false);
  const form = useForm({ name: '', displayName: '', description: '', visibility: 'PUBLIC', prefix: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const { data } = await mutate({
        variables: {
          input: {
            name: v.name,
            displayName: optional(v.displayName),
            description: optional(v.description),
            visibility: v.visibility as Visibility,
            protected: isProtected,
            ...(resourceType
              ? { resourceTypeAssociations: [{ name: resourceType, prefix: optional(v.prefix) }] }
              : {}),
          },
        },
      });
      const name = data?.createNamespace.name ?? v.name;
      onCreated(name);
      return `Created namespace ${name}`;
    }, ['input.name', 'input.displayName', 'input.description', 'input.resourceTypeAssociations']);
  return (
    <Form title="Create namespace" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('name', 'Name', 'input.name', { placeholder: 'e.g. OS::Compute::Example' })}
      {form.text('displayName', 'Display name', 'input.displayName')}
      {form.text('description', 'Description', 'input.description')}
      <Field label="Visibility">
        <select {...form.control('visibility')}>
          <option>PUBLIC</option>
          <option>PRIVATE</option>
        </select>
      </Field>
      <label className="inline">
        <input
          type="checkbox"
          checked={isProtected}
          onChange={(event) => setProtected(event.target.checked)}
        />
        Protected (cannot be deleted)
      </label>
      <ResourceTypeChoice
        value={resourceType}
        onChange={setResourceType}
        allowNone
        error={form.errorAt('input.resourceTypeAssociations.0.name')}
      />
      {form.text('prefix', 'Prefix', 'input.resourceTypeAssociations.0.prefix', { placeholder: 'e.g. hw:' })}
    </Form>
  );
}

type AdminNamespace = NonNullable<NonNullable<ReturnType<typeof useAdminNamespace>['data']>['namespace']>;
const useAdminNamespace = (name: string) =>
  useQuery(AdminNamespaceQuery, { variables: { name }, fetchPolicy: 'cache-and-network' });

function EditNamespaceForm({ namespace }: { namespace: AdminNamespace }) {
  const [mutate] = useMutation(UpdateNamespace);
  const form = useForm({
    displayName: namespace.displayName ?? '',
    description: namespace.description ?? '',
    visibility: namespace.visibility as string,
  });
  const [isProtected, setProtected] = useState(namespace.protected);
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const { data } = await mutate({
        variables: {
          name: namespace.name,
          input: {
            displayName: optional(v.displayName),
            description: optional(v.description),
            visibility: v.visibility as Visibility,
            protected: isProtected,
          },
        },
      });
      return `Saved ${data?.updateNamespace.name}`;
    }, ['input.displayName', 'input.description', 'input.visibility', 'input.protected']);
  return (
    <Form
      title="Edit namespace"
      submit="Save namespace"
      onSubmit={submit}
      done={form.done}
      general={form.general}
    >
      {form.text('displayName', 'Display name', 'input.displayName')}
      {form.text('description', 'Description', 'input.description')}
      <Field label="Visibility" error={form.errorAt('input.visibility')}>
        <select {...form.control('visibility')}>
          <option>PUBLIC</option>
          <option>PRIVATE</option>
        </select>
      </Field>
      <label className="inline">
        <input
          type="checkbox"
          checked={isProtected}
          onChange={(event) => setProtected(event.target.checked)}
        />
        Protected (it and everything in it cannot be deleted)
      </label>
    </Form>
  );
}

function AssociationForm({ namespace }: { namespace: AdminNamespace }) {
  const [mutate] = useMutation(AssociateResourceType, {
    refetchQueries: [AdminNamespaceQuery],
  });
  const [resourceType, setResourceType] = useState('');
  const form = useForm({ prefix: '', target: '' });
  const submit = () =>
    form.run(async () => {
      if (!resourceType) throw new Error('Choose a resource type (or confirm a new one)');
      await mutate({
        variables: {
          namespace: namespace.name,
          input: {
            name: resourceType,
            prefix: optional(form.values.prefix),
            propertiesTarget: optional(form.values.target),
          },
        },
      });
      return `Associated with ${resourceType}`;
    }, ['input.name', 'input.prefix', 'input.propertiesTarget']);
  return (
    <Form
      title="Associate a resource type"
      submit="Associate"
      onSubmit={submit}
      done={form.done}
      general={form.general}
    >
      <ResourceTypeChoice
        value={resourceType}
        onChange={setResourceType}
        error={form.errorAt('input.name')}
      />
      {form.text('prefix', 'Prefix', 'input.prefix', { placeholder: 'e.g. hw:' })}
      {form.text('target', 'Properties target', 'input.propertiesTarget', { placeholder: 'e.g. image' })}
    </Form>
  );
}

function PropertyForm({ namespace }: { namespace: AdminNamespace }) {
  const [create] = useMutation(CreateProperty, { refetchQueries: [AdminNamespaceQuery] });
  const [update] = useMutation(UpdateProperty, { refetchQueries: [AdminNamespaceQuery] });
  const [operators, setOperators] = useState<string[]>([]);
  const form = useForm({
    existing: '',
    name: '',
    title: '',
    description: '',
    type: 'STRING',
    enum: '',
    minimum: '',
    maximum: '',
    pattern: '',
  });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const list = splitList(v.enum);
      const numeric = v.type === 'INTEGER' || v.type === 'NUMBER';
      const input = {
        name: v.name,
        title: v.title,
        description: optional(v.description),
        type: v.type as PropertyType,
        enum: list.length ? list.map((item) => (numeric ? Number(item) : item)) : undefined,
        minimum: optionalNumber(v.minimum),
        maximum: optionalNumber(v.maximum),
        pattern: optional(v.pattern),
        operators: operators.length ? operators : undefined,
      };
      if (v.existing) {
        const { data } = await update({ variables: { namespace: namespace.name, name: v.existing, input } });
        return `Replaced property ${v.existing} by ${data?.updateProperty.name}`;
      }
      const { data } = await create({ variables: { namespace: namespace.name, input } });
      return `Created property ${data?.createProperty.name}`;
    }, [
      'name',
      'input.name',
      'input.title',
      'input.description',
      'input.enum',
      'input.minimum',
      'input.maximum',
      'input.pattern',
    ]);
  return (
    <Form title="Create or replace property" onSubmit={submit} done={form.done} general={form.general}>
      <Field label="Property" error={form.errorAt('name')}>
        <select {...form.control('existing')}>
          <option value="">new property</option>
          {namespace.properties.map((property) => (
            <option key={property.id} value={property.name}>
              replace {property.name}
            </option>
          ))}
        </select>
      </Field>
      {form.text('name', 'Name', 'input.name')}
      {form.text('title', 'Title', 'input.title')}
      {form.text('description', 'Description', 'input.description')}
      <Field label="Type">
        <select {...form.control('type')}>
          {TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </Field>
      {form.text('enum', 'Allowed values (enum)', 'input.enum', { placeholder: 'a, b, c' })}
      {form.text('minimum', 'Minimum', 'input.minimum', { type: 'number', step: 'any' })}
      {form.text('maximum', 'Maximum', 'input.maximum', { type: 'number', step: 'any' })}
      {form.text('pattern', 'Pattern', 'input.pattern')}
      <fieldset className="inline-set">
        <legend>Operators</legend>
        {OPERATORS.map((operator) => (
          <label key={operator} className="inline">
            <input
              type="checkbox"
              checked={operators.includes(operator)}
              onChange={(event) =>
                setOperators(
                  event.target.checked ? [...operators, operator] : operators.filter((o) => o !== operator),
                )
              }
            />
            {operator}
          </label>
        ))}
      </fieldset>
    </Form>
  );
}

function ObjectForm({ namespace }: { namespace: AdminNamespace }) {
  const [create] = useMutation(CreateObject, { refetchQueries: [AdminNamespaceQuery] });
  const [update] = useMutation(UpdateObject, { refetchQueries: [AdminNamespaceQuery] });
  const form = useForm({ existing: '', name: '', description: '', required: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const input = { name: v.name, description: optional(v.description), required: splitList(v.required) };
      if (v.existing) {
        const { data } = await update({ variables: { namespace: namespace.name, name: v.existing, input } });
        return `Replaced object ${v.existing} by ${data?.updateObject.name}`;
      }
      const { data } = await create({ variables: { namespace: namespace.name, input } });
      return `Created object ${data?.createObject.name}`;
    }, ['name', 'input.name', 'input.description', 'input.required']);
  return (
    <Form title="Create or replace object" onSubmit={submit} done={form.done} general={form.general}>
      <Field label="Object" error={form.errorAt('name')}>
        <select {...form.control('existing')}>
          <option value="">new object</option>
          {namespace.objects.map((object) => (
            <option key={object.id} value={object.name}>
              replace {object.name}
            </option>
          ))}
        </select>
      </Field>
      {form.text('name', 'Name', 'input.name')}
      {form.text('description', 'Description', 'input.description')}
      {form.text('required', 'Required properties', 'input.required')}
    </Form>
  );
}

function TagForm({ namespace }: { namespace: AdminNamespace }) {
  const [create] = useMutation(CreateTag, { refetchQueries: [AdminNamespaceQuery] });
  const [rename] = useMutation(UpdateTag, { refetchQueries: [AdminNamespaceQuery] });
  const form = useForm({ existing: '', name: '', parent: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      if (v.existing) {
        const { data } = await rename({
          variables: {
            namespace: namespace.name,
            name: v.existing,
            newName: v.name || v.existing,
            parent: v.parent,
          },
        });
        return `Saved tag ${data?.updateTag.name}`;
      }
      const { data } = await create({
        variables: { namespace: namespace.name, name: v.name, parent: optional(v.parent) },
      });
      return `Created tag ${data?.createTag.name}`;
    }, ['name', 'newName', 'parent']);
  return (
    <Form title="Create or rename tag" onSubmit={submit} done={form.done} general={form.general}>
      <Field label="Tag to change" error={v.existing ? form.errorAt('name') : undefined}>
        <select {...form.control('existing')}>
          <option value="">new tag</option>
          {namespace.tags.map((tag) => (
            <option key={tag.id} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </select>
      </Field>
      {form.text('name', v.existing ? 'New name' : 'Tag', v.existing ? 'newName' : 'name')}
      <Field label="Parent tag" error={form.errorAt('parent')}>
        <select {...form.control('parent')}>
          <option value="">none (a root tag)</option>
          {namespace.tags
            .filter((tag) => tag.name !== v.existing)
            .map((tag) => (
              <option key={tag.id} value={tag.name}>
                {tag.name}
              </option>
            ))}
        </select>
      </Field>
    </Form>
  );
}

/** One namespace to administer: its fields, associations, properties, objects and tags, each deletable. */
function NamespaceAdmin({ name, onDeleted }: { name: string; onDeleted: () => void }) {
  const { data, error } = useAdminNamespace(name);
  const deleteNode = useDeleteNode();
  const namespace = data?.namespace;
  if (error) return <ErrorBox error={error} />;
  if (!namespace)
    return data ? <p className="muted">No namespace {name}.</p> : <p className="muted">Loading…</p>;
  const locked = namespace.protected;
  return (
    <section aria-label={`Namespace ${namespace.name}`} className="admin-namespace">
      <h2>
        {namespace.displayName ?? namespace.name} <span className="muted">({namespace.name})</span>
      </h2>
      <p className="muted">
        {namespace.visibility.toLowerCase()}
        {locked ? ' · protected: nothing in it can be deleted until it is unprotected' : ''} · owner{' '}
        {namespace.owner} ·{' '}
        {namespace.resourceTypeAssociations
          .map((a) => `${a.name}${a.prefix ? ` (${a.prefix})` : ''}`)
          .join(', ') || 'no resource type'}
      </p>
      <div className="admin">
        <EditNamespaceForm
          key={`${namespace.id}-${namespace.protected}-${namespace.visibility}`}
          namespace={namespace}
        />
        <AssociationForm namespace={namespace} />
      </div>
      <h3>Properties</h3>
      {!namespace.properties.length ? <p className="muted">No properties.</p> : null}
      <ul className="admin-list" aria-label="Properties">
        {namespace.properties.map((property) => (
          <li key={property.id}>
            <code>{property.name}</code> {property.title}{' '}
            <span className="muted">{property.type.toLowerCase()}</span>{' '}
            <ConfirmDelete name={property.name} disabled={locked} onConfirm={() => deleteNode(property.id)} />
          </li>
        ))}
      </ul>
      <h3>Objects</h3>
      {!namespace.objects.length ? <p className="muted">No objects.</p> : null}
      <ul className="admin-list" aria-label="Objects">
        {namespace.objects.map((object) => (
          <li key={object.id}>
            <strong>{object.name}</strong>{' '}
            <span className="muted">{object.properties.length} properties</span>{' '}
            <ConfirmDelete
              name={object.name}
              what="with its properties"
              disabled={locked}
              onConfirm={() => deleteNode(object.id)}
            />
          </li>
        ))}
      </ul>
      <h3>Tags</h3>
      {!namespace.tags.length ? <p className="muted">No tags.</p> : null}
      <ul className="admin-list" aria-label="Tags">
        {namespace.tags.map((tag) => (
          <li key={tag.id}>
            <span className="tag">{tag.name}</span>
            {tag.parent ? <span className="muted"> under {tag.parent.name}</span> : null}{' '}
            <ConfirmDelete
              name={tag.name}
              what="(its children move up)"
              disabled={locked}
              onConfirm={() => deleteNode(tag.id)}
            />
          </li>
        ))}
      </ul>
      <div className="admin">
        <PropertyForm namespace={namespace} />
        <ObjectForm namespace={namespace} />
        <TagForm namespace={namespace} />
      </div>
      <p>
        <ConfirmDelete
          name={namespace.name}
          what="and everything in it"
          disabled={locked}
          onConfirm={async () => {
            await deleteNode(namespace.id);
            onDeleted();
          }}
        />
        {locked ? <span className="muted"> Protected: unprotect it above to delete it.</span> : null}
      </p>
    </section>
  );
}

function CatalogAdmin() {
  const { data } = useQuery(AdminNamespacesQuery, { fetchPolicy: 'cache-and-network' });
  const [selected, setSelected] = useState('');
  return (
    <div>
      <div className="toolbar">
        <label className="field">
          <span className="label">Namespace</span>
          <select
            aria-label="Namespace"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            <option value="">new namespace…</option>
            {data?.namespaces.nodes.map((namespace) => (
              <option key={namespace.id} value={namespace.name}>
                {namespace.displayName ? `${namespace.displayName} (${namespace.name})` : namespace.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {selected ? (
        <NamespaceAdmin key={selected} name={selected} onDeleted={() => setSelected('')} />
      ) : (
        <div className="admin">
          <NamespaceForm onCreated={setSelected} />
        </div>
      )}
    </div>
  );
}

function TraitsAdmin() {
  const { data, error } = useQuery(AdminTraitsQuery, { fetchPolicy: 'cache-and-network' });
  const [create] = useMutation(CreateTrait, { refetchQueries: [AdminTraitsQuery] });
  const deleteNode = useDeleteNode();
  const form = useForm({ name: '' });
  const submit = () =>
    form.run(async () => {
      const name = form.values.name.trim().toUpperCase();
      const { data: created } = await create({ variables: { name } });
      form.setValues({ name: '' });
      return created?.createTrait.created ? `Created ${name}` : `${name} already exists`;
    }, ['name']);
  return (
    <div className="admin">
      <Form
        title="Create custom trait"
        submit="Create trait"
        onSubmit={submit}
        done={form.done}
        general={form.general}
      >
        {form.text('name', 'Trait name', 'name', {
          placeholder: 'CUSTOM_…',
          pattern: 'CUSTOM_[A-Za-z0-9_]+',
        })}
      </Form>
      <section aria-label="Custom traits to administer" className="admin-form">
        <h3>Custom traits</h3>
        <ErrorBox error={error} />
        {data && !data.traits.nodes.length ? <p className="muted">No custom traits.</p> : null}
        <ul className="admin-list">
          {data?.traits.nodes.map((trait) => (
            <li key={trait.id}>
              <code>{trait.name}</code>
              {trait.associated ? <span className="muted"> · on a provider</span> : null}{' '}
              <ConfirmDelete name={trait.name} onConfirm={() => deleteNode(trait.id)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

type Provider = NonNullable<ReturnType<typeof useProviders>['data']>['resourceProviders']['nodes'][number];
const useProviders = () => useQuery(AdminProvidersQuery, { fetchPolicy: 'cache-and-network' });

function ProviderTraitsForm({ provider }: { provider: Provider }) {
  const [mutate] = useMutation(SetProviderTraits);
  const form = useForm({ traits: provider.traits.map((trait) => trait.name).join(', ') });
  const submit = () =>
    form.run(async () => {
      const { data } = await mutate({
        variables: {
          uuid: provider.uuid,
          generation: provider.generation,
          traits: splitList(form.values.traits),
        },
      });
      return `Saved: generation ${data?.setResourceProviderTraits.generation}`;
    }, ['traits', 'generation']);
  return (
    <Form
      title={`Traits of ${provider.name}`}
      submit="Save traits"
      onSubmit={submit}
      done={form.done}
      general={form.general}
    >
      <p className="muted">
        Generation {provider.generation}: a change made elsewhere since is refused (CONFLICT).
      </p>
      <TraitNamesInput
        label="Traits"
        value={form.values.traits}
        onChange={(traits) => form.setValues({ traits })}
        error={form.errorAt('traits') ?? form.errorAt('generation')}
      />
    </Form>
  );
}

function ProviderForm({ providers, provider }: { providers: Provider[]; provider?: Provider }) {
  const [create] = useMutation(CreateProvider, { refetchQueries: [AdminProvidersQuery] });
  const [update] = useMutation(UpdateProvider);
  const form = useForm({ name: provider?.name ?? '', parent: provider?.parent?.uuid ?? '' });
  const submit = () =>
    form.run(async () => {
      if (provider) {
        await update({
          variables: {
            uuid: provider.uuid,
            input: { name: form.values.name, parentUuid: form.values.parent || null },
          },
        });
        return `Saved ${form.values.name}`;
      }
      const { data } = await create({
        variables: { input: { name: form.values.name, parentUuid: form.values.parent || undefined } },
      });
      form.setValues({ name: '', parent: '' });
      return `Created provider ${data?.createResourceProvider.name}`;
    }, ['input.name', 'input.parentUuid']);
  const title = provider ? `Rename or move ${provider.name}` : 'Create provider';
  return (
    <Form
      title={title}
      submit={provider ? 'Save provider' : 'Create provider'}
      onSubmit={submit}
      done={form.done}
      general={form.general}
    >
      {form.text('name', 'Name', 'input.name')}
      <Field label="Parent" error={form.errorAt('input.parentUuid')}>
        <select {...form.control('parent')}>
          <option value="">none (a root)</option>
          {providers
            .filter((candidate) => candidate.uuid !== provider?.uuid)
            .map((candidate) => (
              <option key={candidate.id} value={candidate.uuid}>
                {candidate.name}
              </option>
            ))}
        </select>
      </Field>
    </Form>
  );
}

function ProvidersAdmin() {
  const { data, error } = useProviders();
  const deleteNode = useDeleteNode();
  const [selected, setSelected] = useState('');
  const providers = data?.resourceProviders.nodes ?? [];
  const provider = providers.find((candidate) => candidate.uuid === selected);
  const branch = (parent: string | null): ReactNode => {
    const list = providers.filter((node) => (node.parent?.uuid ?? null) === parent);
    if (!list.length) return null;
    return (
      <ul>
        {list.map((node) => (
          <li key={node.id}>
            <button
              className={node.uuid === selected ? 'link selected' : 'link'}
              aria-pressed={node.uuid === selected}
              onClick={() => setSelected(node.uuid)}
            >
              {node.name}
            </button>{' '}
            <span className="muted">generation {node.generation}</span>{' '}
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
    <div>
      <section aria-label="Provider trees" className="tag-tree">
        <h3>Providers</h3>
        <ErrorBox error={error} />
        {data && !providers.length ? <p className="muted">No providers.</p> : null}
        {branch(null)}
      </section>
      <div className="admin">
        <ProviderForm providers={providers} />
        {provider ? (
          <>
            <ProviderForm
              key={`${provider.id}-${provider.name}-${provider.parent?.uuid}`}
              providers={providers}
              provider={provider}
            />
            <ProviderTraitsForm key={`${provider.id}-${provider.generation}`} provider={provider} />
            <div className="admin-form">
              <h3>Delete {provider.name}</h3>
              <p className="muted">
                A provider with children cannot be deleted (CONFLICT): move or delete them first.
              </p>
              <ConfirmDelete
                name={provider.name}
                what="with its traits"
                onConfirm={async () => {
                  await deleteNode(provider.id);
                  setSelected('');
                }}
              />
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}

function ResourcesAdmin() {
  const [type, setType] = useState('');
  const { data, error } = useQuery(AdminResourcesQuery, {
    variables: { filter: type ? { resourceType: type } : {} },
    fetchPolicy: 'cache-and-network',
  });
  const [create] = useMutation(CreateResource, { refetchQueries: [AdminResourcesQuery] });
  const [setTags] = useMutation(SetResourceTags, { refetchQueries: [AdminResourcesQuery] });
  const deleteNode = useDeleteNode();
  const [newType, setNewType] = useState('');
  const form = useForm({ name: '', tags: '' });
  const submit = () =>
    form.run(async () => {
      if (!newType) throw new Error('Choose a resource type (or confirm a new one)');
      const { data: created } = await create({
        variables: {
          input: {
            resourceType: newType,
            name: optional(form.values.name),
            tags: splitList(form.values.tags),
          },
        },
      });
      form.setValues({ name: '', tags: '' });
      return `Created ${created?.createResource.name ?? created?.createResource.uuid}`;
    }, ['input.name', 'input.tags', 'input.resourceType']);
  return (
    <div>
      <div className="admin">
        <Form
          title="Create resource"
          submit="Create resource"
          onSubmit={submit}
          done={form.done}
          general={form.general}
        >
          <ResourceTypeChoice
            value={newType}
            onChange={setNewType}
            error={form.errorAt('input.resourceType')}
          />
          {form.text('name', 'Name', 'input.name')}
          {form.text('tags', 'Tags', 'input.tags', { placeholder: 'prod, web' })}
        </Form>
      </div>
      <section aria-label="Resources to administer">
        <div className="toolbar">
          <ResourceTypePicker value={type} onChange={setType} allowNone label="Show resources of type" />
        </div>
        <ErrorBox error={error} />
        {data ? <p className="muted">{data.resources.totalCount} resources</p> : null}
        <ul className="admin-list">
          {data?.resources.nodes.map((resource) => (
            <li key={resource.id}>
              <strong>{resource.name ?? resource.uuid}</strong>{' '}
              <span className="muted">
                {resource.resourceType} · project {resource.projectId}
              </span>{' '}
              <TagsEditor
                tags={resource.tags}
                label={`Tags of ${resource.name ?? resource.uuid}`}
                onSave={(tags) => setTags({ variables: { uuid: resource.uuid, tags } })}
              />{' '}
              <ConfirmDelete
                name={resource.name ?? resource.uuid}
                what="with its tags and properties"
                onConfirm={() => deleteNode(resource.id)}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function TagsEditor({
  tags,
  label,
  onSave,
}: {
  tags: readonly string[];
  label: string;
  onSave: (tags: string[]) => Promise<unknown>;
}) {
  const [text, setText] = useState(tags.join(', '));
  const [error, setError] = useState('');
  const changed = text !== tags.join(', ');
  return (
    <span className="tags-editor">
      <input aria-label={label} value={text} onChange={(event) => setText(event.target.value)} />
      {changed ? (
        <button
          className="small"
          onClick={() =>
            onSave(splitList(text)).then(
              () => setError(''),
              (failure: unknown) => setError(Object.values(errorsByField(failure)).join('; ')),
            )
          }
        >
          Save tags
        </button>
      ) : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

const SECTIONS = [
  ['catalog', 'Catalog', CatalogAdmin],
  ['traits', 'Traits', TraitsAdmin],
  ['providers', 'Providers', ProvidersAdmin],
  ['resources', 'Resources', ResourcesAdmin],
] as const;

/**
 * Admin: namespaces (picked from a list) with their associations, properties, objects and tags; custom traits;
 * providers (tree, traits with generation); resources. Everything deletable, after a confirmation; resource
 * types chosen from the known ones (a new one only as an explicit action); the API's errors beside their fields.
 */
export function AdminScreen() {
  const [section, setSection] = useState<(typeof SECTIONS)[number][0]>('catalog');
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [section, moved]);
  const [, title, Section] = SECTIONS.find(([name]) => name === section)!;
  return (
    <div>
      <nav className="subnav" aria-label="Admin sections">
        {SECTIONS.map(([name, label]) => (
          <button
            key={name}
            className={name === section ? 'tab active' : 'tab'}
            aria-pressed={name === section}
            onClick={() => {
              setSection(name);
              setMoved(true);
            }}
          >
            {label}
          </button>
        ))}
      </nav>
      <h2 ref={heading} tabIndex={-1} className="section-title">
        {title}
      </h2>
      <Section />
    </div>
  );
}
