import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent, type ReactNode } from 'react';
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
  return { values, control, errorAt, run, done, general: errors[''] };
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
      <Field label="Name" error={form.errorAt('input.name')}>
        <input {...form.control('name')} />
      </Field>
      <Field label="Display name" error={form.errorAt('input.displayName')}>
        <input {...form.control('displayName')} />
      </Field>
      <Field label="Description" error={form.errorAt('input.description')}>
        <input {...form.control('description')} />
      </Field>
      <Field label="Visibility">
        <select {...form.control('visibility')}>
          <option>PUBLIC</option>
          <option>PRIVATE</option>
        </select>
      </Field>
      <Field label="Resource type" error={form.errorAt('input.resourceTypeAssociations')}>
        <input {...form.control('resourceType')} placeholder="e.g. OS::Nova::Flavor" />
      </Field>
      <Field label="Prefix">
        <input {...form.control('prefix')} placeholder="e.g. hw:" />
      </Field>
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
      <Field label="Namespace" error={form.errorAt('name')}>
        <input {...form.control('namespace')} />
      </Field>
      <Field label="Display name" error={form.errorAt('input.displayName')}>
        <input {...form.control('displayName')} />
      </Field>
      <Field label="Description" error={form.errorAt('input.description')}>
        <input {...form.control('description')} />
      </Field>
    </Form>
  );
}

function PropertyForm() {
  const [mutate] = useMutation(CreateProperty, { refetchQueries: 'active' });
  const [operators, setOperators] = useState<string[]>([]);
  const form = useForm({
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
      const { data } = await mutate({
        variables: {
          namespace: v.namespace,
          input: {
            name: v.name,
            title: v.title,
            type: v.type as PropertyType,
            enum: list.length ? list.map((item) => (numeric ? Number(item) : item)) : undefined,
            minimum: optionalNumber(v.minimum),
            maximum: optionalNumber(v.maximum),
            pattern: optional(v.pattern),
            operators: operators.length ? operators : undefined,
          },
        },
      });
      return `Created property ${data?.createProperty.name}`;
    }, [
      'namespace',
      'input.name',
      'input.title',
      'input.enum',
      'input.minimum',
      'input.maximum',
      'input.pattern',
    ]);
  return (
    <Form title="Create property" onSubmit={submit} done={form.done} general={form.general}>
      <Field label="Namespace" error={form.errorAt('namespace')}>
        <input {...form.control('namespace')} />
      </Field>
      <Field label="Name" error={form.errorAt('input.name')}>
        <input {...form.control('name')} />
      </Field>
      <Field label="Title" error={form.errorAt('input.title')}>
        <input {...form.control('title')} />
      </Field>
      <Field label="Type">
        <select {...form.control('type')}>
          {TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </Field>
      <Field label="Allowed values (enum)" error={form.errorAt('input.enum')}>
        <input {...form.control('enum')} placeholder="a, b, c" />
      </Field>
      <Field label="Minimum" error={form.errorAt('input.minimum')}>
        <input {...form.control('minimum')} type="number" step="any" />
      </Field>
      <Field label="Maximum" error={form.errorAt('input.maximum')}>
        <input {...form.control('maximum')} type="number" step="any" />
      </Field>
      <Field label="Pattern" error={form.errorAt('input.pattern')}>
        <input {...form.control('pattern')} />
      </Field>
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
  const [mutate] = useMutation(CreateObject, { refetchQueries: 'active' });
  const form = useForm({ namespace: '', name: '', description: '', required: '' });
  const { values: v } = form;
  const submit = () =>
    form.run(async () => {
      const { data } = await mutate({
        variables: {
          namespace: v.namespace,
          input: { name: v.name, description: optional(v.description), required: splitList(v.required) },
        },
      });
      return `Created object ${data?.createObject.name}`;
    }, ['namespace', 'input.name', 'input.description', 'input.required']);
  return (
    <Form title="Create object" onSubmit={submit} done={form.done} general={form.general}>
      <Field label="Namespace" error={form.errorAt('namespace')}>
        <input {...form.control('namespace')} />
      </Field>
      <Field label="Name" error={form.errorAt('input.name')}>
        <input {...form.control('name')} />
      </Field>
      <Field label="Description" error={form.errorAt('input.description')}>
        <input {...form.control('description')} />
      </Field>
      <Field label="Required properties" error={form.errorAt('input.required')}>
        <input {...form.control('required')} />
      </Field>
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
      <Field label="Namespace" error={form.errorAt('namespace')}>
        <input {...form.control('namespace')} />
      </Field>
      <Field label="Tag" error={form.errorAt('name')}>
        <input {...form.control('name')} />
      </Field>
      <Field label="New name (to rename)" error={form.errorAt('newName')}>
        <input {...form.control('newName')} />
      </Field>
      <Field label="Parent tag" error={form.errorAt('parent')}>
        <input {...form.control('parent')} />
      </Field>
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
