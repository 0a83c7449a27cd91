import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { ConnectionArgs } from '../../common/relay/page-args';
import { defineNodeType } from '../../common/relay/node';
import { ResourceType } from '../resource-types/resource-type.entity';
import { NamespaceConnection } from './namespace.connection';
import { NamespaceResourceType } from './namespace-resource-type.entity';
import { DELETE_ACCESS, NAMESPACE_ARG, WRITE_ACCESS } from './namespace.docs';
import { Namespace } from './namespace.entity';
import { NamespaceFilter, NamespaceOrder, ResourceTypeAssociationInput } from './namespace.inputs';
import { associationsByNamespacePk, visibleNamespaceByPk } from './namespace.loaders';
import { namespaceService } from './namespace.service';

export const namespaceNode = defineNodeType('Namespace', (ctx, key) =>
  namespaceService.nodeInView(
    ctx,
    key,
    (pk) => ctx.loaders.get(visibleNamespaceByPk).load(pk),
    (namespace) => namespace.pk,
  ),
);

@Resolver(() => Namespace)
export class NamespaceResolver {
  @Query(() => NamespaceConnection, {
    description:
      "Namespaces visible to the caller (public ones and their own project's; all for admins), by name unless orderBy says otherwise.",
  })
  async namespaces(
    @Ctx() ctx: Context,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => NamespaceFilter, {
      nullable: true,
      description: 'Which namespaces; null: all visible.',
    })
    filter?: NamespaceFilter,
    @Arg('orderBy', () => NamespaceOrder, { nullable: true, description: 'Default: by name, ascending.' })
    orderBy?: NamespaceOrder,
  ): Promise<NamespaceConnection> {
    return NamespaceConnection.from(await namespaceService.list(ctx, { ...page, filter, orderBy }));
  }

  @Query(() => Namespace, {
    nullable: true,
    description:
      "A namespace by name; null if absent or not visible. With resourceType, property names (and objects' required) carry that association's prefix: the namespace, its objects and properties are then seen in that resource type's view, with ids of their own (see `view`).",
  })
  namespace(
    @Ctx() ctx: Context,
    @Arg('name', { description: 'The namespace name, e.g. OS::Compute::VirtCPUTopology.' }) name: string,
    @Arg('resourceType', () => String, {
      nullable: true,
      description:
        "A resource type to see the namespace for, e.g. OS::Nova::Flavor: property names then carry its association's prefix. Stored names when the namespace is not associated with it or the association has no prefix.",
    })
    resourceType?: string,
  ): Promise<Namespace | null> {
    return namespaceService.getForResourceType(ctx, name, resourceType);
  }

  @FieldResolver(() => [NamespaceResourceType], {
    description:
      'The resource types the namespace applies to, by name, with the prefix its property keys take on each.',
  })
  resourceTypeAssociations(
    @Root() namespace: Namespace,
    @Ctx() ctx: Context,
  ): Promise<NamespaceResourceType[]> {
    return ctx.loaders.get(associationsByNamespacePk).load(namespace.pk);
  }

  @Mutation(() => NamespaceResourceType, {
    description: `Associates the namespace with a resource type, with the prefix its property keys take there. Only admins create resource types: an unknown type is registered for an admin, BAD_USER_INPUT for anyone else; CONFLICT when already associated. ${WRITE_ACCESS}`,
  })
  associateResourceType(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('input', { description: 'The resource type and its prefix.' }) input: ResourceTypeAssociationInput,
  ): Promise<NamespaceResourceType> {
    return namespaceService.associate(ctx, namespace, input);
  }

  @Mutation(() => Boolean, {
    description: `Removes the namespace's association with a resource type; returns true. NOT_FOUND when there is none. ${DELETE_ACCESS}`,
  })
  dissociateResourceType(
    @Ctx() ctx: Context,
    @Arg('namespace', { description: NAMESPACE_ARG }) namespace: string,
    @Arg('resourceType', { description: 'The resource type name, e.g. OS::Nova::Flavor.' })
    resourceType: string,
  ): Promise<boolean> {
    return namespaceService.dissociate(ctx, namespace, resourceType);
  }
}

@Resolver(() => ResourceType)
export class ResourceTypeNamespacesResolver {
  @FieldResolver(() => NamespaceConnection, {
    description: 'Visible namespaces associated with this resource type, by name.',
  })
  async namespaces(
    @Root() resourceType: ResourceType,
    @Ctx() ctx: Context,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ): Promise<NamespaceConnection> {
    return NamespaceConnection.from(await namespaceService.listForResourceType(ctx, resourceType, page));
  }
}
