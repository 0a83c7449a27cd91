import type { Viewer } from '../../common/policy/engine';
import DataLoader from 'dataloader';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';

import { groupInOrder, type LoaderFactory } from '../../common/loaders';
import { NamespaceResourceType } from '../namespaces/namespace-resource-type.entity';
import { restrictToVisible } from '../namespaces/namespace.policy';
import { inView, ResourceTypeView } from '../namespaces/resource-type-view';
import { PropertyDefinition } from './property.entity';

/** Namespace-level properties (not those of objects), by namespace key, by name. */
export const propertiesByNamespacePk: LoaderFactory<number, PropertyDefinition[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(PropertyDefinition)
      .createQueryBuilder('p')
      .where('p.namespaceId IN (:...keys)', { keys })
      .andWhere('p.objectId IS NULL')
      .orderBy('p.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.namespaceId);
  });

/** The properties of objects, by object key, by name. */
export const propertiesByObjectPk: LoaderFactory<number, PropertyDefinition[]> = (db) =>
  new DataLoader(async (keys) => {
    const rows = await db
      .getRepository(PropertyDefinition)
      .createQueryBuilder('p')
      .where('p.objectId IN (:...keys)', { keys })
      .orderBy('p.name', 'ASC')
      .getMany();
    return groupInOrder(keys, rows, (row) => row.objectId!);
  });

/**
 * The property definitions (of namespaces and their objects) of the visible namespaces associated with a resource
 * type, aliased p (ns, nrt, rt), with their association's prefix (`definition_prefix`) and the type's name
 * (`definition_resource_type`) selected: add conditions with andWhere.
 */
export function definitionsOfResourceType(
  db: EntityManager,
  viewer: Viewer,
  resourceTypePk: number,
): SelectQueryBuilder<PropertyDefinition> {
  const query = db
    .getRepository(PropertyDefinition)
    .createQueryBuilder('p')
    .innerJoin('p.namespace', 'ns')
    .innerJoin(
      NamespaceResourceType,
      'nrt',
      'nrt.namespaceId = ns.pk AND nrt.resourceTypeId = :resourceTypePk',
      {
        resourceTypePk,
      },
    )
    .innerJoin('nrt.resourceType', 'rt')
    .addSelect('nrt.prefix', 'definition_prefix')
    .addSelect('rt.name', 'definition_resource_type')
    .where('true');
  return restrictToVisible(query, 'ns', viewer);
}

/** Key of `definitionsByResourceTypeKey`: a resource type's database key and a key as set on resources. */
export const definitionKey = (resourceTypePk: number, key: string): string => `${resourceTypePk}\u0000${key}`;

/**
 * The definitions that govern a key on resources of a type: properties (of namespaces and of their objects)
 * of the visible namespaces associated with the type, whose association prefix + name equals the key. Each
 * comes back in the resource type's view (when its association has a prefix), in a stable order (namespace name, namespace properties before object properties).
 * Keyed by `definitionKey(resourceTypePk, key)`; one statement per resource type in a batch.
 */
export const definitionsByResourceTypeKey: LoaderFactory<string, PropertyDefinition[]> = (db, viewer) =>
  new DataLoader(async (batch) => {
    const byType = new Map<number, string[]>();
    for (const item of batch) {
      const [type, key] = item.split('\u0000');
      byType.set(Number(type), [...(byType.get(Number(type)) ?? []), key]);
    }
    const found = new Map<string, PropertyDefinition[]>();
    for (const [resourceTypePk, keys] of byType) {
      const query = definitionsOfResourceType(db, viewer, resourceTypePk)
        // Explicit collation: the prefix and the name columns have different ones.
        .addSelect(`(coalesce(nrt.prefix, '') || p.name) COLLATE "C"`, 'definition_key')
        .andWhere(`(coalesce(nrt.prefix, '') || p.name) COLLATE "C" IN (:...keys)`, { keys });
      query
        .orderBy('ns.name', 'ASC')
        .addOrderBy('p.objectId', 'ASC', 'NULLS FIRST')
        .addOrderBy('p.pk', 'ASC');
      const { entities, raw } = await query.getRawAndEntities<{
        definition_key: string;
        definition_prefix: string | null;
        definition_resource_type: string;
      }>();
      entities.forEach((property, index) => {
        const { definition_key: key, definition_prefix: prefix, definition_resource_type: type } = raw[index];
        const id = definitionKey(resourceTypePk, key);
        found.set(id, [...(found.get(id) ?? []), inView(property, ResourceTypeView.of(type, prefix))]);
      });
    }
    return batch.map((item) => found.get(item) ?? []);
  });
