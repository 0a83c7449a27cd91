import { Namespace } from '../../src/modules/namespaces/namespace.entity';
import { MetadefObject } from '../../src/modules/properties/object.entity';
import { PropertyDefinition, type PropertySchema } from '../../src/modules/properties/property.entity';
import type { TestApp } from './test-app';

/*
 * Catalog rows written straight through the repositories: the catalog write mutations (createProperty,
 * createObject, …) live on another branch. What is tested (search, validation) still goes through GraphQL.
 */

async function namespacePk(t: TestApp, namespace: string): Promise<number> {
  const row = await t.app.database.dataSource.getRepository(Namespace).findOneByOrFail({ name: namespace });
  return row.pk;
}

/** Inserts an object into a namespace; returns its key. */
export async function insertObject(
  t: TestApp,
  namespace: string,
  name: string,
  fields: { description?: string; required?: string[] } = {},
): Promise<number> {
  const repository = t.app.database.dataSource.getRepository(MetadefObject);
  const saved = await repository.save(
    repository.create({
      namespaceId: await namespacePk(t, namespace),
      name,
      description: fields.description ?? null,
      requiredNames: fields.required ?? [],
    }),
  );
  return saved.pk;
}

/** Inserts a property of a namespace, or of one of its objects (`objectPk`); returns its key. */
export async function insertProperty(
  t: TestApp,
  namespace: string,
  name: string,
  schema: Partial<PropertySchema> = {},
  objectPk: number | null = null,
): Promise<number> {
  const repository = t.app.database.dataSource.getRepository(PropertyDefinition);
  const saved = await repository.save(
    repository.create({
      namespaceId: await namespacePk(t, namespace),
      objectId: objectPk,
      storedName: name,
      schema: { type: 'string', title: name, ...schema },
    }),
  );
  return saved.pk;
}
