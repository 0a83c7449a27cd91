import type { Context } from '../../common/context';
import { InputError } from '../../common/errors';
import { encodeGlobalId } from '../../common/relay/global-id';
import type { Node } from '../../common/relay/node';
import { MetadefTag } from '../metadef-tags/metadef-tag.entity';
import { metadefTagService } from '../metadef-tags/metadef-tag.service';
import { Namespace } from '../namespaces/namespace.entity';
import { namespaceService } from '../namespaces/namespace.service';
import { MetadefObject } from '../objects/object.entity';
import { objectService } from '../objects/object.service';
import { PropertyDefinition } from '../properties/property.entity';
import { propertyService } from '../properties/property.service';
import { ResourceProvider } from '../resource-providers/resource-provider.entity';
import { resourceProviderService } from '../resource-providers/resource-provider.service';
import { Resource } from '../resources/resource.entity';
import { resourceService } from '../resources/resource.service';
import { Trait } from '../traits/trait.entity';
import { traitService } from '../traits/trait.service';

/**
 * `deleteNode(id:)`: deletes any deletable node through its own service (the same rules as the typed delete
 * mutations: protected namespaces, standard traits, providers with children…) and says which node ids are
 * gone, so that a client cache can evict them: the node itself and, for a namespace, everything in it; for
 * an object, its properties.
 */
export class NodeDeletionService {
  delete(tx: Context, node: Node): Promise<string[]> {
    return tx.transaction(async (tx) => {
      if (node instanceof Namespace) {
        const contained = await this.idsIn(tx, node.pk);
        await namespaceService.delete(tx, node.name);
        return contained;
      }
      if (node instanceof PropertyDefinition) {
        if (node.objectId !== null) {
          throw new InputError(
            'id',
            'this property belongs to an object: update or delete the object instead',
          );
        }
        await propertyService.delete(tx, await this.namespaceName(tx, node.namespaceId), node.storedName);
        return [];
      }
      if (node instanceof MetadefObject) {
        const properties: { id: number }[] = await tx.db.query(
          'SELECT id FROM metadef_properties WHERE object_id = $1',
          [node.pk],
        );
        await objectService.delete(tx, await this.namespaceName(tx, node.namespaceId), node.name);
        return properties.map((row) => encodeGlobalId(PropertyDefinition.nodeType, row.id));
      }
      if (node instanceof MetadefTag) {
        await metadefTagService.delete(tx, await this.namespaceName(tx, node.namespaceId), node.name);
        return [];
      }
      if (node instanceof Trait) {
        await traitService.delete(tx, node.name);
        return [];
      }
      if (node instanceof ResourceProvider) {
        await resourceProviderService.delete(tx, node.uuid);
        return [];
      }
      if (node instanceof Resource) {
        await resourceService.delete(tx, node.uuid);
        return [];
      }
      throw new InputError('id', 'this kind of node cannot be deleted');
    });
  }

  private async namespaceName(tx: Context, pk: number): Promise<string> {
    return (await tx.db.getRepository(Namespace).findOneByOrFail({ pk })).name;
  }

  /** The global ids of the properties, objects and tags of a namespace. */
  private async idsIn(tx: Context, namespacePk: number): Promise<string[]> {
    const rows: { type: string; id: number }[] = await tx.db.query(
      `SELECT $2::text AS type, id FROM metadef_properties WHERE namespace_id = $1
       UNION ALL SELECT $3::text, id FROM metadef_objects WHERE namespace_id = $1
       UNION ALL SELECT $4::text, id FROM metadef_tags WHERE namespace_id = $1`,
      [namespacePk, PropertyDefinition.nodeType, MetadefObject.nodeType, MetadefTag.nodeType],
    );
    return rows.map((row) => encodeGlobalId(row.type, row.id));
  }
}

export const nodeDeletionService = new NodeDeletionService();
