import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * Every relative link of the Markdown pages (README.md, CONTRIBUTING.md, docs/, …) leads somewhere: to a file of
 * the repository and, with a `#fragment`, to a heading of the page it names, by GitHub's rule for heading ids.
 */
const ROOT = join(__dirname, '..');

const pages = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('seeds/') && existsSync(join(ROOT, file)));

/** The text outside fenced code blocks (a `#` line in a shell block is no heading; a `](x)` in code no link). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/**
 * The id GitHub gives a heading: its text as rendered (code spans, emphasis and link targets dropped), lower
 * case, everything but letters, digits, spaces, `-` and `_` removed, spaces turned into `-`; a repeated heading
 * gets `-1`, `-2`, ….
 */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count ? `${base}-${count}` : base);
  }
  return ids;
}

/** Each `](target)` of a page's prose that is not an absolute URL: the page, the target and what is wrong. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  const text = readFileSync(join(ROOT, page), 'utf8');
  for (const [, target] of prose(text).matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, fragment] = target.split('#', 2);
    const file = path ? normalize(join(dirname(page), decodeURIComponent(path))) : page;
    if (file.startsWith('..') || !existsSync(join(ROOT, file))) {
      broken.push(`${page}: ${target} (no file ${file})`);
      continue;
    }
    if (fragment === undefined) continue;
    if (!file.endsWith('.md') || statSync(join(ROOT, file)).isDirectory()) {
      broken.push(`${page}: ${target} (a fragment of what is not a Markdown page)`);
    } else if (!headingIds(readFileSync(join(ROOT, file), 'utf8')).has(decodeURIComponent(fragment))) {
      broken.push(`${page}: ${target} (no heading #${fragment} in ${relative(ROOT, join(ROOT, file))})`);
    }
  }
  return broken;
}

describe('links between the Markdown pages', () => {
  it('the pages checked include the front door and every page of docs/', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/api.md']));
    expect(pages.filter((page) => page.startsWith('docs/')).length).toBeGreaterThanOrEqual(10);
  });

  it('heading ids follow GitHub: code and punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const ids = headingIds(
      [
        '# Backup, restore, and moving',
        '## `HEAP_GROWING_PERCENT` (50%)',
        '### Pages on other origins (CORS)',
        '## Notes',
        '## Notes',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...ids]).toEqual([
      'backup-restore-and-moving',
      'heap_growing_percent-50',
      'pages-on-other-origins-cors',
      'notes',
      'notes-1',
    ]);
  });

  it.each(pages)('%s: every relative link and #anchor resolves', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
