import type { TasClient } from '../api/client';
import type { ApiClient } from '../api/types';
import { exactStr, int, text } from '../base/read';
import { keepingSecret } from '../api/sentSecret';
import type { ApiClientInfo } from '../liveChecks/referenceData';

// API clients for their view: the list (name, method, URL, auth type only), create, edit and
// delete. The password is write-only: sent when the user types one, never read back, kept or
// returned. An edit reads the record and changes only the fields the form has, so the service
// keeps what the form does not show (headers, auth parameters, the password when left empty).

/** The fields the view's form edits; `password` only when the user typed one. */
export interface ApiClientInput {
  name: string;
  httpMethod: string;
  serverURL: string;
  apiClientAuthType: string;
  username?: string;
  password?: string;
}

/** Thrown before any request when a field the service needs is empty. */
export class ApiClientInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiClientInputError';
  }
}

function checked(input: ApiClientInput): ApiClient {
  const name = input.name.trim();
  if (name === '') throw new ApiClientInputError('an API client needs a name');
  if (input.serverURL.trim() === '') throw new ApiClientInputError('an API client needs a URL');
  const out: ApiClient = {
    name,
    httpMethod: input.httpMethod.trim().toUpperCase() || 'GET',
    serverURL: input.serverURL.trim(),
    apiClientAuthType: input.apiClientAuthType.trim() || 'NONE',
  };
  if (input.username !== undefined) out.username = input.username;
  if (input.password !== undefined && input.password !== '') out.password = input.password;
  return out;
}

export function summarizeApiClient(raw: ApiClient): ApiClientInfo | undefined {
  const id = int(raw.id);
  if (id === undefined) return undefined;
  return {
    id,
    name: text(raw.name) ?? `API client ${id}`,
    httpMethod: exactStr(raw.httpMethod),
    serverURL: exactStr(raw.serverURL),
    authType: exactStr(raw.apiClientAuthType),
  };
}

export class ApiClientActions {
  constructor(
    private readonly client: TasClient,
    /** Called after a change, so references in open files are checked against the new list. */
    private readonly changed: () => void,
  ) {}

  async list(): Promise<ApiClientInfo[]> {
    return (await this.client.apiClients.all({ pageSize: 200 })).flatMap((a) => summarizeApiClient(a) ?? []);
  }

  /** Never retried (operations.ts): a lost answer may have created it. */
  async create(input: ApiClientInput): Promise<{ id?: number }> {
    const id = await this.client.apiClients.create(checked(input));
    this.changed();
    return id === undefined ? {} : { id };
  }

  async update(id: number, input: ApiClientInput): Promise<null> {
    const current = await this.client.apiClients.get(id);
    // The service's answer may carry the password back: it is dropped, never re-sent unasked.
    const { password: _password, ...kept } = current;
    await this.client.apiClients.update(id, { ...kept, ...checked(input), id });
    this.changed();
    return null;
  }

  /**
   * Set Password: the record as the service has it, its answer's password dropped, with the new
   * one: PUT is the only update the interface has for an API client.
   */
  async setPassword(id: number, password: string): Promise<null> {
    if (password === '') throw new ApiClientInputError('the password is empty; nothing was sent');
    const current = await this.client.apiClients.get(id);
    const { password: _password, ...kept } = current;
    await keepingSecret(password, () => this.client.apiClients.update(id, { ...kept, password, id }));
    return null;
  }

  async delete(id: number): Promise<null> {
    await this.client.apiClients.delete(id);
    this.changed();
    return null;
  }
}
