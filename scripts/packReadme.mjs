// The npm package's README is the CLI manual, docs/cli.md. npm always ships the README.md of the
// package's root and has no setting to name another file, so `npm pack` and `npm publish` run
// this around the pack (package.json's prepack and postpack):
//
//   node scripts/packReadme.mjs prepack    README.md is set aside as .README.repository.md and
//                                          docs/cli.md takes its place, its relative links made
//                                          links to the repository on GitHub (they would lead
//                                          nowhere on the registry's page)
//   node scripts/packReadme.mjs postpack   README.md is put back (also: `restore`)
//
// A pack that fails between the two leaves the manual in README.md, marked as such on its first
// line: the next prepack or postpack puts README.md back first, and so does `restore`. The aside
// copy is git-ignored, and .npmignore leaves it out of the package.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ASIDE = '.README.repository.md';
export const MARK =
  "<!-- docs/cli.md as the npm package's README (scripts/packReadme.mjs); the repository's README.md is set aside as .README.repository.md until the pack ends: node scripts/packReadme.mjs restore puts it back. -->";
const MANUAL = 'docs/cli.md';

/** https://github.com/owner/name, from package.json's repository. */
export function repositoryUrl(pkg) {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = /github\.com[/:]([^/]+)\/([^/#]+?)(?:\.git)?\/?$/.exec(url ?? '');
  if (!m)
    throw new Error(`package.json's repository (${url}) is not a GitHub address: the packed README's links need one`);
  return `https://github.com/${m[1]}/${m[2]}`;
}

/**
 * `text`, a page at `page` in the repository, with every relative link made absolute: pages and
 * folders to their GitHub view, images to their raw file. Anchors within the page, web
 * addresses, and what code blocks and code spans hold stay as they are.
 */
export function absoluteLinks(text, page, repository) {
  const raw = repository.replace('https://github.com/', 'https://raw.githubusercontent.com/');
  const link = (image, label, target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return `${image}[${label}](${target})`;
    const [path, anchor] = target.split('#', 2);
    const full = posix.normalize(posix.join(posix.dirname(page), path));
    if (full.startsWith('../')) throw new Error(`${page} links ${target}, outside the repository`);
    const url = image
      ? `${raw}/HEAD/${full}`
      : `${repository}/${path.endsWith('/') ? 'tree' : 'blob'}/HEAD/${full}${anchor === undefined ? '' : `#${anchor}`}`;
    return `${image}[${label}](${url})`;
  };
  // Fenced blocks and code spans are split out (odd parts) and kept as they are.
  return text
    .split(/(^```[^]*?^```[ \t]*$|`[^`\n]*`)/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (_, image, label, target) => link(image, label, target)),
    )
    .join('');
}

/** README.md back in its place, when the manual holds it. */
export function restore(root) {
  const readme = join(root, 'README.md');
  const aside = join(root, ASIDE);
  if (!readFileSync(readme, 'utf8').startsWith(MARK)) return;
  if (!existsSync(aside))
    throw new Error(
      `README.md holds the packed CLI manual and ${ASIDE}, the repository's README, is not there: get README.md back with git checkout README.md`,
    );
  renameSync(aside, readme);
}

/** docs/cli.md in README.md's place, README.md set aside. */
export function prepack(root) {
  restore(root);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const manual = absoluteLinks(readFileSync(join(root, MANUAL), 'utf8'), MANUAL, repositoryUrl(pkg));
  renameSync(join(root, 'README.md'), join(root, ASIDE));
  writeFileSync(join(root, 'README.md'), `${MARK}\n\n${manual}`);
}

const commands = { prepack, postpack: restore, restore };
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (!(command in commands)) {
    console.error(`usage: node scripts/packReadme.mjs ${Object.keys(commands).join('|')}`);
    process.exit(2);
  }
  try {
    // npm runs package scripts in the package's root.
    commands[command](process.cwd());
  } catch (err) {
    console.error(`scripts/packReadme.mjs ${command}: ${err.message}`);
    process.exit(1);
  }
}
