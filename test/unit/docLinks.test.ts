import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { manualPages } from '../manual';
import { anchors, broken, links, readRepo, REPOSITORY, slug } from '../markdownLinks';

// Every link of the manual (README.md, docs/) and of the pages beside it (CONTRIBUTING.md, the
// Marketplace page) leads somewhere: a relative link to a file that exists, an #anchor to a
// heading of its page as GitHub names it, and a link to this repository's own GitHub address to
// the file (and heading) it names here. A section that moves to another page breaks the links to
// it; this test says which.

const OTHER_PAGES = ['CONTRIBUTING.md', 'MARKETPLACE.md'];

describe('the links of the manual', () => {
  test("a heading's anchor follows GitHub's rules", () => {
    assert.equal(slug('Files and the service: export and import'), 'files-and-the-service-export-and-import');
    assert.equal(
      slug('Commands (`tas <command> --help` documents each)'),
      'commands-tas-command---help-documents-each',
    );
    assert.equal(slug('The command line: `tas`'), 'the-command-line-tas');
    assert.equal(slug('tas get and tas apply'), 'tas-get-and-tas-apply');
    assert.equal(slug('Speed & size, 2.0 — notes'), 'speed--size-20--notes');
    assert.deepEqual(
      [...anchors('# A\n\n## Notes\n\n```sh\n# not a heading\n```\n\n### Notes\n')],
      ['a', 'notes', 'notes-1'],
    );
  });

  test('a missing file, a missing heading and a heading on another page are found; the web is not asked', () => {
    const files: Record<string, string> = {
      'README.md': '# Title\n\n## Install\n',
      'docs/cli.md': '# tas\n\n## Exit codes\n',
      'docs/images/a.png': 'png',
    };
    const read = (p: string) => files[p];
    assert.equal(broken('README.md', 'docs/cli.md#exit-codes', read), undefined);
    assert.equal(broken('docs/cli.md', '../README.md#install', read), undefined);
    assert.equal(broken('docs/cli.md', 'images/a.png', read), undefined);
    assert.equal(broken('docs/cli.md', '#exit-codes', read), undefined);
    assert.equal(broken('README.md', '#exit-codes', read), 'no heading "#exit-codes" in README.md');
    assert.equal(broken('README.md', 'docs/sync.md', read), 'docs/sync.md does not exist');
    assert.equal(broken('docs/cli.md', `${REPOSITORY}/blob/HEAD/docs/cli.md#exit-codes`, read), undefined);
    assert.equal(broken('MARKETPLACE.md', `${REPOSITORY}#install`, read), undefined);
    assert.equal(
      broken('MARKETPLACE.md', `${REPOSITORY}#troubleshooting`, read),
      'no heading "#troubleshooting" in README.md',
    );
    assert.equal(broken('README.md', 'https://example.invalid/x#y', read), undefined);
    assert.deepEqual(links('[a](x.md) `[b](y.md)` ![c](i.png "t")\n```md\n[d](z.md)\n```\n'), ['x.md', 'i.png']);
  });

  test('every link of README.md, docs/, CONTRIBUTING.md and MARKETPLACE.md leads somewhere', () => {
    const pages = [...manualPages().map((p) => p.path), ...OTHER_PAGES];
    assert.ok(pages.length > 3, 'the pages are found');
    const bad = pages.flatMap((page) =>
      links(readRepo(page)!)
        .map((target) => [target, broken(page, target, readRepo)] as const)
        .filter(([, why]) => why !== undefined)
        .map(([target, why]) => `${page}: (${target}): ${why!}`),
    );
    assert.deepEqual(bad, []);
  });
});
