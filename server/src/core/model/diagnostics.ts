import { DiagnosticSeverity, type Diagnostic } from '../text/shapes';

// Every diagnostic the server reports has one of these codes, so users and other tools can
// filter them and quick fixes can find theirs.

export const DiagnosticCode = {
  syntax: 'syntax',
  tooDeep: 'nested-too-deeply',
  tooManyProblems: 'more-problems',
  duplicateKey: 'duplicate-key',
  required: 'missing-field',
  unknownField: 'unknown-field',
  type: 'wrong-type',
  value: 'invalid-value',
  sipCodes: 'sip-codes',
  plaintextSecret: 'plaintext-secret',
  unknownDevice: 'unknown-device',
  unknownTraceFilter: 'unknown-trace-filter',
  staleDeviceName: 'stale-device-name',
  staleMsisdn: 'stale-msisdn',
  nameTaken: 'name-taken',
  unlinkedId: 'unlinked-id',
  /** A reference of the file's home environment with no single counterpart in this one. */
  foreignReference: 'foreign-reference',
  unknownTestNode: 'unknown-test-node',
  unknownDeviceModel: 'unknown-device-model',
  /** A record document's test case id the service does not know. */
  unknownTestCase: 'unknown-test-case',
  /** A record document's field the operation does not send (set by the service, or for the other operation). */
  notSent: 'not-sent',
  notVerified: 'references-not-verified',
  /** Step functions, against the service's functionparams. */
  missingParameter: 'missing-parameter',
  unknownParameter: 'unknown-parameter',
  parameterType: 'wrong-parameter-type',
  unknownFunction: 'unknown-function',
  unknownApiClient: 'unknown-api-client',
  staleApiClientName: 'stale-api-client-name',
  /** The file cannot be read (permissions, a FIFO): reported on the file, the run goes on. */
  unreadable: 'unreadable-file',
  /** The file is not UTF-8: its bytes would not survive a write-back. */
  notUtf8: 'not-utf8',
} as const;
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

export const SOURCE = 'test-automation';

/** A finding located by JSON path; positions are added in one pass afterwards. */
export interface Finding {
  path: readonly (string | number)[];
  /** Which part of the node the range covers. */
  on: 'key' | 'value' | 'keyOrValue';
  message: string;
  code: DiagnosticCode;
  severity: DiagnosticSeverity;
  /** Data for quick fixes (replacement values and the like). */
  data?: unknown;
  /** Narrow the range to these offsets inside the value text (e.g. one code of a list). */
  inner?: { start: number; end: number };
}

export const Severity = DiagnosticSeverity;
export type { Diagnostic };
