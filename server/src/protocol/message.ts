// How a custom message is declared: its method, its kind (request or notification) and its
// direction, carried by the message itself so that a test holds ARCHITECTURE.md's table to the
// code. The types are the ones of vscode-languageserver-protocol, so both sides use a message
// exactly as they would use one of the library's.

import { MessageDirection, NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';

/** Which side sends the message (LSP's own `MessageDirection`). */
export interface Directed {
  readonly direction: MessageDirection;
}

function directed<T extends object>(message: T, direction: MessageDirection): T & Directed {
  return Object.assign(message, { direction });
}

/** client -> server: a request with parameters. */
export function clientRequest<P, R>(method: string): RequestType<P, R, void> & Directed {
  return directed(new RequestType<P, R, void>(method), MessageDirection.clientToServer);
}

/** client -> server: a request without parameters. */
export function clientRequest0<R>(method: string): RequestType0<R, void> & Directed {
  return directed(new RequestType0<R, void>(method), MessageDirection.clientToServer);
}

/** client -> server: a notification. */
export function clientNotification<P>(method: string): NotificationType<P> & Directed {
  return directed(new NotificationType<P>(method), MessageDirection.clientToServer);
}

/** server -> client: a notification. */
export function serverNotification<P>(method: string): NotificationType<P> & Directed {
  return directed(new NotificationType<P>(method), MessageDirection.serverToClient);
}

/** `shown`: the record's name as the view showed it, so messages say it by name (its id when absent). */
export interface Shown {
  shown?: string;
}

/** One record by its id, named as the view showed it. */
export interface IdParams extends Shown {
  id: number;
}

/** Several records by id. */
export interface IdsParams {
  ids: number[];
}

/** The record a create made, when the service says its id. */
export interface CreatedId {
  id?: number;
}

/** One record a deletion could not delete, and why in words. */
export interface DeletionFailure {
  id: number;
  message: string;
}

/** A deletion of several records, one request each: which went, and why the others did not. */
export interface DeletionResult {
  deleted: number[];
  failed: DeletionFailure[];
}

/** Text for a read-only view, with its title. */
export interface TitledText {
  title: string;
  text: string;
}
