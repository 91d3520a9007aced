import type { FileKind } from '../server/src/core/document/fileKind';

// The benchmark's inputs, generated deterministically: a test case of about 5 KB and an export
// bundle of about 1 MB with 5,000 steps, each once valid and once with many schema errors. Every
// error is planted on purpose and counted, so a validator that reports a different number (a
// misconfigured baseline that checks nothing looks very fast) is caught, not timed.

export interface BenchDocument {
  label: string;
  kind: FileKind;
  uri: string;
  text: string;
  /** Diagnostics a complete validator reports: one per planted error. */
  expectedErrors: number;
}

type Obj = Record<string, unknown>;

// References that exist in the emulator's demo data (20 devices, 8 device models, 4 test nodes,
// 6 trace filters, 5 API clients), so the LSP runs see no reference errors either.
const FUNCTIONS = ['CALL', 'ANSWER_CALL', 'HANGUP', 'SEND_SMS', 'RECEIVE_SMS', 'WAIT', 'OPEN_URL', 'DATA_SESSION'];

/** Each function's parameters as the emulator's functionparams declares them, so the step checks find nothing. */
function paramsOf(fn: string, i: number): Obj | undefined {
  switch (fn) {
    case 'WAIT':
      return { seconds: 5 + (i % 10) };
    case 'OPEN_URL':
      return { url: `https://example.com/page/${i}` };
    case 'HANGUP':
      return undefined;
    case 'ANSWER_CALL':
    case 'RECEIVE_SMS':
      return { timeoutSeconds: 10 + (i % 50) };
    case 'SEND_SMS':
      return { target: `+49151${String(1_000_000 + i).padStart(8, '0')}`, text: `Bench message ${i}` };
    case 'DATA_SESSION':
      return { megabytes: 1 + (i % 50) };
    default:
      return { target: `+49151${String(1_000_000 + i).padStart(8, '0')}`, durationSeconds: 10 + (i % 50) };
  }
}

function step(i: number, padding: number, short: boolean): Obj {
  const fn = FUNCTIONS[i % FUNCTIONS.length]!;
  const device = (i % 20) + 1;
  const params = paramsOf(fn, i);
  return {
    function: fn,
    ...(fn === 'WAIT' ? {} : { mobileDeviceId: device }),
    ...(params && { params }),
    description: short
      ? `Step ${i + 1}: ${fn.toLowerCase().replace('_', ' ')} on device ${device}`
      : `Step ${i + 1}: ${fn.toLowerCase().replace('_', ' ')} on device ${device}${'.'.repeat(padding)}`,
  };
}

function testCase(n: number, steps: number, padding: number, name: string, short = false): Obj {
  return {
    name,
    description: `Generated for the benchmark: ${steps} steps on devices 1 to 20, with traces.`,
    tags: 'bench,voice,regression',
    disabled: false,
    notes: 'edit 00000',
    testStepList: Array.from({ length: steps }, (_, i) => step(n * steps + i, padding, short)),
    traceFilters: [
      { mobileDeviceId: (n % 20) + 1, traceFilterId: 1 },
      { mobileDeviceId: ((n + 7) % 20) + 1, traceFilterId: 2 },
    ],
    sipTraceFilters: [{ mobileDeviceId: (n % 20) + 1, sipMessageCodes: '180,183,200' }],
  };
}

function exported(n: number, steps: number, padding: number): Obj {
  const tc = testCase(n, steps, padding, `Bench bundle test case ${String(n + 1).padStart(3, '0')}`, true);
  const devices = [(n % 20) + 1, ((n + 7) % 20) + 1].map((id) => ({
    id,
    name: `Bench device ${String(id).padStart(2, '0')}`,
    msisdn: `4915${String(10_000_000 + id)}`,
    ranType: id % 2 ? 'LTE' : 'NR',
    testNodeId: (id % 4) + 1,
    deviceModelId: (id % 8) + 1,
    platformName: id % 3 ? 'Android' : 'iOS',
    testNodeName: `node-${id % 4}`,
    deviceModelName: null,
  }));
  const apiClients = [
    {
      // The demo data's API client 1, under its own name (another would be a stale name).
      id: 1,
      name: 'Billing REST',
      apiClientAuthType: 'NONE',
      basicAuthViaSecrets: false,
      headerParams: { Accept: 'application/json' },
      serverURL: 'https://billing.example.com/api/charge',
    },
  ];
  return { ...tc, devices, apiClients };
}

