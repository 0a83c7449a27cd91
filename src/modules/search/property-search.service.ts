import { createHash } from 'node:crypto';
import type { Context } from '../../common/context';
import { NotFoundError } from '../../common/errors';
import { decodeOffsetCursor, encodeOffsetCursor } from '../../common/relay/offset-cursor';
import { pageSize, type Page } from '../../common/relay/paginate';
import { NamespaceResourceType } from '../namespaces/namespace-resource-type.entity';
import { restrictToVisible } from '../namespaces/namespace.policy';
import { PropertyDefinition } from '../properties/property.entity';
import { resourceTypeService } from '../resource-types/resource-type.service';
import { PropertySearchHit } from './property-search-hit.type';
import { toPrefixTsquery } from './search-query';

export interface SearchPropertiesArgs {
  query: string;
  resourceType?: string | null;
  first?: number | null;
  after?: string | null;
}

interface RankedRow {
  applied_prefix?: string | null;
}

export class PropertySearchService {
  /**
   * Properties of visible namespaces (their own and their objects') whose name, title or description match
   * every word of `query` (the last one as a prefix), best first: all words in the name, then all words in
   * name and title, then the rest (description needed); within each, by ts_rank (name weighs more than
   * title, title more than description), then by name and key.
   * With `resourceType`, only namespaces associated with it, names carrying the association's prefix.
   */
  async search(ctx: Context, args: SearchPropertiesArgs): Promise<Page<PropertySearchHit>> {
    const { size } = pageSize({ first: args.first });
    const tsquery = toPrefixTsquery(args.query);
    const tag = createHash('sha256')
      .update(`${tsquery}\n${args.resourceType ?? ''}`)
      .digest('base64url')
      .slice(0, 12);
    const offset = args.after != null ? decodeOffsetCursor(args.after, 'after', tag) : 0;

    const query = ctx.db
      .getRepository(PropertyDefinition)
      .createQueryBuilder('p')
      .innerJoin('p.namespace', 'ns')
      .where(`p.search @@ to_tsquery('simple', :tsquery)`, { tsquery });
    restrictToVisible(query, 'ns', ctx.identity);
    if (args.resourceType != null) {
      const type = await resourceTypeService.getByName(ctx, args.resourceType);
      if (!type) throw new NotFoundError('Resource type', args.resourceType);
      query
        .innerJoin(
          NamespaceResourceType,
          'nrt',
          'nrt.namespaceId = ns.pk AND nrt.resourceTypeId = :resourceTypePk',
          { resourceTypePk: type.pk },
        )
        .addSelect('nrt.prefix', 'applied_prefix');
    }
    const countQuery = query.clone();
    query
      .addSelect(
        `CASE WHEN ts_filter(p.search, '{a}') @@ to_tsquery('simple', :tsquery) THEN 2
              WHEN ts_filter(p.search, '{a,b}') @@ to_tsquery('simple', :tsquery) THEN 1 ELSE 0 END`,
        'tier',
      )
      .addSelect(`ts_rank(p.search, to_tsquery('simple', :tsquery))`, 'rank')
      .orderBy('tier', 'DESC')
      .addOrderBy('rank', 'DESC')
      .addOrderBy('p.baseName', 'ASC')
      .addOrderBy('p.pk', 'ASC')
      .offset(offset)
      .limit(size + 1);
    const { entities, raw } = await query.getRawAndEntities<RankedRow>();
    const hits = entities.slice(0, size).map((property, index) => {
      const hit = new PropertySearchHit();
      hit.prefix = raw[index].applied_prefix ?? null;
      hit.namespaceId = property.namespaceId;
      hit.objectId = property.objectId;
      hit.property = property.withPrefix(hit.prefix);
      return hit;
    });
    let counted: Promise<number> | undefined;
    return {
      items: hits,
      cursors: hits.map((_, index) => encodeOffsetCursor(tag, offset + index + 1)),
      hasNextPage: entities.length > size,
      hasPreviousPage: offset > 0,
      count: () => (counted ??= countQuery.getCount()),
    };
  }
}

export const propertySearchService = new PropertySearchService();
