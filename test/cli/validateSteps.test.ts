import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { FUNCTIONS } from '../emulator/functions';
import { credentials, tas, tempDir } from './harness';

// `tas validate` checks steps as the editor does (issue 21): against each function's
// functionparams and the API clients they name, online only; offline nothing is asked and
// nothing of the kind is said. Expected names come from the emulator's tables.

describe('tas validate: step functions and API clients', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    dir?.remove();
    await emu.close();
  });
  beforeEach(() => {
    dir?.remove();
    dir = tempDir();
    mkdirSync(join(dir.path, 'cases'));
    emu.faults.reset();
  });
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => tas(args, { cwd: dir.path, env });
  const asked = (name: string) =>
    emu.requests.filter(
      (r) => r.path === '/api/v2/functionparams' && new URLSearchParams(r.query).get('function') === name,
    ).length;
  const lineOf = (out: string, code: string) => out.split('\n').filter((l) => l.includes(` ${code} `));

  function write() {
    const device = emu.store.devices.all()[0]!;
    const client = emu.store.apiClients.all()[0]!;
    const single = [
      '{ "name": "Steps", "testStepList": [',
      `  { "function": "CALL", "mobileDeviceId": ${device.id}, "params": { "durationSeconds": "30", "tagret": "+4915112345678" } },`,
      '  { "function": "CAL", "params": {} },',
      '  { "function": "WAIT", "params": { "seconds": 5 } },',
      '  { "function": "HTTP_REQUEST", "params": { "apiClientId": 99999 } }',
      '] }',
    ].join('\n');
    // Two files name CALL: the service is asked once for the whole run.
    const bundle = `[ { "name": "Bundle", "testStepList": [ { "function": "CALL", "mobileDeviceId": ${device.id}, "params": { "target": "+49" } }, { "function": "HTTP_REQUEST", "params": { "apiClientId": ${client.id} } } ], "apiClients": [ { "id": ${client.id}, "name": "Old name" } ] } ]`;
    writeFileSync(join(dir.path, 'cases', 'steps.testcase.json'), single);
    writeFileSync(join(dir.path, 'cases', 'more.testcases.json'), bundle);
    return { client, single };
  }
  /** `file:line:col` of the first `needle` on 1-based line `line` of `text`. */
  const at = (text: string, line: number, needle: string) =>
    `cases/steps.testcase.json:${line}:${text.split('\n')[line - 1]!.indexOf(needle) + 1}`;

  test('online: each code on its line, one request per function for the run, the exit code counts them', async () => {
    const { client, single } = write();
    const before = emu.requests.length;
    const r = await run(['validate', 'cases'], credentials(emu));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /\(with references\)/);
    const call = FUNCTIONS.find((f) => f.name === 'CALL')!;
    assert.deepEqual(
      call.params.filter((p) => p.required).map((p) => p.name),
      ['target'],
    );
    assert.deepEqual(lineOf(r.stdout, 'missing-parameter'), [
      `${at(single, 2, '"params"')}: error missing-parameter CALL requires the parameter 'target' (string).`,
    ]);
    assert.deepEqual(lineOf(r.stdout, 'unknown-parameter'), [
      `${at(single, 2, '"tagret"')}: warning unknown-parameter CALL has no parameter 'tagret'. Did you mean 'target'?`,
    ]);
    assert.deepEqual(lineOf(r.stdout, 'wrong-parameter-type'), [
      `${at(single, 2, '"30"')}: error wrong-parameter-type 'durationSeconds' of CALL must be an integer, not a string.`,
    ]);
    assert.deepEqual(lineOf(r.stdout, 'unknown-function'), [
      `${at(single, 3, '"CAL"')}: error unknown-function The service has no step function 'CAL'. Did you mean 'CALL'?`,
    ]);
    assert.deepEqual(lineOf(r.stdout, 'unknown-api-client'), [
      `${at(single, 5, '99999')}: error unknown-api-client API client 99999 does not exist on the service.`,
    ]);
    assert.equal(lineOf(r.stdout, 'stale-api-client-name').length, 1, r.stdout);
    assert.match(
      lineOf(r.stdout, 'stale-api-client-name')[0]!,
      new RegExp(
        `^cases/more\\.testcases\\.json:1:\\d+: warning stale-api-client-name API client ${client.id} is now named '${client.name}' on the service\\.$`,
      ),
    );
    // The well-formed steps say nothing: WAIT with its integer, the bundle's CALL with its target.
    assert.equal(r.stdout.trim().split('\n').length, 6, r.stdout);
    const sent = emu.requests.slice(before);
    assert.equal(asked('CALL'), 1);
    assert.equal(asked('CAL'), 1);
    assert.equal(sent.filter((q) => q.path === `/api/v2/apiclients/99999`).length, 1);
    const json = await run(['validate', 'cases', '--format', 'json'], credentials(emu));
    const report = JSON.parse(json.stdout) as { errors: number; warnings: number };
    assert.deepEqual([report.errors, report.warnings], [4, 2]);
  });

  test('asks about the step functions while the lists are on their way, not after every file is checked', async () => {
    // The device list answers late: the question about WAIT must be answered before it.
    const answered: string[] = [];
    const slow = await startEmulator({ log: (line) => answered.push(line) });
    try {
      writeFileSync(
        join(dir.path, 'cases', 'wait.testcase.json'),
        '{ "name": "Wait", "testStepList": [ { "function": "WAIT", "params": { "seconds": 5 } } ] }',
      );
      slow.faults.rules.push({
        method: 'GET',
        path: '/api/v2/mobiledevices',
        action: { kind: 'delay', delayMs: 2000 },
        times: 1,
      });
      const r = await run(['validate', 'cases'], credentials(slow));
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const at = (path: string) => answered.findIndex((line) => line.startsWith(`GET ${path}`));
      assert.ok(
        at('/api/v2/functionparams') >= 0 && at('/api/v2/functionparams') < at('/api/v2/mobiledevices'),
        answered.join('\n'),
      );
    } finally {
      await slow.close();
    }
  });

  test('offline: no step-function or API-client check and no request', async () => {
    write();
    const before = emu.requests.length;
    const r = await run(['validate', 'cases', '--offline'], credentials(emu));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /2 files checked \(offline: references not checked\): 0 errors, 0 warnings/);
    assert.equal(emu.requests.length, before);
  });

  test('functionparams failing: "not verified" notes, never an error, and the exit code stays 0', async () => {
    const device = emu.store.devices.all()[0]!;
    writeFileSync(
      join(dir.path, 'cases', 'signal.testcase.json'),
      `{ "name": "Signal", "testStepList": [ { "function": "CHECK_SIGNAL", "mobileDeviceId": ${device.id}, "params": { "nonsense": 1 } } ] }`,
    );
    emu.faults.rules.push({
      method: 'GET',
      path: '/api/v2/functionparams',
      action: { kind: 'status', status: 500 },
      times: 1000,
    });
    const r = await run(['validate', 'cases'], credentials(emu));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const notes = lineOf(r.stdout, 'references-not-verified');
    assert.equal(notes.length, 1, r.stdout);
    assert.match(
      notes[0]!,
      /^cases\/signal\.testcase\.json:1:\d+: info references-not-verified Step function 'CHECK_SIGNAL' not verified: /,
    );
    assert.doesNotMatch(r.stdout, /unknown-parameter|error/);
  });
});
