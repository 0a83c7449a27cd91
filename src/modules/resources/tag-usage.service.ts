import type { Context } from '../../common/context';
import { InputError, textProblem } from '../../common/errors';
import { pageSize, type Page } from '../../common/relay/paginate';
import type { ResourceTagUsageFilter } from './resource.inputs';
import { checkLookup } from './resource.rules';
import type { ResourceTagUsage } from './tag-usage.type';

const CURSOR_TAG = 'tag-usage';

interface UsageRow {
  tag: string;
  normalized: string;
  count: number;
  resource_types: { resourceType: string; count: number }[];
  case_variants: string[];
}

function encodeCursor(row: { normalized: string; tag: string }): string {
  return Buffer.from(JSON.stringify([CURSOR_TAG, row.normalized, row.tag]), 'utf8').toString('base64url');
}

/** The position of a cursor made here; BAD_USER_INPUT on `after` for anything else (text with NUL or a lone
 * surrogate included: it would reach SQL). */
function decodeCursor(cursor: string): [string, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== CURSOR_TAG ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    textProblem(parsed[1]) ||
    textProblem(parsed[2])
  ) {
    throw new InputError('after', 'is not a valid cursor for this list');
  }
  return [parsed[1], parsed[2]];
}

/**
 * The tag catalog view: tags in use across resources of every type, with counts, ordered so that tags
 * differing only by case sit together. Counts respect visibility: a non-admin counts only their project's
 * resources (another project's tags are not even listed). Matching is literal: `%`, `_` and `\` are ordinary
 * characters here.
 */
export class TagUsageService {
  async list(
    ctx: Context,
    args: { first?: number | null; after?: string | null; filter?: ResourceTagUsageFilter | null },
  ): Promise<Page<ResourceTagUsage>> {
    const { size } = pageSize({ first: args.first });
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    const visible = ctx.policy.sqlFilter(ctx.identity, 'get_resource', {
      columns: { project_id: 'u.project_id' },
      param,
    });
    if (visible !== 'TRUE') conditions.push(`(${visible})`);
    const filter = args.filter ?? {};
    for (const name of ['resourceType', 'startsWith', 'search', 'projectId'] as const) {
      checkLookup(`filter.${name}`, filter[name]);
    }
    if (filter.projectId != null) conditions.push(`u.project_id = ${param(filter.projectId)}`);
    if (filter.resourceType != null) conditions.push(`rt.name = ${param(filter.resourceType)}`);
    const lowered = `lower(u.tag COLLATE "default")`;
    if (filter.startsWith) {
      conditions.push(`starts_with(${lowered}, lower(${param(filter.startsWith)}::text COLLATE "default"))`);
    }
    if (filter.search) {
      conditions.push(`strpos(${lowered}, lower(${param(filter.search)}::text COLLATE "default")) > 0`);
    }
    // tag_usage holds one count per project, type and tag (kept by triggers): this reads distinct tags, not
    // every tagged resource.
    const usage = `
      WITH per_type AS (
        SELECT u.tag, rt.name AS resource_type, sum(u.count)::int AS n
          FROM tag_usage u
          JOIN resource_types rt ON rt.id = u.resource_type_id
         ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
         GROUP BY u.tag, rt.name
      ), per_tag AS (
        SELECT tag, lower(tag COLLATE "default") COLLATE "C" AS normalized, sum(n)::int AS count,
               json_agg(json_build_object('resourceType', resource_type, 'count', n) ORDER BY resource_type)
                 AS resource_types
          FROM per_type GROUP BY tag
      )`;
    const countParams = [...params];
    let after = '';
    if (args.after != null) {
      const [normalized, tag] = decodeCursor(args.after);
      after = `WHERE (normalized, tag) > (${param(normalized)}::text COLLATE "C", ${param(tag)}::text COLLATE "C")`;
    }
    const rows: UsageRow[] = await ctx.db.query(
      `${usage}
       SELECT * FROM (
         SELECT tag, normalized, count, resource_types,
                array_agg(tag::text) OVER (PARTITION BY normalized ORDER BY tag
                  ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS case_variants
           FROM per_tag
       ) w ${after}
       ORDER BY normalized, tag LIMIT ${param(size + 1)}`,
      params,
    );
    const items = rows.slice(0, size).map((row) => ({
      tag: row.tag,
      normalized: row.normalized,
      count: row.count,
      resourceTypes: row.resource_types,
      caseVariants: row.case_variants,
    }));
    let counted: Promise<number> | undefined;
    return {
      items,
      cursors: items.map(encodeCursor),
      hasNextPage: rows.length > size,
      hasPreviousPage: args.after != null,
      count: () =>
        (counted ??= ctx.db
          .query(`${usage} SELECT count(*)::int AS n FROM per_tag`, countParams)
          .then((result: { n: number }[]) => result[0].n)),
    };
  }
}

export const tagUsageService = new TagUsageService();
