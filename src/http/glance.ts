import type { RestAnswer } from '../common/rest';
import { GLANCE_METADEF_SCHEMAS } from '../common/glance-schemas';
import { RawBody, statusTitle, type RestApi } from './rest';

/**
 * Glance's image API v2 as far as the metadata definitions go (docs/openstack.md): no microversions (Glance's
 * minor versions are only listed); the version documents as glance/api/versions.py answers them (`GET <prefix>/`:
 * 300 Multiple Choices, `GET <prefix>/versions`: 200, each version's `self` link absolute); errors as webob's
 * HTTPException renders them (glance/common/wsgi.py returns them unchanged), chosen by the request's Accept as
 * webob chooses: `text/html` first, then `application/json` (`{"message", "code": "404 Not Found", "title"}`),
 * else (no Accept) `text/plain`. The metadef JSON schemas (`<prefix>/v2/schemas/metadefs/{name}`) are Glance's own,
 * generated from its source. glanceclient (requests) accepts any type and reads the HTML page.
 */

/**
 * The versions Glance lists with its default configuration (no image cache, one store): glanceclient only asks
 * that one starts with `v2`.
 */
const VERSIONS: readonly (readonly [string, 'CURRENT' | 'SUPPORTED'])[] = [
  ['2.15', 'SUPPORTED'],
  ['2.9', 'SUPPORTED'],
  ['2.17', 'CURRENT'],
  ...['2.7', '2.6', '2.5', '2.4', '2.3', '2.2', '2.1', '2.0'].map((id) => [id, 'SUPPORTED'] as const),
];

const versionsDocument = (absolute: (path: string) => string, status: number): RestAnswer => ({
  status,
  body: {
    versions: VERSIONS.map(([id, state]) => ({
      id: `v${id}`,
      status: state,
      links: [{ rel: 'self', href: absolute('/v2/') }],
    })),
  },
});

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** Accept's media ranges; undefined when the header does not parse (webob's AcceptInvalidHeader). */
function mediaRanges(accept: string): MediaRange[] | undefined {
  const ranges: MediaRange[] = [];
  for (const part of accept.split(',')) {
    if (!part.trim()) continue;
    const [range, ...params] = part.split(';').map((piece) => piece.trim());
    const match = /^([!#$%&'*+.^_`|~\w-]+)\/([!#$%&'*+.^_`|~\w-]+)$/.exec(range);
    if (!match || (match[1] === '*' && match[2] !== '*')) return undefined;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=', 2).map((piece) => piece.trim());
      if (name.toLowerCase() !== 'q') continue;
      if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '')) return undefined;
      q = Number(value);
    }
    ranges.push({ type: match[1].toLowerCase(), subtype: match[2].toLowerCase(), q });
  }
  return ranges;
}

/** The quality Accept gives an offer: that of its most specific matching range (0: none matches). */
function quality(ranges: MediaRange[], offer: string): number {
  const [type, subtype] = offer.split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 3
        : range.type === type && range.subtype === '*'
          ? 2
          : range.type === '*'
            ? 1
            : 0;
    if (specificity && (!best || specificity > best.specificity)) best = { specificity, q: range.q };
  }
  return best?.q ?? 0;
}

/** What webob's HTTPException renders for this Accept: html, json or plain (no header: plain). */
export function glanceErrorMedia(accept: string | undefined): 'html' | 'json' | 'plain' {
  if (accept === undefined) return 'plain';
  const ranges = mediaRanges(accept);
  if (!ranges) return 'html';
  const html = quality(ranges, 'text/html');
  const json = quality(ranges, 'application/json');
  if (html > 0 && html >= json) return 'html';
  if (json > 0) return 'json';
  return 'plain';
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** webob's strip_tags, for the plain text rendering. */
const stripTags = (text: string) =>
  text
    .replace(/\n/g, ' ')
    .replace(/\r/g, '')
    .replace(/<br.*?>/gis, '\n')
    .replace(/<.*?>/gs, '');

/** webob's HTTPException body for `explanation` (Glance gives its message as the explanation, no detail). */
export function glanceErrorBody(status: number, message: string, accept: string | undefined): unknown {
  const title = statusTitle(status);
  const line = `${status} ${title}`;
  const media = glanceErrorMedia(accept);
  if (media === 'json') return { message: `${message}<br /><br />\n\n`, code: line, title };
  if (media === 'plain') {
    return new RawBody('text/plain; charset=UTF-8', `${line}\n\n${stripTags(`${message}<br /><br />\n\n`)}`);
  }
  return new RawBody(
    'text/html; charset=UTF-8',
    `<html>\n <head>\n  <title>${line}</title>\n </head>\n <body>\n  <h1>${line}</h1>\n  ${escapeHtml(message)}<br /><br />\n\n\n </body>\n</html>`,
  );
}

/** The metadef schemas glanceclient reads before it writes (generated by scripts/generate-glance-schemas.py). */
export const METADEF_SCHEMA_NAMES = [
  'namespace',
  'namespaces',
  'resource_type',
  'resource_types',
  'property',
  'properties',
  'object',
  'objects',
  'tag',
  'tags',
] as const;

const schemaDocuments = Object.fromEntries(
  METADEF_SCHEMA_NAMES.map((name) => [
    `/v2/schemas/metadefs/${name}`,
    (): RestAnswer => ({ status: 200, body: GLANCE_METADEF_SCHEMAS[name] }),
  ]),
);

export function glanceApi(prefix: string): RestApi {
  return {
    name: 'glance',
    prefix,
    negotiate: () => [2, 0],
    headers: () => ({}),
    errorBody: ({ status, message, accept }) => glanceErrorBody(status, message, accept),
    root: (absolute) => versionsDocument(absolute, 300),
    documents: { '/versions': (absolute) => versionsDocument(absolute, 200), ...schemaDocuments },
  };
}
