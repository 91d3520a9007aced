import { OPERATIONS as O } from '../operations';
import { iterateRange } from '../range';
import { asList, asOpen, asRecord, createdId } from '../parse';
import type { ApiSession } from '../session';
import type { ApiClient, Loose, RangeQuery, TraceFilter, User, UserCreate } from '../types';


export class TraceFiltersApi {
  constructor(private readonly s: ApiSession) {}

  async list(signal?: AbortSignal): Promise<TraceFilter[]> {
    return asList<TraceFilter>(await this.s.call(O.listTraceFilters, { signal }), O.listTraceFilters);
  }

  async create(filter: { name: string; filter: string }, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createTraceFilter, { body: filter, signal }));
  }

  async get(id: number, signal?: AbortSignal): Promise<TraceFilter> {
    return asRecord<TraceFilter>(await this.s.call(O.getTraceFilter, { params: { id }, signal }), O.getTraceFilter);
  }

  async update(id: number, filter: { name: string; filter: string }, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateTraceFilter, { params: { id }, body: filter, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteTraceFilter, { params: { id }, signal });
  }
}

export class ApiClientsApi {
  constructor(private readonly s: ApiSession) {}

  async list(query: RangeQuery = {}, signal?: AbortSignal): Promise<ApiClient[]> {
    return asList<ApiClient>(await this.s.call(O.listApiClients, { query: { ...query }, signal }), O.listApiClients);
  }

  iterate(options: { pageSize?: number; search?: string; signal?: AbortSignal } = {}): AsyncGenerator<ApiClient> {
    return iterateRange((q) => this.list(q, options.signal), options);
  }

  async create(client: ApiClient, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createApiClient, { body: client, signal }));
  }

  async get(id: number, signal?: AbortSignal): Promise<ApiClient> {
    return asRecord<ApiClient>(await this.s.call(O.getApiClient, { params: { id }, signal }), O.getApiClient);
  }

  async update(id: number, client: ApiClient, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateApiClient, { params: { id }, body: client, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteApiClient, { params: { id }, signal });
  }
}

export class UsersApi {
  constructor(private readonly s: ApiSession) {}

  async list(signal?: AbortSignal): Promise<User[]> {
    return asList<User>(await this.s.call(O.listUsers, { signal }), O.listUsers);
  }

  /** Creates a user; the temporary password is sent once and never kept. Never retried. */
  async create(user: UserCreate, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createUser, { body: user, signal }));
  }

  async me(signal?: AbortSignal): Promise<User> {
    return asRecord<User>(await this.s.call(O.getCurrentUser, { signal }), O.getCurrentUser);
  }

  async get(id: number, signal?: AbortSignal): Promise<User> {
    return asRecord<User>(await this.s.call(O.getUser, { params: { id }, signal }), O.getUser);
  }

  async setRole(id: number, role: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateUser, { params: { id }, body: { role }, signal }));
  }

  /** Deletes a user, handing what they own to `newUser`. */
  async delete(id: number, newUser: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.deleteUser, { params: { id }, body: { newUser }, signal }));
  }
}

export class CatalogApi {
  constructor(private readonly s: ApiSession) {}

  async deviceModels(signal?: AbortSignal): Promise<Loose[]> {
    return asList<Loose>(await this.s.call(O.listDeviceModels, { signal }), O.listDeviceModels);
  }

  async functionParams(functionName: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getFunctionParams, { query: { function: functionName }, signal }));
  }

  async agentConfig(label: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getAgentConfig, { query: { label }, signal }));
  }
}
