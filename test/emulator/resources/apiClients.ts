import { mustGet } from '../access';
import { Body } from '../body';
import { badRequest, conflict } from '../errors';
import type { ApiClient } from '../model';
import { matchesSearch } from '../paging';
import { created, emptyOk, intParam, type RequestContext, type Router } from '../router';
import type { Store } from '../store';
import { apiClientView } from '../views';
import { listReply, rangeRows } from '../readings';

// API clients (DECISIONS.md, "API clients"). The password is write-only: no response
// carries it, and a PUT without one keeps the stored password.

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const STRING_FIELDS = [
  'apiClientAuthType',
  'serverURL',
  'payload',
  'httpMethod',
  'failureRegexBody',
  'username',
  'password',
  'tokenEndpointForOAuth2',
  'oauth2Scopes',
] as const;

/** A non-empty trimmed name, unique among API clients (409 with {id} of the holder, as for projects). */
function readName(store: Store, b: Body, selfId: number | null, required: boolean): string | undefined {
  const raw = b.str('name', required);
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name === '') throw badRequest("API client: 'name' must not be empty");
  const other = store.apiClients.all().find((a) => a.name === name && a.id !== selfId);
  if (other) throw conflict(`An API client named '${name}' already exists`, { id: other.id });
  return name;
}

/** Every field of the body that is present, type-checked; absent fields are left out. */
function readFields(b: Body): Partial<ApiClient> {
  const out: Partial<ApiClient> = {};
  for (const f of STRING_FIELDS) {
    const v = b.str(f);
    if (v !== undefined) out[f] = v;
  }
  if (out.httpMethod !== undefined && !HTTP_METHODS.includes(out.httpMethod)) {
    throw badRequest(`API client: 'httpMethod' must be one of ${HTTP_METHODS.join(', ')}, got '${out.httpMethod}'`);
  }
  if (out.apiClientAuthType === '') throw badRequest("API client: 'apiClientAuthType' must not be empty");
  const basic = b.bool('basicAuthViaSecrets');
  if (basic !== undefined) out.basicAuthViaSecrets = basic;
  const headerParams = b.strMap('headerParams');
  if (headerParams !== undefined) out.headerParams = headerParams;
  const authParams = b.strMap('authParams');
  if (authParams !== undefined) out.authParams = authParams;
  return out;
}

function list(c: RequestContext) {
  const search = c.query.get('search');
  const rows = c.emu.store.apiClients
    .all()
    .sort((a, b) => a.id - b.id)
    .filter((a) => matchesSearch(search, [a.name, a.serverURL, a.httpMethod]));
  // X-Total-Count counts the rows matching the search, before start/end cut them.
  const page = rangeRows(c, rows, (a) => a.createdMs ?? c.emu.seededMs).map((a) => apiClientView(c.emu.store, a));
  return listReply(c, page, { summary: true, headers: { 'X-Total-Count': String(rows.length) } });
}

function createClient(c: RequestContext) {
  const b = Body.object(c.body, 'API client');
  const fields = readFields(b);
  const name = readName(c.emu.store, b, null, true)!;
  const row = c.emu.store.apiClients.insert((id) => ({
    id,
    ownerId: c.user.id,
    basicAuthViaSecrets: false,
    name,
    apiClientAuthType: 'NONE',
    headerParams: {},
    authParams: {},
    serverURL: '',
    payload: '',
    httpMethod: 'GET',
    failureRegexBody: '',
    username: '',
    password: '',
    tokenEndpointForOAuth2: '',
    oauth2Scopes: '',
    ...fields,
    createdMs: c.emu.now(),
  }));
  return created(row.id);
}

/** PUT merges: an absent (or null) field keeps its value, so a PUT without password keeps it. */
function updateClient(c: RequestContext) {
  const a = mustGet(c.emu.store.apiClients, intParam(c), 'API client');
  const b = Body.object(c.body, 'API client');
  const fields = readFields(b);
  const name = readName(c.emu.store, b, a.id, false);
  Object.assign(a, fields);
  if (name !== undefined) a.name = name;
  return apiClientView(c.emu.store, a);
}

/** Test case steps that name the client keep their references (they dangle), as for devices. */
function deleteClient(c: RequestContext) {
  const a = mustGet(c.emu.store.apiClients, intParam(c), 'API client');
  c.emu.store.apiClients.delete(a.id);
  c.emu.store.forgetEntity('API_CLIENT', a.id);
  return emptyOk();
}

export function registerApiClients(r: Router): void {
  r.add('GET', '/api/v2/apiclients', list);
  r.add('POST', '/api/v2/apiclients', createClient);
  r.add('GET', '/api/v2/apiclients/{id}', (c) =>
    apiClientView(c.emu.store, mustGet(c.emu.store.apiClients, intParam(c), 'API client')),
  );
  r.add('PUT', '/api/v2/apiclients/{id}', updateClient);
  r.add('DELETE', '/api/v2/apiclients/{id}', deleteClient);
}
