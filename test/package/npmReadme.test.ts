import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { anchors, broken, links, readRepo, REPOSITORY } from '../markdownLinks';
import { listing, npm, packed, quietNpm, root, rootPackFiles, stage } from './npmPackage';

// The npm package's README is the CLI manual, docs/cli.md (scripts/packReadme.mjs sets
// README.md aside while `npm pack` runs): on the registry its links lead somewhere, and the pack
// leaves the clone as `npm ci && npm test` left it, even after a pack that was cut short.

const ASIDE = '.README.repository.md';
const MANUAL = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
const README = readFileSync(join(root, 'README.md'), 'utf8');
/** A page's text with every link's target left out: what the pack may change, and nothing else. */
const withoutTargets = (text: string) => text.replace(/\]\([^)\s]+\)/g, ']()');

describe("the npm package's README", { timeout: 180_000 }, () => {
  let dir: string;
  let files: string[];
  const env = () => quietNpm(dir);
  /** `npm pack` in `clone`, its scripts run: the README.md the tarball holds. */
  const packReadme = (clone: string): string => {
    const info = packed(npm(['pack', '--pack-destination', dir, '--json'], clone, env()));
    const out = join(dir, 'unpacked');
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    const untar = spawnSync('tar', ['-xzf', join(dir, info.filename), '-C', out], { encoding: 'utf8' });
    assert.equal(untar.status, 0, untar.stderr);
    return readFileSync(join(out, 'package', 'README.md'), 'utf8');
  };
  const script = (clone: string, command: string) =>
    spawnSync(process.execPath, [join(clone, 'scripts', 'packReadme.mjs'), command], { cwd: clone, encoding: 'utf8' });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tas-readme-'));
    files = rootPackFiles(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is the CLI manual, docs/cli.md, marked as such on its first line', () => {
    const clone = stage(join(dir, 'manual'), files);
    const shipped = packReadme(clone);
    const [mark, blank, ...rest] = shipped.split('\n');
    assert.match(mark!, /^<!-- docs\/cli\.md as the npm package's README \(scripts\/packReadme\.mjs\).* -->$/);
    assert.equal(blank, '');
    assert.equal(
      withoutTargets(rest.join('\n')),
      withoutTargets(MANUAL),
      'the manual, word for word; only link targets differ',
    );
    assert.notEqual(shipped, README);
  });

  test('has no relative link: each leads to the repository on GitHub, to a file and heading that exist, or to a heading of its own', () => {
    const shipped = packReadme(stage(join(dir, 'links'), files));
    const targets = links(shipped);
    assert.ok(targets.length > 5, 'the manual has links');
    const own = anchors(shipped);
    for (const target of targets) {
      if (target.startsWith('#')) assert.ok(own.has(target.slice(1)), `${target}: a heading of the page`);
      else assert.match(target, /^https?:\/\//, `${target} is absolute`);
    }
    const resolved = targets.filter(
      (t) =>
        t.startsWith(`${REPOSITORY}/`) ||
        t.startsWith(REPOSITORY.replace('//github.com/', '//raw.githubusercontent.com/')),
    );
    assert.ok(resolved.length > 3, 'links into the repository are there');
    for (const target of resolved) assert.equal(broken('README.md', target, readRepo), undefined, target);
  });

  test('the pack leaves the clone as it was: README.md back, nothing set aside left', () => {
    const clone = stage(join(dir, 'clean'), files);
    const before = listing(clone);
    packReadme(clone);
    assert.deepEqual(listing(clone), before);
    assert.equal(existsSync(join(clone, ASIDE)), false);
  });

  test('a pack cut short between prepack and postpack is mended by the next pack, or by restore', () => {
    const clone = stage(join(dir, 'cut'), files);
    const before = listing(clone);
    for (const mend of ['pack', 'restore']) {
      const cut = script(clone, 'prepack');
      assert.equal(cut.status, 0, cut.stderr);
      assert.ok(
        readFileSync(join(clone, 'README.md'), 'utf8').startsWith('<!-- docs/cli.md'),
        'the manual stands in README.md',
      );
      assert.equal(readFileSync(join(clone, ASIDE), 'utf8'), README, 'the repository README is set aside');
      if (mend === 'pack') {
        const shipped = packReadme(clone);
        assert.equal(shipped.split('<!-- docs/cli.md').length, 2, 'the manual once, not packed over itself');
      } else assert.equal(script(clone, 'restore').status, 0);
      assert.deepEqual(listing(clone), before, `after ${mend}`);
    }
    assert.equal(script(clone, 'postpack').status, 0, 'postpack with nothing to put back does nothing');
    assert.deepEqual(listing(clone), before);
  });

  test('a README.md that holds the manual with nothing set aside is said, not packed over', () => {
    const clone = stage(join(dir, 'lost'), files);
    assert.equal(script(clone, 'prepack').status, 0);
    rmSync(join(clone, ASIDE));
    const manual = readFileSync(join(clone, 'README.md'), 'utf8');
    for (const command of ['prepack', 'postpack', 'restore']) {
      const r = script(clone, command);
      assert.notEqual(r.status, 0, command);
      assert.match(
        r.stderr,
        /README\.md holds the packed CLI manual and \.README\.repository\.md, the repository's README, is not there: get README\.md back with git checkout README\.md/,
      );
      assert.equal(readFileSync(join(clone, 'README.md'), 'utf8'), manual, `${command} changes nothing`);
    }
  });
});
