import { badRequest } from './errors';
import type { MobileDevice, TestCase } from './model';
import { Random } from './random';

// The failure model: a lab's unreliability, seeded so that it is the same on every start. Off
// unless chosen (executions pass unless their case is tagged `expect-fail`, which tests rely on);
// `npm start` chooses DEMO_LAB. An outcome is drawn from the seed and the execution's id, so the
// same seed gives the same outcomes whatever else happens in between (DECISIONS.md, "Failure model").

export type ScriptedOutcome = 'PASSED' | 'FAILED';

export interface LabModel {
  /** Outcomes are drawn from this seed and the execution's id. */
  seed: number;
  /** Phones that fail a share (0 to 1) of the steps that use them, by device id. */
  unreliableDevices: Record<string, number>;
  /** Test cases that fail a share (0 to 1) of their runs whatever phones they use, by test case id. */
  flakyTestCases: Record<string, number>;
  /** The next runs of a test case take these outcomes in order, before anything else decides (by test case id). */
  scripted: Record<string, ScriptedOutcome[]>;
}

export const NO_LAB: LabModel = { seed: 1, unreliableDevices: {}, flakyTestCases: {}, scripted: {} };

/**
 * What `npm start` shows: Apple iPhone 15 Hamburg 03 (device 3) fails 60% of the steps that use
 * it (test cases 3, 23, 36 and 43 call, text or answer with it), and "Voice call MO LTE #001"
 * (test case 1, on devices 1 and 8) fails 35% of its runs: a suspect phone and a flaky case at once.
 */
export const DEMO_LAB: LabModel = {
  seed: 7,
  unreliableDevices: { '3': 0.6 },
  flakyTestCases: { '1': 0.35 },
  scripted: {},
};

/** Whether the model makes anything fail (the demo's past executions then follow it). */
export const labIsOn = (lab: LabModel): boolean =>
  Object.keys(lab.unreliableDevices).length > 0 || Object.keys(lab.flakyTestCases).length > 0;

function shares(raw: unknown, key: string): Record<string, number> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest(`lab: '${key}' must be an object of id to share`);
  for (const [id, v] of Object.entries(raw)) {
    if (!/^\d+$/.test(id)) throw badRequest(`lab: '${key}' keys must be ids, got '${id}'`);
    if (typeof v !== 'number' || v < 0 || v > 1) throw badRequest(`lab: '${key}.${id}' must be a number from 0 to 1`);
  }
  return { ...(raw as Record<string, number>) };
}

function script(raw: unknown): Record<string, ScriptedOutcome[]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest("lab: 'scripted' must be an object of test case id to outcomes");
  const out: Record<string, ScriptedOutcome[]> = {};
  for (const [id, v] of Object.entries(raw)) {
    if (!/^\d+$/.test(id)) throw badRequest(`lab: 'scripted' keys must be ids, got '${id}'`);
    if (!Array.isArray(v) || v.some((o) => o !== 'PASSED' && o !== 'FAILED'))
      throw badRequest(`lab: 'scripted.${id}' must be a list of PASSED and FAILED`);
    out[id] = [...(v as ScriptedOutcome[])];
  }
  return out;
}

/** A lab model from a JSON object (options, the control route), keys given over `base`: unknown keys and wrong types are refused. */
export function readLab(raw: unknown, base: LabModel): LabModel {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('lab: expected a JSON object');
  const out: LabModel = { ...base };
  for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
    if (key === 'seed') {
      if (!Number.isInteger(v)) throw badRequest("lab: 'seed' must be an integer");
      out.seed = v as number;
    } else if (key === 'unreliableDevices' || key === 'flakyTestCases') out[key] = shares(v, key);
    else if (key === 'scripted') out.scripted = script(v);
    else throw badRequest(`lab: unknown key '${key}'`);
  }
  return out;
}

/** A generator for one execution: the seed and its id, mixed (so neighbouring ids draw apart). */
function drawFor(seed: number, executionId: number): Random {
  let h = (seed ^ Math.imul(executionId, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  return new Random(h ^ (h >>> 13));
}

/** The phones a step uses: its `mobileDeviceId`, and parameters that name a phone by id or MSISDN. */
export function stepPhones(step: Record<string, unknown>, devices: readonly MobileDevice[]): number[] {
  const ids = new Set<number>();
  if (Number.isInteger(step['mobileDeviceId'])) ids.add(step['mobileDeviceId'] as number);
  const params = step['params'];
  if (typeof params === 'object' && params !== null && !Array.isArray(params)) {
    for (const [key, v] of Object.entries(params)) {
      if (/deviceid$/i.test(key) && Number.isInteger(v)) ids.add(v as number);
      if (typeof v !== 'string') continue;
      const digits = v.replace(/\D/g, '');
      const named = digits.length >= 7 ? devices.filter((d) => d.msisdn === digits) : [];
      if (named.length === 1) ids.add(named[0]!.id);
    }
  }
  return [...ids];
}

/** An execution's outcome: FAILED at a step, or PASSED (`failedStep` null). */
export interface Drawn {
  outcome: 'PASSED' | 'FAILED';
  failedStep: number | null;
}

/**
 * The outcome of execution `executionId` of `tc`: a scripted one first (taken from the script),
 * then `expect-fail` (its last step), then each step that uses an unreliable phone may fail, then
 * a flaky case may fail at one of its steps; else it passes.
 */
export function drawOutcome(
  lab: LabModel,
  tc: TestCase,
  executionId: number,
  devices: readonly MobileDevice[],
  expectFail: boolean,
): Drawn {
  const steps = tc.testStepList.length;
  const scripted = lab.scripted[String(tc.id)]?.shift();
  if (scripted !== undefined)
    return scripted === 'FAILED' ? { outcome: 'FAILED', failedStep: steps } : { outcome: 'PASSED', failedStep: null };
  if (expectFail) return { outcome: 'FAILED', failedStep: steps };
  const rnd = drawFor(lab.seed, executionId);
  for (let k = 0; k < steps; k++) {
    for (const phone of stepPhones(tc.testStepList[k]!, devices)) {
      const share = lab.unreliableDevices[String(phone)];
      if (share !== undefined && rnd.next() < share) return { outcome: 'FAILED', failedStep: k + 1 };
    }
  }
  const flaky = lab.flakyTestCases[String(tc.id)];
  if (flaky !== undefined && rnd.next() < flaky)
    return { outcome: 'FAILED', failedStep: rnd.int(1, Math.max(1, steps)) };
  return { outcome: 'PASSED', failedStep: null };
}
