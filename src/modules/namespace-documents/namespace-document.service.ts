import type { Context } from '../../common/context';
import { metadefTagService, type TagDoc } from '../metadef-tags/metadef-tag.service';
import type { Namespace } from '../namespaces/namespace.entity';
import { namespaceService, type NamespaceDoc } from '../namespaces/namespace.service';
import { objectService, type ObjectDoc } from '../properties/object.service';
import { propertyService, type PropertyDoc } from '../properties/property.service';

/**
 * A whole namespace document: the namespace's fields and associations and everything in it. What
 * `createNamespace` takes, and what a Glance definition file holds.
 */
export interface NamespaceDocument extends NamespaceDoc {
  properties?: readonly PropertyDoc[] | null;
  objects?: readonly ObjectDoc[] | null;
  tags?: readonly TagDoc[] | null;
}

export class NamespaceDocumentService {
  /**
   * Creates a namespace with its properties, objects and tags, in one transaction (all or nothing). Problems
   * are reported at `input.<path>` (e.g. `input.objects.0.properties.2.maximum`).
   */
  create(ctx: Context, doc: NamespaceDocument): Promise<Namespace> {
    return ctx.transaction(async (tx) => {
      const namespace = await namespaceService.create(tx, doc);
      if (doc.properties?.length) {
        await propertyService.add(tx, namespace, doc.properties, 'input.properties');
      }
      if (doc.objects?.length) await objectService.add(tx, namespace, doc.objects, 'input.objects');
      if (doc.tags?.length) await metadefTagService.add(tx, namespace, doc.tags, 'input.tags');
      return namespace;
    });
  }
}

export const namespaceDocumentService = new NamespaceDocumentService();
