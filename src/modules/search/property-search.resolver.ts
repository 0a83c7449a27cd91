import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { ForwardPageArgs } from '../../common/relay/page-args';
import { Namespace } from '../namespaces/namespace.entity';
import { visibleNamespaceByPk } from '../namespaces/namespace.loaders';
import { inView } from '../namespaces/resource-type-view';
import { MetadefObject } from '../properties/object.entity';
import { objectByPk } from '../properties/object.loaders';
import { PropertySearchConnection, PropertySearchHit } from './property-search-hit.type';
import { propertySearchService } from './property-search.service';
import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX } from './search-query';

@Resolver(() => PropertySearchHit)
export class PropertySearchResolver {
  @Query(() => PropertySearchConnection, {
    description:
      'Free-text search over property names, titles and descriptions of visible namespaces, best match first. ' +
      'Every word must match; the last one matches as a prefix ("cpu_co" finds hw:cpu_cores). With ' +
      "resourceType: only namespaces associated with it, names with that association's prefix (the query may " +
      'start with it: "hw:cpu_co" on OS::Nova::Flavor). Cursors are valid for the same query and resourceType.',
  })
  async searchProperties(
    @Ctx() ctx: Context,
    @Arg('query', {
      description: `What to look for, at most ${SEARCH_QUERY_MAX} characters: words of letters and digits (anything else separates them; the first ${SEARCH_MAX_TERMS} count). BAD_USER_INPUT when too long or without a letter or digit.`,
    })
    query: string,
    @Arg('resourceType', () => String, {
      nullable: true,
      description:
        'Only namespaces associated with this resource type, e.g. OS::Nova::Flavor, with its prefix applied.',
    })
    resourceType: string | undefined,
    @Args(() => ForwardPageArgs) page: ForwardPageArgs,
  ): Promise<PropertySearchConnection> {
    return PropertySearchConnection.from(
      await propertySearchService.search(ctx, { ...page, query, resourceType }),
    );
  }

  @FieldResolver(() => Namespace, {
    description: 'The namespace of the property (seen for the searched resource type, if any).',
  })
  async namespace(@Root() hit: PropertySearchHit, @Ctx() ctx: Context): Promise<Namespace> {
    const namespace = await ctx.loaders.get(visibleNamespaceByPk).load(hit.namespaceId);
    // The search only returns visible namespaces; a null here means it was deleted or hidden meanwhile.
    if (!namespace) throw new Error(`namespace ${hit.namespaceId} of a search hit vanished`);
    return inView(namespace, hit.view);
  }

  @FieldResolver(() => MetadefObject, {
    nullable: true,
    description: 'The object the property belongs to; null for a property of the namespace itself.',
  })
  async object(@Root() hit: PropertySearchHit, @Ctx() ctx: Context): Promise<MetadefObject | null> {
    if (hit.objectId == null) return null;
    const object = await ctx.loaders.get(objectByPk).load(hit.objectId);
    return object ? inView(object, hit.view) : null;
  }
}
