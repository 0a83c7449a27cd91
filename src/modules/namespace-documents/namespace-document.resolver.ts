import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { Namespace } from '../namespaces/namespace.entity';
import { CreateNamespaceInput } from './namespace-document.inputs';
import { namespaceDocumentService } from './namespace-document.service';

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
}
