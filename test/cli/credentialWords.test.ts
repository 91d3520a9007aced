import { strict as assert } from 'node:assert';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Messages name what the user gave: the profile (by name and file), the option of tas login, or
// the TAS_* variables; never a variable the user did not set.

/** A port on this machine nothing listens on (1 is reserved): connections are refused at once. */
const NOBODY = 'http://127.0.0.1:1';

describe('tas: next steps name where the credentials came from', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  let profiles: string;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    dir?.remove();
    await emu.close();
  });
  beforeEach(() => {
    emu.faults.reset();
    dir?.remove();
    dir = tempDir();
    profiles = join(dir.path, 'profiles.json');
    const admin = DEMO_CREDENTIALS.admin;
    const file = {
      profiles: {
        down: { baseUrl: NOBODY, ...admin },
        wrong: { baseUrl: emu.url, clientId: admin.clientId, clientSecret: 'not-the-secret-4711' },
        emu: { baseUrl: emu.url, ...admin },
      },
    };
    writeFileSync(profiles, JSON.stringify(file), { mode: 0o600 });
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = { TAS_PROFILES: profiles }, input?: string) =>
    tas(args, { cwd: dir.path, env, ...(input !== undefined && { input }) });
  const noVariable = (r: { stdout: string; stderr: string }) =>
    assert.doesNotMatch(r.stdout + r.stderr, /TAS_(BASE_URL|CLIENT_ID|CLIENT_SECRET|PROFILE)\b/);

  test('a profile: an unreachable URL, refused credentials, a URL that is no service, and validate, each name the profile', async () => {
    const down = await run(['nodes', '--profile', 'down']);
    assert.equal(down.code, 4, down.stderr);
    assert.match(down.stderr, /Check the base URL of profile "down" and the network, then try again\./);
    noVariable(down);

    const wrong = await run(['nodes', '--profile', 'wrong']);
    assert.equal(wrong.code, 3, wrong.stderr);
    assert.match(
      wrong.stderr,
      /Check the client ID and secret of profile "wrong" in .*profiles\.json, or write them again: tas login --profile wrong\./,
    );
    noVariable(wrong);

    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/connect/token',
      action: { kind: 'status', status: 404 },
      times: 10,
    });
    const other = await run(['nodes', '--profile', 'emu']);
    assert.equal(other.code, 4, other.stderr);
    assert.match(
      other.stderr,
      /the base URL of profile "emu" does not answer like a Test Automation Service .*Check the base URL of profile "emu" in .*profiles\.json, or write the profile again: tas login --profile emu\./,
    );
    noVariable(other);

    writeFileSync(join(dir.path, 'a.testcase.json'), JSON.stringify({ name: 'x', testStepList: [] }));
    const validate = await run(['validate', 'a.testcase.json', '--profile', 'down']);
    assert.equal(validate.code, 4, validate.stderr);
    assert.match(validate.stderr, /References not verified: .*Check the base URL of profile "down" and the network/);
    noVariable(validate);
  });

  test("a profile that is not there is said by what named it: --profile, TAS_PROFILE or the file's default", async () => {
    const byOption = await run(['nodes', '--profile', 'nix']);
    assert.equal(byOption.code, 2);
    assert.match(
      byOption.stderr,
      /There is no profile "nix" \(named by --profile\) in .*profiles\.json\. Create it with: tas login --profile nix/,
    );
    const byVariable = await run(['nodes'], { TAS_PROFILES: profiles, TAS_PROFILE: 'nix' });
    assert.match(byVariable.stderr, /There is no profile "nix" \(named by TAS_PROFILE\)/);
    writeFileSync(profiles, JSON.stringify({ default: 'gone', profiles: {} }), { mode: 0o600 });
    const byDefault = await run(['nodes']);
    assert.match(byDefault.stderr, /There is no profile "gone" \(named by the file's "default"\)/);
  });

  test('tas login names its options; the TAS_* variables are named only when they were set', async () => {
    const args = (url: string) => [
      'login',
      '--profile',
      'x',
      '--base-url',
      url,
      '--client-id',
      DEMO_CREDENTIALS.admin.clientId,
    ];
    const env = { TAS_PROFILES: join(dir.path, 'new.json') };
    const down = await run(args(NOBODY), env, 'some-secret-0815\n');
    assert.equal(down.code, 4, down.stderr);
    assert.match(down.stderr, /Check --base-url and the network, then try again\. The profile was not written\./);
    noVariable(down);
    const refused = await run(args(emu.url), env, 'not-the-secret-4711\n');
    assert.equal(refused.code, 3, refused.stderr);
    assert.match(
      refused.stderr,
      /Check --client-id and the client secret, then run tas login again\. The profile was not written\./,
    );
    noVariable(refused);
    const ftp = await run(
      ['login', '--profile', 'x', '--no-verify', '--base-url', 'ftp://x', '--client-id', 'c'],
      env,
      's-0815\n',
    );
    assert.match(ftp.stderr, /--base-url is not a service URL/);

    const variables = await run(['nodes'], { ...credentials(emu), TAS_CLIENT_SECRET: 'not-the-secret-4711' });
    assert.equal(variables.code, 3);
    assert.match(variables.stderr, /Check TAS_CLIENT_ID and TAS_CLIENT_SECRET\.$/m);
  });

  test("a failed item of export, run, import and copy says the terminal's next step, never the editor's", async () => {
    // A repository of its own beside the profiles file (a profiles file inside a repository is refused).
    const work = join(dir.path, 'work');
    mkdirSync(join(work, '.git'), { recursive: true });
    const inWork = (args: string[]) => tas(args, { cwd: work, env: { TAS_PROFILES: profiles } });
    const editorWords = (r: { stdout: string; stderr: string }) =>
      assert.doesNotMatch(r.stdout + r.stderr, /Test Automation:|the views|Check the URL/);
    // Every attempt to read the test cases loses its connection: each item fails alone.
    const readsLost = () =>
      emu.faults.rules.push({ method: 'POST', path: '/api/v2/testcases/export', action: { kind: 'drop' }, times: 50 });
    const unreachable = /Check the base URL of profile "emu" and the network, then try again\./;

    readsLost();
    const exported = await inWork(['export', '1', '--out', 'cases', '--profile', 'emu']);
    assert.notEqual(exported.code, 0, exported.stdout);
    assert.match(exported.stdout + exported.stderr, /Could not export test case 1: the service did not answer/);
    assert.match(exported.stdout + exported.stderr, unreachable);
    editorWords(exported);

    emu.faults.reset();
    const linked = await inWork(['export', '1', '--out', 'cases', '--profile', 'emu']);
    assert.equal(linked.code, 0, linked.stderr);
    const [file] = readdirSync(join(work, 'cases')).filter((f) => f.endsWith('.testcase.json'));
    readsLost();
    const ran = await inWork(['run', join('cases', file!), '--profile', 'emu']);
    assert.notEqual(ran.code, 0, ran.stdout);
    assert.match(ran.stderr, /Could not read test case 1: the service did not answer/);
    assert.match(ran.stderr, unreachable);
    editorWords(ran);

    emu.faults.reset();
    writeFileSync(join(work, 'new.testcase.json'), JSON.stringify({ name: 'Words of a terminal', testStepList: [] }));
    emu.faults.rules.push({
      method: 'POST',
      path: '/api/v2/testcases/import',
      action: { kind: 'status', status: 404 },
      times: 1,
    });
    const imported = await inWork(['import', 'new.testcase.json', '--profile', 'emu']);
    assert.notEqual(imported.code, 0, imported.stdout);
    assert.match(
      imported.stdout + imported.stderr,
      /Could not import \S*new\.testcase\.json "Words of a terminal": it does not exist on the service\./,
    );
    editorWords(imported);

    emu.faults.reset();
    readsLost();
    const copied = await inWork(['copy', '1', '--to', 'down', '--profile', 'emu']);
    assert.notEqual(copied.code, 0, copied.stdout);
    assert.match(copied.stdout + copied.stderr, /Could not read test case 1 of emu: the service did not answer/);
    assert.match(copied.stdout + copied.stderr, unreachable);
    editorWords(copied);
  });
});
