import { strict as assert } from 'node:assert';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { tas, tempDir } from './harness';

// Issue 19, the profiles file at the `tas` boundary: credentials stay out of work trees. A
// profiles file that is a link into a repository is refused, the owner-only check is made on the
// file a link names, and tas login writes no secret into a git work tree (the rest of a crafted
// repository: trustFiles.test.ts).

/** A run that could hang is killed after this, never waited on forever. */
const KILL_AFTER = 20_000;

describe('tas: credentials never land in or come from a work tree', { timeout: 120_000 }, () => {
  let emu: Emulator;
  /** A repository (it holds .git), and a folder outside any: new for each test. */
  let dir: { path: string; remove: () => void };
  let outside: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());
  beforeEach(() => {
    dir = tempDir('tas-trust-');
    outside = tempDir('tas-outside-');
    mkdirSync(join(dir.path, '.git'));
  });
  afterEach(() => {
    dir.remove();
    outside.remove();
  });

  test('a profiles file that is a link into a work tree (a dotfiles layout) is refused, through TAS_PROFILES and TAS_CONFIG_DIR; tas login refuses it too', async () => {
    // The real file sits in the repository (dir holds .git); the link sits outside any.
    const real = join(dir.path, 'dotfiles', 'profiles.json');
    mkdirSync(join(dir.path, 'dotfiles'));
    const content = JSON.stringify({ profiles: { p: { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin } } });
    writeFileSync(real, content, { mode: 0o600 });
    const link = join(outside.path, 'profiles.json');
    symlinkSync(real, link);
    const before = emu.requests.length;
    for (const env of [{ TAS_PROFILES: link }, { TAS_CONFIG_DIR: outside.path }]) {
      const r = await tas(['nodes', '--profile', 'p'], { cwd: outside.path, env, timeoutMs: KILL_AFTER });
      assert.equal(r.code, 3, `${JSON.stringify(env)}: ${r.stdout}${r.stderr}`);
      assert.match(
        r.stderr,
        /The profiles file .*profiles\.json \(a link to .*dotfiles\/profiles\.json\) is inside the repository /,
      );
    }
    assert.equal(emu.requests.length, before, 'its secret was not used');
    const args = [
      'login',
      '--profile',
      'q',
      '--base-url',
      emu.url,
      '--client-id',
      DEMO_CREDENTIALS.admin.clientId,
      '--no-verify',
    ];
    const login = await tas(args, {
      cwd: outside.path,
      env: { TAS_CONFIG_DIR: outside.path },
      input: `${DEMO_CREDENTIALS.admin.clientSecret}\n`,
      timeoutMs: KILL_AFTER,
    });
    assert.equal(login.code, 2, login.stdout + login.stderr);
    assert.match(
      login.stderr,
      /would be written to .*\(a link to .*dotfiles\/profiles\.json\), inside the git work tree .*nothing was written/,
    );
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link stays a link');
    assert.equal(readFileSync(real, 'utf8'), content, 'the real file is not changed');
  });

  test('the owner-only check is made on the real file a link names, and says which file to chmod', async () => {
    const real = join(outside.path, 'real-profiles.json');
    writeFileSync(real, JSON.stringify({ profiles: { p: { baseUrl: emu.url, ...DEMO_CREDENTIALS.admin } } }), {
      mode: 0o600,
    });
    chmodSync(real, 0o644);
    const link = join(outside.path, 'profiles.json');
    symlinkSync(real, link);
    const open = await tas(['nodes', '--profile', 'p'], {
      cwd: outside.path,
      env: { TAS_PROFILES: link },
      timeoutMs: KILL_AFTER,
    });
    assert.equal(open.code, 3, open.stderr);
    assert.match(open.stderr, /can be read by other users \(mode 644\)\. Run: chmod 600 .*real-profiles\.json$/m);
    chmodSync(real, 0o600);
    const ok = await tas(['nodes', '--profile', 'p'], {
      cwd: outside.path,
      env: { TAS_PROFILES: link },
      timeoutMs: KILL_AFTER,
    });
    assert.equal(ok.code, 0, ok.stderr);
  });

  test('tas login refuses to write a secret into a git work tree and names TAS_CONFIG_DIR; TAS_CONFIG_DIR is honoured', async () => {
    // HOME is the temporary folder, which holds .git: ~/.config/tas/profiles.json would be in the work tree.
    const args = [
      'login',
      '--profile',
      'p',
      '--base-url',
      emu.url,
      '--client-id',
      DEMO_CREDENTIALS.admin.clientId,
      '--no-verify',
    ];
    const refused = await tas(args, {
      cwd: dir.path,
      input: `${DEMO_CREDENTIALS.admin.clientSecret}\n`,
      timeoutMs: KILL_AFTER,
    });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /inside the git work tree .*nothing was written\. Set TAS_CONFIG_DIR/);
    assert.equal(existsSync(join(dir.path, '.config')), false, 'no file, no folder written');
    assert.doesNotMatch(refused.stdout + refused.stderr, new RegExp(DEMO_CREDENTIALS.admin.clientSecret));

    const config = mkdtempSync(join(tmpdir(), 'tas-config-'));
    try {
      const env = { TAS_CONFIG_DIR: config };
      const ok = await tas(args, {
        cwd: dir.path,
        env,
        input: `${DEMO_CREDENTIALS.admin.clientSecret}\n`,
        timeoutMs: KILL_AFTER,
      });
      assert.equal(ok.code, 0, ok.stderr);
      assert.ok(existsSync(join(config, 'profiles.json')));
      const used = await tas(['nodes', '--profile', 'p'], { cwd: dir.path, env, timeoutMs: KILL_AFTER });
      assert.equal(used.code, 0, used.stderr);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });
});
