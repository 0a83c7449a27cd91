import { createHash } from 'node:crypto';
import type { Context } from '../../common/context';
import { NotFoundError } from '../../common/errors';
import { decodeOffsetCursor, encodeOffsetCursor } from '../../common/relay/offset-cursor';
import { pageSize, type Page } from '../../common/relay/paginate';
import { NamespaceResourceType } from '../namespaces/namespace-resource-type.entity';
import { restrictToVisible } from '../namespaces/namespace.policy';
import { inView, ResourceTypeView } from '../namespaces/resource-type-view';
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

interface TypedPrefix {
  /** An association prefix of the searched resource type that the query starts with, e.g. "hw:". */
  prefix: string;
  /** The query's words after it. */
  tsquery: string;
}

export class PropertySearchService {
  /**
   * Properties of visible namespaces (their own and their objects') whose name, title or description match
   * every word of `query` (the last one as a prefix), best first, deprecated ones last: all words in the name, then all words in
   * name and title, then the rest (description needed); within each, by ts_rank (name weighs more than
   * title, title more than description), then by name and key.
   * With `resourceType`, only namespaces associated with it, names carrying the association's prefix (which
   * the query may start with).
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
      .innerJoin('p.namespace', 'ns');
    restrictToVisible(query, 'ns', ctx);
    let typed: TypedPrefix | null = null;
    if (args.resourceType != null) {
      const type = await resourceTypeService.getVisibleByName(ctx, args.resourceType);
      if (!type) throw new NotFoundError('Resource type', args.resourceType);
      query
        .innerJoin(
          NamespaceResourceType,
          'nrt',
          'nrt.namespaceId = ns.pk AND nrt.resourceTypeId = :resourceTypePk',
          { resourceTypePk: type.pk },
        )
        .addSelect('nrt.prefix', 'applied_prefix');
      typed = await this.typedPrefix(ctx, type.pk, args.query);
    }
    const matches = (param: string) => `p.search @@ to_tsquery('simple', :${param})`;
    const tier = (param: string) =>
      `CASE WHEN ts_filter(p.search, '{a}') @@ to_tsquery('simple', :${param}) THEN 2
            WHEN ts_filter(p.search, '{a,b}') @@ to_tsquery('simple', :${param}) THEN 1 ELSE 0 END`;
    const rank = (param: string) => `ts_rank(p.search, to_tsquery('simple', :${param}))`;
    if (typed) {
      // The words as typed (names may hold them), or the words after the prefix in namespaces with that prefix.
      query.andWhere(`(${matches('tsquery')} OR (nrt.prefix = :typedPrefix AND ${matches('restTsquery')}))`, {
        tsquery,
        typedPrefix: typed.prefix,
        restTsquery: typed.tsquery,
      });
    } else {
      query.andWhere(matches('tsquery'), { tsquery });
    }
    const orTyped = (expression: (param: string) => string) =>
      typed
        ? `GREATEST(${expression('tsquery')}, CASE WHEN nrt.prefix = :typedPrefix THEN ${expression('restTsquery')} ELSE 0 END)`
        : expression('tsquery');
    const countQuery = query.clone();
    query
      .addSelect(`(p.schema ? 'deprecated')`, 'deprecated')
      .addSelect(orTyped(tier), 'tier')
      .addSelect(orTyped(rank), 'rank')
      // Deprecated definitions last, whatever their relevance.
      .orderBy('deprecated', 'ASC')
      .addOrderBy('tier', 'DESC')
      .addOrderBy('rank', 'DESC')
      .addOrderBy('p.storedName', 'ASC')
      .addOrderBy('p.pk', 'ASC')
      .offset(offset)
      .limit(size + 1);
    const { entities, raw } = await query.getRawAndEntities<RankedRow>();
    const hits = entities.slice(0, size).map((property, index) => {
      const hit = new PropertySearchHit();
      hit.view =
        args.resourceType != null ? ResourceTypeView.of(args.resourceType, raw[index].applied_prefix) : null;
      hit.namespaceId = property.namespaceId;
      hit.objectId = property.objectId;
      hit.property = inView(property, hit.view);
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

  /**
   * Users of a resource type type keys as they know them, with the prefix (`hw:cpu_co` on a flavor), while
   * the index holds stored names (`cpu_cores`). When the query starts with one of the type's association
   * prefixes (the longest wins), the rest of it is searched too, in namespaces with that prefix.
   */
  private async typedPrefix(ctx: Context, resourceTypePk: number, text: string): Promise<TypedPrefix | null> {
    const prefixes = ctx.db
      .getRepository(NamespaceResourceType)
      .createQueryBuilder('nrt')
      .innerJoin('nrt.namespace', 'ns')
      .select('DISTINCT nrt.prefix', 'prefix')
      .where('nrt.resourceTypeId = :resourceTypePk AND nrt.prefix IS NOT NULL', { resourceTypePk });
    const rows = await restrictToVisible(prefixes, 'ns', ctx).getRawMany<{ prefix: string }>();
    const typed = text.trimStart().toLowerCase();
    const prefix = rows
      .map((row) => row.prefix)
      .filter((candidate) => candidate && typed.startsWith(candidate.toLowerCase()))
      .sort((a, b) => b.length - a.length)[0];
    if (!prefix) return null;
    const rest = text.trimStart().slice(prefix.length);
    return /[\p{L}\p{N}]/u.test(rest) ? { prefix, tsquery: toPrefixTsquery(rest) } : null;
  }
}

export const propertySearchService = new PropertySearchService();
