import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { findSyncRoot, RootCache, rootLimits } from '../../server/src/core/sync/syncRoot';

// The sync root never lies above the repository: a `.tas` folder counts only at or below the
// nearest `.git` (a folder, or a worktree's or submodule's file); outside any repository never in
// the home folder, the temporary folder or above them. Each case builds its own tree under this
// file's temporary folder, with its own home and temporary folders inside it.

const top = mkdtempSync(join(tmpdir(), 'tas-sync-root-'));
after(() => rmSync(top, { recursive: true, force: true }));

let trees = 0;
/** A fresh tree: `home` and `tmp` folders and the limits they make, and a way to make folders, files and markers. */
function tree() {
  const root = join(top, `t${++trees}`);
  const home = join(root, 'home');
  const temp = join(root, 'tmp');
  mkdirSync(home, { recursive: true });
  mkdirSync(temp);
  const at = (...parts: string[]) => join(root, ...parts);
  return {
    home,
    temp,
    at,
    folder: (...parts: string[]) => mkdirSync(at(...parts), { recursive: true }),
    gitFile: (...parts: string[]) => {
      mkdirSync(at(...parts), { recursive: true });
      writeFileSync(at(...parts, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
    },
    rootOf: (...parts: string[]) => findSyncRoot(at(...parts), new RootCache(rootLimits([home, temp]))),
  };
}

describe('the sync root', () => {
  test('a .tas in the home folder does not capture a repository under it: the repository top wins', async () => {
    const t = tree();
    t.folder('home', '.tas');
    t.folder('home', 'repo', '.git');
    t.folder('home', 'repo', 'cases');
    assert.equal(await t.rootOf('home', 'repo', 'cases', 'a.testcase.json'), t.at('home', 'repo'));
  });

  test('a .tas at or below the repository top counts; one above it never does', async () => {
    const t = tree();
    t.folder('home', 'work', '.tas');
    t.folder('home', 'work', 'repo', '.git');
    t.folder('home', 'work', 'repo', 'cases', 'deep');
    assert.equal(
      await t.rootOf('home', 'work', 'repo', 'cases', 'deep', 'a.testcase.json'),
      t.at('home', 'work', 'repo'),
      'a .tas above the .git',
    );
    t.folder('home', 'work', 'repo', '.tas');
    assert.equal(
      await t.rootOf('home', 'work', 'repo', 'cases', 'deep', 'a.testcase.json'),
      t.at('home', 'work', 'repo'),
      'at the top',
    );
    t.folder('home', 'work', 'repo', 'cases', '.tas');
    assert.equal(
      await t.rootOf('home', 'work', 'repo', 'cases', 'deep', 'a.testcase.json'),
      t.at('home', 'work', 'repo', 'cases'),
      'below the top: the nearest',
    );
  });

  test("a worktree or a submodule (.git is a file) is its own repository: the superproject's .tas stays out", async () => {
    const t = tree();
    t.folder('home', 'super', '.git');
    t.folder('home', 'super', '.tas');
    t.gitFile('home', 'super', 'sub');
    t.folder('home', 'super', 'sub', 'cases');
    assert.equal(await t.rootOf('home', 'super', 'sub', 'cases', 'a.testcase.json'), t.at('home', 'super', 'sub'));
    assert.equal(
      await t.rootOf('home', 'super', 'a.testcase.json'),
      t.at('home', 'super'),
      'the superproject keeps its own',
    );
    t.gitFile('home', 'worktree');
    t.folder('home', 'worktree', 'cases');
    assert.equal(await t.rootOf('home', 'worktree', 'cases', 'a.testcase.json'), t.at('home', 'worktree'));
  });

  test("outside any repository: a .tas in the home or temporary folder, or above them, never counts; the file's own folder is the root", async () => {
    const t = tree();
    t.folder('.tas'); // above both
    t.folder('home', '.tas');
    t.folder('tmp', '.tas');
    t.folder('home', 'loose', 'cases');
    t.folder('tmp', 'tas-cli-1', 'cases');
    assert.equal(await t.rootOf('home', 'loose', 'cases', 'a.testcase.json'), t.at('home', 'loose', 'cases'));
    assert.equal(await t.rootOf('tmp', 'tas-cli-1', 'cases', 'a.testcase.json'), t.at('tmp', 'tas-cli-1', 'cases'));
    assert.equal(await t.rootOf('home', 'a.testcase.json'), t.home, 'a file in the home folder itself: its own folder');
    // Below the home and temporary folders a .tas makes a root, as in a repository.
    t.folder('home', 'loose', '.tas');
    t.folder('tmp', 'tas-cli-1', '.tas');
    assert.equal(await t.rootOf('home', 'loose', 'cases', 'a.testcase.json'), t.at('home', 'loose'));
    assert.equal(await t.rootOf('tmp', 'tas-cli-1', 'cases', 'a.testcase.json'), t.at('tmp', 'tas-cli-1'));
  });

  test('a repository at the home folder (dotfiles) keeps its .tas for what is under it and not in another repository', async () => {
    const t = tree();
    t.folder('home', '.git');
    t.folder('home', '.tas');
    t.folder('home', 'notes', 'cases');
    t.folder('home', 'repo', '.git');
    assert.equal(await t.rootOf('home', 'notes', 'cases', 'a.testcase.json'), t.home);
    assert.equal(await t.rootOf('home', 'repo', 'a.testcase.json'), t.at('home', 'repo'));
  });

  test('the home folder given through a link is barred by both spellings', async () => {
    const t = tree();
    t.folder('real-home', '.tas');
    t.folder('real-home', 'loose');
    symlinkSync(t.at('real-home'), t.at('home-link'));
    const limits = rootLimits([t.at('home-link')]);
    assert.equal(
      await findSyncRoot(t.at('real-home', 'loose', 'a.testcase.json'), new RootCache(limits)),
      t.at('real-home', 'loose'),
    );
    assert.equal(
      await findSyncRoot(t.at('home-link', 'loose', 'a.testcase.json'), new RootCache(limits)),
      t.at('home-link', 'loose'),
    );
  });
});
