import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { graphql } from '../gql';
import type { PropertyType, Visibility } from '../gql/graphql';
import { errorsByField, Field, splitList } from '../ui';

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

const TYPES: PropertyType[] = ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'ARRAY'];
const OPERATORS = ['<or>', '<in>', '<all-in>'];

/** A form's values as text, its API errors by field, and a banner for what it did. */
function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  /** Props of the control for `key`, whose errors are those the API names `path` (or below it). */
  const control = (key: K) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });
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
  return { values, control, errorAt, text, run, done, general: errors[''] };
}

function Form({
  title,
  onSubmit,
  done,
  general,
  children,
}: {
  title: string;
  onSubmit: () => void;
  done: string;
  general?: string;
  children: ReactNode;
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
      <h2>{title}</h2>
      {children}
      <button type="submit">{title}</button>
      {done ? <span className="ok">{done}</span> : null}
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

function NamespaceForm() {
  const [mutate] = useMutation(CreateNamespace, { refetchQueries: 'active' });
  const form = useForm({
    name: '',
    displayName: '',
    description: '',
    visibility: 'PUBLIC',
    resourceType: '',
    prefix: '',
  });
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
            ...(v.resourceType
              ? { resourceTypeAssociations: [{ name: v.resourceType, prefix: optional(v.prefix) }] }
              : {}),
          },
        },
      });
      return `Created namespace ${data?.createNamespace.name}`;
    }, ['input.name', 'input.displayName', 'input.description', 'input.resourceTypeAssociations']);
  return (
    <Form title="Create namespace" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('name', 'Name', 'input.name')}
      {form.text('displayName', 'Display name', 'input.displayName')}
      {form.text('description', 'Description', 'input.description')}
      <Field label="Visibility">
        <select {...form.control('visibility')}>
          <option>PUBLIC</option>
          <option>PRIVATE</option>
        </select>
      </Field>
      {form.text('resourceType', 'Resource type', 'input.resourceTypeAssociations.0.name', {
        placeholder: 'e.g. OS::Nova::Flavor',
      })}
      {form.text('prefix', 'Prefix', 'input.resourceTypeAssociations.0.prefix', { placeholder: 'e.g. hw:' })}
    </Form>
  );
}

function EditNamespaceForm() {
  const [mutate] = useMutation(UpdateNamespace, { refetchQueries: 'active' });
  const form = useForm({ namespace: '', displayName: '', description: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const { data } = await mutate({
        variables: {
          name: v.namespace,
          input: { displayName: optional(v.displayName), description: optional(v.description) },
        },
      });
      return `Updated namespace ${data?.updateNamespace.name}`;
    }, ['name', 'input.displayName', 'input.description']);
  return (
    <Form title="Edit namespace" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('namespace', 'Namespace', 'name')}
      {form.text('displayName', 'Display name', 'input.displayName')}
      {form.text('description', 'Description', 'input.description')}
    </Form>
  );
}

function PropertyForm() {
  const [create] = useMutation(CreateProperty, { refetchQueries: 'active' });
  const [update] = useMutation(UpdateProperty, { refetchQueries: 'active' });
  const [operators, setOperators] = useState<string[]>([]);
  const form = useForm({
    existing: '',
    namespace: '',
    name: '',
    title: '',
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
        type: v.type as PropertyType,
        enum: list.length ? list.map((item) => (numeric ? Number(item) : item)) : undefined,
        minimum: optionalNumber(v.minimum),
        maximum: optionalNumber(v.maximum),
        pattern: optional(v.pattern),
        operators: operators.length ? operators : undefined,
      };
      if (v.existing.trim()) {
        const { data } = await update({ variables: { namespace: v.namespace, name: v.existing, input } });
        return `Replaced property ${v.existing} by ${data?.updateProperty.name}`;
      }
      const { data } = await create({ variables: { namespace: v.namespace, input } });
      return `Created property ${data?.createProperty.name}`;
    }, [
      'name',
      'namespace',
      'input.name',
      'input.title',
      'input.enum',
      'input.minimum',
      'input.maximum',
      'input.pattern',
    ]);
  return (
    <Form title="Create or replace property" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('namespace', 'Namespace', 'namespace')}
      {form.text('existing', 'Replace property (its current name; empty: create)', 'name')}
      {form.text('name', 'Name', 'input.name')}
      {form.text('title', 'Title', 'input.title')}
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

function ObjectForm() {
  const [create] = useMutation(CreateObject, { refetchQueries: 'active' });
  const [update] = useMutation(UpdateObject, { refetchQueries: 'active' });
  const form = useForm({ existing: '', namespace: '', name: '', description: '', required: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const input = { name: v.name, description: optional(v.description), required: splitList(v.required) };
      if (v.existing.trim()) {
        const { data } = await update({ variables: { namespace: v.namespace, name: v.existing, input } });
        return `Replaced object ${v.existing} by ${data?.updateObject.name}`;
      }
      const { data } = await create({ variables: { namespace: v.namespace, input } });
      return `Created object ${data?.createObject.name}`;
    }, ['name', 'namespace', 'input.name', 'input.description', 'input.required']);
  return (
    <Form title="Create or replace object" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('namespace', 'Namespace', 'namespace')}
      {form.text('existing', 'Replace object (its current name; empty: create)', 'name')}
      {form.text('name', 'Name', 'input.name')}
      {form.text('description', 'Description', 'input.description')}
      {form.text('required', 'Required properties', 'input.required')}
    </Form>
  );
}

function TagForm() {
  const [create] = useMutation(CreateTag, { refetchQueries: 'active' });
  const [rename] = useMutation(UpdateTag, { refetchQueries: 'active' });
  const form = useForm({ namespace: '', name: '', newName: '', parent: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      if (v.newName.trim()) {
        const { data } = await rename({
          variables: { namespace: v.namespace, name: v.name, newName: v.newName, parent: optional(v.parent) },
        });
        return `Renamed tag to ${data?.updateTag.name}`;
      }
      const { data } = await create({
        variables: { namespace: v.namespace, name: v.name, parent: optional(v.parent) },
      });
      return `Created tag ${data?.createTag.name}`;
    }, ['namespace', 'name', 'newName', 'parent']);
  return (
    <Form title="Create or rename tag" onSubmit={submit} done={form.done} general={form.general}>
      {form.text('namespace', 'Namespace', 'namespace')}
      {form.text('name', 'Tag', 'name')}
      {form.text('newName', 'New name (to rename)', 'newName')}
      {form.text('parent', 'Parent tag', 'parent')}
    </Form>
  );
}

/** Admin: create and edit namespaces, properties, objects and tags; the API's errors beside their fields. */
export function AdminScreen() {
  return (
    <div className="admin">
      <NamespaceForm />
      <EditNamespaceForm />
      <PropertyForm />
      <ObjectForm />
      <TagForm />
    </div>
  );
}
