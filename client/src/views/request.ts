import type { CancellationToken, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { Outcome } from '../../../server/src/core';
import type { Ctx } from '../context';
import { ExtensionError } from '../log';

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
  ctx: Ctx,
  type: RequestType<P, Outcome<R>, void> | RequestType0<Outcome<R>, void>,
  params?: P,
  token?: CancellationToken,
): Promise<R> {
  const client = ctx.languageClient;
  if (!client) throw new ServiceActionError('The Test Automation language server is not running: run Test Automation: Restart Language Server.', 'noServer');
  // Both kinds are sent alike; the cast only picks an overload.
  const send = client.sendRequest.bind(client) as (type: unknown, ...rest: unknown[]) => Promise<Outcome<R>>;
  const result = params === undefined ? await send(type) : token === undefined ? await send(type, params) : await send(type, params, token);
  if (!result.ok) throw new ServiceActionError(result.error.message, result.error.kind);
  return result.value;
}
