import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { Namespace } from '../namespaces/namespace.entity';
import { CreateNamespaceInput } from './namespace-document.inputs';
import { namespaceDocumentService } from './namespace-document.service';

@Resolver(() => Namespace)
export class NamespaceDocumentResolver {
  @Mutation(() => Namespace, {
    description: 'Creates a namespace (admins, or projects when METADEF_PROJECT_WRITES).',
  })
  createNamespace(@Ctx() ctx: Context, @Arg('input') input: CreateNamespaceInput): Promise<Namespace> {
    return namespaceDocumentService.create(ctx, {
      ...input,
      tags: input.tags?.map((name) => ({ name })),
    });
  }
}
