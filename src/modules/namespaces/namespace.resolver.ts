import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType } from '../../common/relay/node';
import { ResourceType } from '../resource-types/resource-type.entity';
import { NamespaceConnection } from './namespace.connection';
import { NamespaceResourceType } from './namespace-resource-type.entity';
import { Namespace } from './namespace.entity';
import {
  NamespaceFilter,
  NamespaceOrder,
  ResourceTypeAssociationInput,
  UpdateNamespaceInput,
} from './namespace.inputs';
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
  @Query(() => NamespaceConnection, { description: 'Namespaces visible to the caller.' })
  async namespaces(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('last', () => Int, { nullable: true }) last?: number,
    @Arg('before', () => String, { nullable: true }) before?: string,
    @Arg('filter', () => NamespaceFilter, { nullable: true }) filter?: NamespaceFilter,
    @Arg('orderBy', () => NamespaceOrder, { nullable: true }) orderBy?: NamespaceOrder,
  ): Promise<NamespaceConnection> {
    return NamespaceConnection.from(
      await namespaceService.list(ctx, { first, after, last, before, filter, orderBy }),
    );
  }

  @Query(() => Namespace, {
    nullable: true,
    description:
      "A namespace by name; null if absent or not visible. With resourceType, property names (and objects' required) carry that association's prefix: the namespace, its objects and properties are then seen in that resource type's view, with ids of their own (see `view`).",
  })
  namespace(
    @Ctx() ctx: Context,
    @Arg('name') name: string,
    @Arg('resourceType', () => String, { nullable: true }) resourceType?: string,
  ): Promise<Namespace | null> {
    return namespaceService.getForResourceType(ctx, name, resourceType);
  }

  @FieldResolver(() => [NamespaceResourceType])
  resourceTypeAssociations(
    @Root() namespace: Namespace,
    @Ctx() ctx: Context,
  ): Promise<NamespaceResourceType[]> {
    return ctx.loaders.get(associationsByNamespacePk).load(namespace.pk);
  }

  @Mutation(() => Namespace)
  updateNamespace(
    @Ctx() ctx: Context,
    @Arg('name') name: string,
    @Arg('input') input: UpdateNamespaceInput,
  ): Promise<Namespace> {
    return namespaceService.update(ctx, name, input);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a namespace and everything in it; FORBIDDEN while protected.',
  })
  deleteNamespace(@Ctx() ctx: Context, @Arg('name') name: string): Promise<boolean> {
    return namespaceService.delete(ctx, name);
  }

  @Mutation(() => NamespaceResourceType, {
    description:
      'Associates a resource type. Only admins create resource types: an unknown type is registered for an admin, BAD_USER_INPUT for anyone else.',
  })
  associateResourceType(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('input') input: ResourceTypeAssociationInput,
  ): Promise<NamespaceResourceType> {
    return namespaceService.associate(ctx, namespace, input);
  }

  @Mutation(() => Boolean, {
    description: 'Removes an association; FORBIDDEN while the namespace is protected.',
  })
  dissociateResourceType(
    @Ctx() ctx: Context,
    @Arg('namespace') namespace: string,
    @Arg('resourceType') resourceType: string,
  ): Promise<boolean> {
    return namespaceService.dissociate(ctx, namespace, resourceType);
  }
}

@Resolver(() => ResourceType)
export class ResourceTypeNamespacesResolver {
  @FieldResolver(() => NamespaceConnection, {
    description: 'Visible namespaces associated with this resource type.',
  })
  async namespaces(
    @Root() resourceType: ResourceType,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('last', () => Int, { nullable: true }) last?: number,
    @Arg('before', () => String, { nullable: true }) before?: string,
  ): Promise<NamespaceConnection> {
    return NamespaceConnection.from(
      await namespaceService.listForResourceType(ctx, resourceType, { first, after, last, before }),
    );
  }
}
