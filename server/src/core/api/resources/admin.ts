import { OPERATIONS as O } from '../operations';
import { readList, type Listed } from '../lists';
import { iterateRange } from '../range';
import { RangeList } from '../rangeLists';
import { asOpen, asRecord, createdId } from '../parse';
import type { ApiSession } from '../session';
import type { ApiClient, Loose, RangeQuery, TraceFilter, User, UserCreate } from '../types';

export class TraceFiltersApi {
  constructor(private readonly s: ApiSession) {}

  list(signal?: AbortSignal): Promise<Listed<TraceFilter>> {
    return readList<TraceFilter>(this.s, O.listTraceFilters, { ...(signal && { signal }) });
  }

  async create(filter: { name: string; filter: string }, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createTraceFilter, { body: filter, signal }));
  }

  async get(id: number, signal?: AbortSignal): Promise<TraceFilter> {
    return asRecord<TraceFilter>(await this.s.call(O.getTraceFilter, { params: { id }, signal }), O.getTraceFilter);
  }

  async update(
    id: number,
    filter: { name: string; filter: string },
    signal?: AbortSignal,
  ): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateTraceFilter, { params: { id }, body: filter, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteTraceFilter, { params: { id }, signal });
  }
}

export class ApiClientsApi {
  private readonly range: RangeList<ApiClient>;

  constructor(private readonly s: ApiSession) {
    this.range = new RangeList<ApiClient>(s, O.listApiClients);
  }

  /** One answer for this query, as the service gives it (its pages followed). */
  list(query: RangeQuery = {}, signal?: AbortSignal): Promise<Listed<ApiClient>> {
    return readList<ApiClient>(this.s, O.listApiClients, { query: { ...query }, ...(signal && { signal }) });
  }

  /** Every API client, however the service reads start/end (rangeLists.ts). */
  all(options: { pageSize?: number; search?: string; signal?: AbortSignal } = {}): Promise<Listed<ApiClient>> {
    return this.range.all(options.pageSize ?? 200, options.search, options.signal);
  }

  /** Windows of `pageSize` read as offsets (the emulator's reading); `all` reads any service whole. */
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

  list(signal?: AbortSignal): Promise<Listed<User>> {
    return readList<User>(this.s, O.listUsers, { ...(signal && { signal }) });
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

  deviceModels(signal?: AbortSignal): Promise<Listed<Loose>> {
    return readList<Loose>(this.s, O.listDeviceModels, { ...(signal && { signal }) });
  }

  async functionParams(functionName: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getFunctionParams, { query: { function: functionName }, signal }));
  }

  async agentConfig(label: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getAgentConfig, { query: { label }, signal }));
  }
}
