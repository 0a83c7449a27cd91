import type { Context, TxContext } from '../../common/context';
import { InputError } from '../../common/errors';
import { encodeGlobalId } from '../../common/relay/global-id';
import type { Node } from '../../common/relay/node';
import { MetadefTag } from '../metadef-tags/metadef-tag.entity';
import { metadefTagService } from '../metadef-tags/metadef-tag.service';
import { Namespace } from '../namespaces/namespace.entity';
import type { MetadefWriteRule } from '../namespaces/namespace.policy';
import { namespaceService } from '../namespaces/namespace.service';
import { viewKey } from '../namespaces/resource-type-view';
import { MetadefObject } from '../properties/object.entity';
import { objectService } from '../properties/object.service';
import { PropertyDefinition } from '../properties/property.entity';
import { propertyService } from '../properties/property.service';
import { ResourceProvider } from '../resource-providers/resource-provider.entity';
import { resourceProviderService } from '../resource-providers/resource-provider.service';
import { Resource } from '../resources/resource.entity';
import { resourceService } from '../resources/resource.service';
import { Trait } from '../traits/trait.entity';
import { traitService } from '../traits/trait.service';

/** One node id that a deletion took away, with the GraphQL type of the node (its `__typename`). */
export interface DeletedNodeRef {
  typename: string;
  nodeId: string;
}

/** A catalog row that resource type views show as nodes of their own (see resource-type-view.ts). */
interface ViewableRow {
  type: string;
  pk: number;
}

/**
 * `deleteNode(id:)`: deletes any deletable node through its own service (the same rules as the typed delete
 * mutations: protected namespaces, standard traits, providers with children…) and says which node ids are
 * gone, so that a client cache can evict them: the node itself and what went with it (for a namespace its
 * properties, objects, their properties and its tags; for an object its properties), each under its plain id
 * and under the id of every resource type view it can be seen in (one per association of its namespace that
 * applies a prefix), whichever id the deletion was asked with.
 */
export class NodeDeletionService {
  delete(ctx: Context, node: Node): Promise<DeletedNodeRef[]> {
    return ctx.transaction(async (tx) => {
      if (node instanceof Namespace) {
        // Locked first (as the delete will), so that nothing is added to it or associated between the listing
        // and the delete; NOT_FOUND / FORBIDDEN exactly as deleteNamespace.
        await namespaceService.requireWritable(tx, node.name, 'delete_metadef_namespace');
        const gone = await this.withViews(tx, node.pk, [
          { type: Namespace.nodeType, pk: node.pk },
          ...(await this.rowsIn(tx, 'namespace_id', node.pk, [PropertyDefinition, MetadefObject])),
        ]);
        gone.push(...(await this.rowsIn(tx, 'namespace_id', node.pk, [MetadefTag])).map(plain));
        await namespaceService.delete(tx, node.name);
        return gone;
      }
      if (node instanceof PropertyDefinition) {
        if (node.objectId !== null) {
          throw new InputError(
            'id',
            'this property belongs to an object: update or delete the object instead',
          );
        }
        const namespace = await this.lockNamespace(tx, node.namespaceId, 'remove_metadef_property');
        const gone = await this.withViews(tx, node.namespaceId, [
          { type: PropertyDefinition.nodeType, pk: node.pk },
        ]);
        await propertyService.delete(tx, namespace, node.storedName);
        return gone;
      }
      if (node instanceof MetadefObject) {
        const namespace = await this.lockNamespace(tx, node.namespaceId, 'delete_metadef_object');
        const gone = await this.withViews(tx, node.namespaceId, [
          { type: MetadefObject.nodeType, pk: node.pk },
          ...(await this.rowsIn(tx, 'object_id', node.pk, [PropertyDefinition])),
        ]);
        await objectService.delete(tx, namespace, node.name);
        return gone;
      }
      if (node instanceof MetadefTag) {
        await metadefTagService.delete(tx, await this.namespaceName(tx, node.namespaceId), node.name);
        return [plain({ type: MetadefTag.nodeType, pk: node.pk })];
      }
      if (node instanceof Trait) {
        await traitService.delete(tx, node.name);
        return [{ typename: Trait.nodeType, nodeId: node.id }];
      }
      if (node instanceof ResourceProvider) {
        await resourceProviderService.delete(tx, node.uuid);
        return [{ typename: ResourceProvider.nodeType, nodeId: node.id }];
      }
      if (node instanceof Resource) {
        await resourceService.delete(tx, node.uuid);
        return [{ typename: Resource.nodeType, nodeId: node.id }];
      }
      throw new InputError('id', 'this kind of node cannot be deleted');
    });
  }

  private async namespaceName(tx: TxContext, pk: number): Promise<string> {
    return (await tx.db.getRepository(Namespace).findOneByOrFail({ pk })).name;
  }

  /** The namespace's name, with the namespace locked for the transaction (NOT_FOUND / FORBIDDEN as its writes). */
  private async lockNamespace(tx: TxContext, pk: number, rule: MetadefWriteRule): Promise<string> {
    return (await namespaceService.requireWritable(tx, await this.namespaceName(tx, pk), rule)).name;
  }

  /** The rows of these node types whose `column` (namespace_id or object_id) is `pk`, by type then key. */
  private async rowsIn(
    tx: TxContext,
    column: 'namespace_id' | 'object_id',
    pk: number,
    types: (typeof PropertyDefinition | typeof MetadefObject | typeof MetadefTag)[],
  ): Promise<ViewableRow[]> {
    const tables = new Map<string, string>([
      [PropertyDefinition.nodeType, 'metadef_properties'],
      [MetadefObject.nodeType, 'metadef_objects'],
      [MetadefTag.nodeType, 'metadef_tags'],
    ]);
    const rows: ViewableRow[] = [];
    for (const type of types) {
      const found: { id: number }[] = await tx.db.query(
        `SELECT id FROM ${tables.get(type.nodeType)!} WHERE ${column} = $1 ORDER BY id`,
        [pk],
      );
      rows.push(...found.map((row) => ({ type: type.nodeType, pk: row.id })));
    }
    return rows;
  }

  /**
   * Each row's plain id, then its id in every resource type view of the namespace: one per association that
   * applies a prefix (an association without one shows the plain node; see ResourceTypeView).
   */
  private async withViews(
    tx: TxContext,
    namespacePk: number,
    rows: ViewableRow[],
  ): Promise<DeletedNodeRef[]> {
    const views: { name: string }[] = await tx.db.query(
      `SELECT rt.name FROM namespace_resource_types nrt JOIN resource_types rt ON rt.id = nrt.resource_type_id
        WHERE nrt.namespace_id = $1 AND nrt.prefix <> '' ORDER BY rt.name`,
      [namespacePk],
    );
    return rows.flatMap((row) => [
      plain(row),
      ...views.map((view) => ({
        typename: row.type,
        nodeId: encodeGlobalId(row.type, viewKey(row.pk, view.name)),
      })),
    ]);
  }
}

const plain = (row: ViewableRow): DeletedNodeRef => ({
  typename: row.type,
  nodeId: encodeGlobalId(row.type, row.pk),
});

export const nodeDeletionService = new NodeDeletionService();
