import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';

// The contract between the extension and the language server, imported by both sides.
// Every custom request and notification is declared here once, with the way it flows.

export const SERVER_NAME = 'Test Automation language server';
export const SERVER_VERSION = '0.1.0';

/** The language id of test-case files (contributed in package.json). */
export const LANGUAGE_ID = 'tas-testcase';

/** Glob patterns of the files the server handles, as the design fixes them. */
export const FILE_PATTERNS = ['**/*.testcase.json', '**/*.testcases.json'] as const;

/** URI scheme of the read-only views of remote records that document links open. */
export const REMOTE_SCHEME = 'tas-remote';

/** An environment without its secret: safe to show and log. */
export interface EnvironmentInfo {
  name: string;
  baseUrl: string;
  clientId: string;
}

/** client -> server: use this environment (null: signed out). The secret travels in memory only. */
export const SetEnvironmentNotification = new NotificationType<{
  environment: (EnvironmentInfo & { clientSecret: string }) | null;
}>('tas/setEnvironment');

export interface RefreshResult {
  devices: number;
  traceFilters: number;
  testCases: number;
}

/** client -> server: drop the caches, reload the lists, revalidate open documents. */
export const RefreshRequest = new RequestType0<RefreshResult, void>('tas/refresh');

export type RecordKind = 'mobileDevice' | 'traceFilter' | 'testCase';

/** client -> server: a remote record as pretty JSON, for the read-only view a link opens. */
export const GetRecordRequest = new RequestType<{ kind: RecordKind; id: number }, { title: string; text: string }, void>(
  'tas/getRecord',
);

/**
 * 'connecting' while the server first asks a new environment; then one of the others, once per
 * change: the token was refused, the URL answers but not as the service, or it cannot be reached.
 */
export type ConnectionState = 'connecting' | 'connected' | 'credentialsRefused' | 'unreachable' | 'notService' | 'signedOut';

/** The outcome of asking an environment for a token (no 'connecting' or 'signedOut'). */
export type CheckOutcome = 'ok' | 'credentialsRefused' | 'unreachable' | 'notService';

/**
 * client -> server: asks a token with these candidate credentials, before Sign In stores them.
 * Changes nothing on the server; `detail` is a short plain cause (for example "HTTP 404").
 */
export const CheckEnvironmentRequest = new RequestType<
  { environment: EnvironmentInfo & { clientSecret: string } },
  { outcome: CheckOutcome; detail?: string },
  void
>('tas/checkEnvironment');

/**
 * server -> client: whether the service can be reached, for the status bar. Every change of
 * environment (and a repeated one) is answered by exactly one final state after 'connecting'.
 */
export const StatusNotification = new NotificationType<{
  state: ConnectionState;
  environment?: string;
  message?: string;
}>('tas/status');

/** `tas-remote:/mobileDevice/3.json`: the link target for a reference. */
export function remoteUri(kind: RecordKind, id: number): string {
  return `${REMOTE_SCHEME}:/${kind}/${id}.json`;
}

export function parseRemoteUri(uri: string): { kind: RecordKind; id: number } | undefined {
  const m = /^tas-remote:\/(mobileDevice|traceFilter|testCase)\/(\d+)\.json$/.exec(uri);
  return m ? { kind: m[1] as RecordKind, id: Number(m[2]) } : undefined;
}
