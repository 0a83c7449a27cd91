import { Field, ObjectType } from 'type-graphql';
import { NodeEntity } from '../../common/relay/node-entity';

/**
 * How catalog rows are seen for one resource type whose association with their namespace applies a prefix:
 * property names (and objects' `required`) carry it. An immutable value handed from the namespace (or the search
 * hit, or the discovered property) down to its objects and properties. There is no view without a prefix: a
 * resource type the namespace is not associated with, or whose association has no prefix, shows the stored
 * names, which are the plain nodes.
 */
@ObjectType('ResourceTypeView', {
  description:
    'The resource type a catalog object is seen for, and the prefix its association applies to property names.',
})
export class ResourceTypeView {
  @Field({ description: 'The resource type, e.g. OS::Nova::Flavor.' })
  readonly resourceType: string;

  @Field({ description: 'The prefix of property names on that resource type, e.g. "hw:".' })
  readonly prefix: string;

  private constructor(resourceType: string, prefix: string) {
    this.resourceType = resourceType;
    this.prefix = prefix;
    Object.freeze(this);
  }

  /** The view for an association of `resourceType` with this prefix; null when it applies none. */
  static of(resourceType: string, prefix: string | null | undefined): ResourceTypeView | null {
    return prefix ? new ResourceTypeView(resourceType, prefix) : null;
  }

  /** A stored name as seen in this view. */
  name(stored: string): string {
    return `${this.prefix}${stored}`;
  }
}

/**
 * A catalog node that can be seen in a resource type view (namespaces, objects, property definitions). Seen in a
 * view it is a node of its own, with names prefixed, so its global id carries the view: key
 * `<pk>@<resourceType>`, where the stored row keeps `<pk>`. One id then always names one thing, and a client's
 * normalized cache keeps the views apart.
 */
// An object type so that subclasses inherit its field; no field returns it, so it is not in the schema itself.
@ObjectType()
export abstract class ViewableNodeEntity extends NodeEntity {
  /** Not a column: set on a copy of the row by `inView`, never on a row that loaders or repositories hand out. */
  @Field(() => ResourceTypeView, {
    nullable: true,
    description:
      'Set when seen for a resource type whose association applies a prefix (namespace(name, resourceType), ' +
      'searchProperties(resourceType), DiscoveredProperty.definition): property names carry that prefix, and ' +
      "the id is the view's own (node(id) returns the same view). Null for the plain object, with stored names.",
  })
  readonly view?: ResourceTypeView | null;

  protected override get nodeKey(): string {
    return this.view ? viewKey(this.pk, this.view.resourceType) : String(this.pk);
  }
}

/** The node key of a row seen in the view of `resourceType` (see parseViewKey). */
export function viewKey(pk: number, resourceType: string): string {
  return `${pk}@${resourceType}`;
}

/**
 * The row as seen in `view`: a copy (same prototype, so getters and `instanceof` hold) carrying the view, since
 * rows may be cached by loaders and shared within a request. Without a view, the row itself.
 */
export function inView<T extends ViewableNodeEntity>(row: T, view: ResourceTypeView | null | undefined): T {
  if (!view) return row;
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object) as T, row, { view });
}

/** Reads a node key of a viewable node: the database key, and the view's resource type when there is one. */
export function parseViewKey(key: string): { pk: string; resourceType: string | null } {
  const at = key.indexOf('@');
  return at < 0 ? { pk: key, resourceType: null } : { pk: key.slice(0, at), resourceType: key.slice(at + 1) };
}
