import { OPERATIONS, type Operation, type OperationId } from './operations';
import { isRecord } from '../base/read';

// What a request body may carry, per operation: the fields the interface document marks as
// response-only (or accepted by the other of create and update only) are removed before a body is
// sent, so a record read from the service can be written back as it is. Every other field stays,
// the ones the document does not know included, so a round trip loses nothing. The session applies
// this to every body it sends; nothing else strips fields.
//
// Import keeps `id`: an item's id links a test case file to the record it came from, and an import
// naming an existing id updates that record (test/emulator/DECISIONS.md, "Import").

type Shape = (body: unknown) => unknown;

/** A copy of the object without the named fields; anything else is returned unchanged. */
function without(value: unknown, fields: readonly string[]): unknown {
  if (!isRecord(value) || !fields.some((f) => Object.hasOwn(value, f))) return value;
  const copy = { ...value };
  for (const f of fields) delete copy[f];
  return copy;
}

/** Applies `item` to each element of `list` when it is an array. */
const eachItem = (list: unknown, item: Shape): unknown => (Array.isArray(list) ? list.map(item) : list);

/** Device name and msisdn are added by the service to trace filter items in responses. */
const TRACE_ITEM_RESPONSE_ONLY = ['mobileDeviceName', 'msisdn'] as const;
/** `devices` and `apiClients` are what an export adds to each test case. */
const TEST_CASE_RESPONSE_ONLY = ['projects', 'devices', 'apiClients'] as const;
const DEVICE_RESPONSE_ONLY = ['id', 'testNodeName', 'deviceModelName', 'projects'] as const;
const API_CLIENT_RESPONSE_ONLY = ['id', 'projects'] as const;

function testCase(extra: readonly string[]): Shape {
  return (body) => {
    const shaped = without(body, [...TEST_CASE_RESPONSE_ONLY, ...extra]);
    if (!isRecord(shaped)) return shaped;
    const out: Record<string, unknown> = { ...shaped };
    for (const key of ['traceFilters', 'sipTraceFilters']) {
      if (Array.isArray(out[key])) out[key] = eachItem(out[key], (item) => without(item, TRACE_ITEM_RESPONSE_ONLY));
    }
    return out;
  };
}

const SHAPES: Partial<Record<OperationId, Shape>> = {
  createTestCase: testCase(['id']),
  updateTestCase: testCase(['id']),
  importTestCases: (body) => eachItem(body, testCase([])),
  createMobileDevice: (body) => without(body, [...DEVICE_RESPONSE_ONLY, 'ecid']),
  updateMobileDevice: (body) => without(body, DEVICE_RESPONSE_ONLY),
  createApiClient: (body) => without(body, API_CLIENT_RESPONSE_ONLY),
  updateApiClient: (body) => without(body, API_CLIENT_RESPONSE_ONLY),
  createTestSuite: (body) => without(body, ['projects']),
  updateTestSuite: (body) => without(body, ['testCaseWeights']),
};

const key = (op: Operation): string => `${op.method} ${op.path}`;
const byOperation = new Map<string, Shape>(
  Object.entries(SHAPES).map(([id, shape]) => [key(OPERATIONS[id as OperationId]), shape]),
);

/** The body as the operation's request may carry it; the caller's object is never changed. */
export function requestBody(op: Operation, body: unknown): unknown {
  const shape = byOperation.get(key(op));
  return shape && body !== undefined ? shape(body) : body;
}