/**
 * One planted schema error; each yields exactly one diagnostic from both validators (checked by
 * hand against ajv with our messages and against vscode-json-languageservice). `renameKey` yields
 * two: the unknown field and the now-missing required one.
 */
type Mutation = (target: Obj) => number;

const stepMutations: Mutation[] = [
  (s) => ((s['mobileDeviceId'] = '3'), 1), // wrong type: text, not integer
  (s) => ((s['mobileDeviceId'] = 0), 1), // below the minimum of 1
  (s) => ((s['description'] = 42), 1), // wrong type: number, not text
  (s) => ((s['params'] = { apiClientId: 'billing' }), 1), // wrong type inside params
  (s) => ((s['params'] = 'none'), 1), // params must be an object
];

const traceMutations: Mutation[] = [
  (t) => {
    t['traceFilterID'] = t['traceFilterId'];
    delete t['traceFilterId'];
    return 2; // unknown field + missing required field
  },
  (t) => ((t['traceFilterId'] = -1), 1),
];

const sipMutation: Mutation = (t) => ((t['sipMessageCodes'] = '180,18x,200'), 1); // one bad code / pattern

/** Plants errors evenly: `perTestCase` step errors, plus trace filter, SIP and top-level ones. */
function plantErrors(tc: Obj, stepErrors: number, seed: number): number {
  let count = 0;
  const steps = tc['testStepList'] as Obj[];
  const stride = Math.max(1, Math.floor(steps.length / stepErrors));
  for (let k = 0; k < stepErrors; k++) count += stepMutations[(seed + k) % stepMutations.length]!(steps[k * stride]!);
  count += traceMutations[seed % traceMutations.length]!((tc['traceFilters'] as Obj[])[0]!);
  count += sipMutation((tc['sipTraceFilters'] as Obj[])[0]!);
  if (seed % 2 === 0) {
    tc['disabled'] = 'no'; // wrong type
    count += 1;
  } else {
    tc['descripton'] = 'typo'; // unknown field
    count += 1;
  }
  return count;
}

const print = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** A test case of about 5 KB: 22 steps. */
export function smallTestCase(withErrors: boolean): BenchDocument {
  const tc = testCase(0, 22, 4, 'Bench voice call 001');
  const expectedErrors = withErrors ? plantErrors(tc, 16, 0) : 0;
  return {
    label: `test case 5 KB, ${withErrors ? 'errors' : 'valid'}`,
    kind: 'testCase',
    uri: `file:///bench/${withErrors ? 'errors' : 'valid'}.testcase.json`,
    text: print(tc),
    expectedErrors,
  };
}

/** An export bundle of about 1 MB: 50 test cases of 100 steps each, 5,000 steps. */
export function largeBundle(withErrors: boolean): BenchDocument {
  const bundle = Array.from({ length: 50 }, (_, n) => exported(n, 100, 0));
  // 50 test cases x (each: 1 top-level, 1 SIP, 1-2 trace, step errors) ~ 200 in all.
  const expectedErrors = withErrors ? bundle.reduce<number>((sum, tc, n) => sum + plantErrors(tc, 1, n), 0) : 0;
  return {
    label: `bundle 1 MB / 5,000 steps, ${withErrors ? 'errors' : 'valid'}`,
    kind: 'bundle',
    uri: `file:///bench/${withErrors ? 'errors' : 'valid'}.testcases.json`,
    text: print(bundle),
    expectedErrors,
  };
}

/** The four documents of the validation benchmark. */
export function validationDocuments(): BenchDocument[] {
  return [smallTestCase(false), smallTestCase(true), largeBundle(false), largeBundle(true)];
}
