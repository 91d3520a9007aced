import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_LAB } from '../emulator/lab';
import { expectStatus, RawClient, useEmulator, type Fixture } from './harness';

// The failure model (DECISIONS.md, "Failure model"), over raw HTTP: off unless chosen; a phone
// that fails a share of the steps that use it, a flaky case, outcomes given in advance; the same
// seed gives the same outcomes, and the demo lab's history of the last days is the same on every
// start.

interface Ran {
  status: string;
  currentStep: number;
  stepCount: number;
  log: { level: string; message: string }[];
}

/** Runs test case `id` once and reads the execution when it has ended (the clock moved past it). */
async function runOnce(fx: Fixture, id: number): Promise<Ran> {
  const { executionId } = await expectStatus<{ executionId: number }>(
    fx.admin.post(`/api/v2/testcases/${id}/run`),
    200,
  );
  fx.emu.advanceClock(60_000);
  return expectStatus<Ran>(fx.admin.get(`/api/v2/testexecutions/${executionId}`), 200);
}

async function outcomes(fx: Fixture, ids: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    const e = await runOnce(fx, id);
    out.push(e.status === 'FAILED' ? `FAILED@${e.currentStep}` : e.status);
  }
  return out;
}

/** Cases 3, 23, 36 and 43 use device 3 in their steps (36 names it as the number it calls); 5 does not. */
const SEQUENCE = [3, 23, 36, 43, 5, 1, 3, 23, 36, 43, 5, 1, 3, 23, 36, 43, 5, 1];

describe('without a failure model', () => {
  const fx = useEmulator();
  it('is off, and executions pass unless their test case expects to fail', async () => {
    assert.deepEqual(await expectStatus(fx.raw.get('/_emulator/lab'), 200), {
      seed: 1,
      unreliableDevices: {},
      flakyTestCases: {},
      scripted: {},
    });
    assert.ok((await outcomes(fx, SEQUENCE)).every((o) => o === 'PASSED'));
  });
});

describe('an unreliable phone and a flaky test case', () => {
  const lab = { seed: 11, unreliableDevices: { '3': 0.5 }, flakyTestCases: { '1': 0.5 } };
  const a = useEmulator({ lab });
  const b = useEmulator({ lab });
  const c = useEmulator({ lab: { ...lab, seed: 12 } });

  it('same seed, same outcomes; another seed, others', async () => {
    const first = await outcomes(a, SEQUENCE);
    assert.deepEqual(await outcomes(b, SEQUENCE), first);
    assert.notDeepEqual(await outcomes(c, SEQUENCE), first);
    assert.ok(first.some((o) => o.startsWith('FAILED')) && first.some((o) => o === 'PASSED'));
  });

  it('only the steps that use the phone fail, and the flaky case; the execution ends at the failing step', async () => {
    await expectStatus(a.raw.put('/_emulator/lab', { unreliableDevices: { '3': 1 }, flakyTestCases: {} }), 200);
    // Case 23: ANSWER_CALL on device 3 is its first step; case 5 uses devices 5 and 12.
    const failed = await runOnce(a, 23);
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.currentStep, 1);
    assert.ok(failed.stepCount > 1);
    assert.ok(failed.log.some((l) => l.level === 'ERROR' && /^Step 1\/\d+ ANSWER_CALL: failed$/.test(l.message)));
    assert.ok(!failed.log.some((l) => /^Step 2\//.test(l.message)), 'nothing after the failing step');
    assert.equal((await runOnce(a, 5)).status, 'PASSED');
  });
});

describe('outcomes given in advance', () => {
  const fx = useEmulator();
  it('the next runs of a case take them in order, then the model decides again', async () => {
    const lab = await expectStatus<{ scripted: unknown }>(
      fx.raw.put('/_emulator/lab', { scripted: { '5': ['PASSED', 'FAILED', 'PASSED'] } }),
      200,
    );
    assert.deepEqual(lab.scripted, { '5': ['PASSED', 'FAILED', 'PASSED'] });
    assert.deepEqual(await outcomes(fx, [5, 5, 5, 5]), ['PASSED', 'FAILED@2', 'PASSED', 'PASSED']);
    assert.deepEqual((await expectStatus<{ scripted: unknown }>(fx.raw.get('/_emulator/lab'), 200)).scripted, {
      '5': [],
    });
  });

  it('a model that is not one is refused, naming what is wrong; DELETE turns it off', async () => {
    const refused = await fx.raw.put('/_emulator/lab', { unreliableDevices: { '3': 2 } });
    assert.equal(refused.status, 400);
    assert.match(refused.text, /unreliableDevices\.3' must be a number from 0 to 1/);
    assert.equal((await fx.raw.put('/_emulator/lab', { scripted: { '5': ['MAYBE'] } })).status, 400);
    assert.equal((await fx.raw.put('/_emulator/lab', { phones: {} })).status, 400);
    const off = await expectStatus<{ unreliableDevices: unknown }>(fx.raw.delete('/_emulator/lab'), 200);
    assert.deepEqual(off.unreliableDevices, {});
  });
});

describe("the demo lab's history", () => {
  const one = useEmulator({ lab: DEMO_LAB });
  const two = useEmulator({ lab: DEMO_LAB });

  async function history(raw: RawClient): Promise<string[]> {
    const list = await expectStatus<{ id: number; testCaseId: number; status: string; currentStep: number }[]>(
      raw.get('/api/v2/testexecutions?start=0&end=10000'),
      200,
    );
    return list.map((e) => `${e.id}:${e.testCaseId}:${e.status}@${e.currentStep}`);
  }

  it('holds the last days, shaped by the model, the same on every start', async () => {
    const first = await history(one.admin);
    assert.equal(first.length, 600);
    assert.deepEqual(await history(two.admin), first);
    const failedOf = (tc: number) => first.filter((e) => e.includes(`:${tc}:FAILED`)).length;
    const runsOf = (tc: number) => first.filter((e) => e.split(':')[1] === String(tc)).length;
    // Case 23 uses device 3 in two steps; case 5 uses neither device 3 nor is it flaky.
    assert.ok(failedOf(23) > runsOf(23) / 2, 'the unreliable phone fails most runs that use it twice');
    assert.equal(failedOf(5), 0);
    assert.ok(failedOf(1) > 0 && failedOf(1) < runsOf(1), 'the flaky case both fails and passes');
  });
});
