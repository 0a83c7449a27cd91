import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { DELETE_ACCESS, NAMESPACE_ARG, WRITE_ACCESS } from '../namespaces/namespace.docs';
import { Namespace } from '../namespaces/namespace.entity';
import { UpdateNamespaceInput } from '../namespaces/namespace.inputs';
import { namespaceService } from '../namespaces/namespace.service';
import { CreateNamespaceInput } from './namespace-document.inputs';
import { namespaceDocumentService } from './namespace-document.service';

/**
 * A namespace's mutations, together: create, update, delete. They live here, not in namespaces/, because creating
 * a namespace writes what is in it (properties, objects, tags: modules that import namespaces/). Associations with
 * resource types are changed in namespaces/ (namespace.resolver.ts), as properties are in properties/.
 */
@Resolver(() => Namespace)
export class NamespaceDocumentResolver {
  @Mutation(() => Namespace, {
    description:
      'Creates a namespace with, optionally, its associations, properties, objects and tags, all or nothing. Admins; with METADEF_PROJECT_WRITES=true also a project for itself, within METADEF_NAMESPACES_PER_PROJECT and the per-namespace quotas (FORBIDDEN otherwise). CONFLICT when the name is taken.',
  })
  createNamespace(
    @Ctx() ctx: Context,
    @Arg('input', { description: 'The namespace.' }) input: CreateNamespaceInput,
  ): Promise<Namespace> {
    return namespaceDocumentService.create(ctx, {
      ...input,
      tags: input.tags?.map((name) => ({ name })),
    });
  }

  @Mutation(() => Namespace, {
    description: `Changes a namespace's own fields (not what is in it). ${WRITE_ACCESS}`,
  })
  updateNamespace(
    @Ctx() ctx: Context,
    @Arg('name', { description: 'The current name.' }) name: string,
    @Arg('input', { description: 'The changes.' }) input: UpdateNamespaceInput,
  ): Promise<Namespace> {
    return namespaceService.update(ctx, name, input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a namespace and everything in it; returns true. ${DELETE_ACCESS}`,
  })
  deleteNamespace(
    @Ctx() ctx: Context,
    @Arg('name', { description: NAMESPACE_ARG }) name: string,
  ): Promise<boolean> {
    return namespaceService.delete(ctx, name);
  }
}
