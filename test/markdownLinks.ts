import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ROOT } from './manual';

// Links of Markdown pages as GitHub reads them: a heading's anchor, a page's links (outside
// code), and whether a link leads somewhere in this repository. The manual's link test and the
// npm package's README test share them.

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } };
/** https://github.com/owner/name, from package.json. */
export const REPOSITORY = pkg.repository.url.replace(/\.git$/, '');

/** A heading's anchor as GitHub makes it: its text, lower case, punctuation dropped, spaces to `-`. */
export function slug(heading: string): string {
  // Outside code spans (the odd parts), markup is not text: a link or image gives its text, an
  // HTML tag and emphasis marks nothing. Inside them every character is text.
  const text = heading
    .split('`')
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*/g, ''),
    )
    .join('');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Text outside fenced code blocks. */
const unfenced = (text: string): string => text.replace(/^(```|~~~)[^]*?^\1[ \t]*$/gm, '');
/** Text outside fenced code blocks and code spans, where a link is a link. */
const prose = (text: string): string => unfenced(text).replace(/`[^`\n]*`/g, '');

/** The anchors of a page: one per heading (a repeated one gets `-1`, `-2`, ...), and explicit ids. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const m of unfenced(text).matchAll(/^#{1,6} +(.+?)[ \t#]*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(m[1]!);
  return found;
}

/** The link targets of a page: `[text](target)` and `![alt](target)` outside code. */
export function links(text: string): string[] {
  return [...prose(text).matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1]!,
  );
}

/** Why `target`, linked from `page`, leads nowhere; undefined when it leads somewhere. */
export function broken(page: string, target: string, read: (path: string) => string | undefined): string | undefined {
  const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
  let path: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(rawPath)) {
    const own = ownFile(rawPath);
    if (own === undefined) return undefined; // somewhere else on the web: not ours to check
    path = own;
    if (path === '' && anchor !== undefined)
      return anchor === 'readme' || anchors(read('README.md') ?? '').has(anchor)
        ? undefined
        : `no heading "#${anchor}" in README.md`;
    if (path === '') return undefined;
  } else path = rawPath === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(rawPath)));
  if (path.startsWith('../')) return `${path} is outside the repository`;
  const text = read(path);
  if (text === undefined) return `${path} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!path.endsWith('.md')) return `#${anchor} on ${path}, which is not a page`;
  return anchors(text).has(anchor) ? undefined : `no heading "#${anchor}" in ${path}`;
}

/** The repository path a link to this repository's GitHub address names ('' for the repository itself); undefined for another address. */
function ownFile(url: string): string | undefined {
  const [owner, name] = REPOSITORY.replace(/^https:\/\/github\.com\//, '').split('/') as [string, string];
  if (url === REPOSITORY || url === `${REPOSITORY}/`) return '';
  const own = new RegExp(
    `^(?:${REPOSITORY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree|raw)/[^/]+|https://raw\\.githubusercontent\\.com/${owner}/${name}/[^/]+)/(.+)$`,
  ).exec(url);
  return own ? decodeURIComponent(own[1]!).replace(/\/$/, '') : undefined;
}

/** A file's text ('' for a folder), or undefined when there is none. */
export function readRepo(path: string): string | undefined {
  const full = join(ROOT, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}
