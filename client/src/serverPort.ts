import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { CancellationToken, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { ConnectionState, ExecutionSummary, Outcome, ShownRecord, StatusReading } from '../../server/src/core';
import { ExtensionError } from './log';

// What the views, Test Explorer and import/export know of the language server: a port they are
// given at construction, not the whole context. Only languageServer.ts implements it, so these
// modules never import the context, and the context is built in one piece from them.

/** Enough to send requests: the running client, absent while the server is stopped or failed. */
export interface RequestPort {
  readonly client: LanguageClient | undefined;
}

/** A settled connection state (never "connecting"); `changed` when it differs from the last one. */
export interface ConnectionChange {
  state: ConnectionState;
  changed: boolean;
}

/** The follower's report of executions. */
export interface ExecutionsChange {
  changed: ExecutionSummary[];
  active: ExecutionSummary[];
}

/** Progress of an import or export, under the operation id its request was sent with. */
export interface SyncProgress {
  operation: string;
  done: number;
  total: number;
  message?: string;
}

/** The whole port: requests, the server's reports as events, and what the views tell it. */
export interface ServerPort extends RequestPort {
  readonly log: vscode.LogOutputChannel;
  /** The environment as the status bar names it, for questions and summaries. */
  environmentLabel(): string;
  /** A settled connection change (another environment, signed in or out): links may differ. */
  readonly onConnectionChanged: vscode.Event<ConnectionChange>;
  readonly onExecutionsChanged: vscode.Event<ExecutionsChange>;
  readonly onDeviceStatus: vscode.Event<StatusReading[]>;
  readonly onSyncProgress: vscode.Event<SyncProgress>;
  /** The history of these test cases changed (the follower read their executions): lenses and views ask again. */
  readonly onHistoryChanged: vscode.Event<number[]>;
  /** A record an action or read found gone (404): every view drops it. */
  readonly onRecordGone: vscode.Event<ShownRecord>;
  /** Whether anyone looks at executions: the server's follower polls slower when nobody does. */
  sendAttention(looking: boolean, focused: boolean): void;
  /** Whether the Devices view can be seen: device statuses are polled only then. */
  sendDevicesVisible(visible: boolean): void;
}

/** A failure the server already put in words; shown as it is. */
export class ServiceActionError extends ExtensionError {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'ServiceActionError';
  }
}

/**
 * Sends a view request and returns its value, or throws its failure in the server's words.
 * A `token` cancels it on the server (which may still answer with what it did so far).
 */
export async function ask<P, R>(
  port: RequestPort,
  type: RequestType<P, Outcome<R>, void> | RequestType0<Outcome<R>, void>,
  params?: P,
  token?: CancellationToken,
): Promise<R> {
  const client = port.client;
  if (!client)
    throw new ServiceActionError(
      'The Test Automation language server is not running: run Test Automation: Restart Language Server.',
      'noServer',
    );
  // Both kinds are sent alike; the cast only picks an overload.
  const send = client.sendRequest.bind(client) as (type: unknown, ...rest: unknown[]) => Promise<Outcome<R>>;
  const result =
    params === undefined
      ? await send(type)
      : token === undefined
        ? await send(type, params)
        : await send(type, params, token);
  if (!result.ok) throw new ServiceActionError(result.error.message, result.error.kind);
  return result.value;
}

/**
 * A tree view's message for a failed read. Signed out has welcome content, so it says nothing;
 * other failures say themselves.
 */
export function treeMessage(err: unknown): string | undefined {
  const kind = err instanceof ServiceActionError ? err.kind : '';
  return kind === 'signedOut' ? undefined : err instanceof Error ? err.message : String(err);
}
