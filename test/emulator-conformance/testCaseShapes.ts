import { expectStatus, type RawClient, type RawResponse } from './harness';

// The shapes the test-case endpoints answer, and the helpers the test-case conformance tests share.

export interface Ref {
  id: number;
  name: string;
}
export interface ListItem {
  projects: Ref[];
  id: number;
  name: string;
  description: string;
  testStepCount: number;
  deviceList: string[];
  created: string;
  updated: string;
}
export interface SortInfo {
  sorted: boolean;
  unsorted: boolean;
  empty: boolean;
}
export interface Page {
  content: ListItem[];
  totalElements: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  sort: SortInfo;
  pageable: { offset: number };
}
export interface TraceItem {
  mobileDeviceId: number;
  traceFilterId: number;
  mobileDeviceName: string | null;
  msisdn: string | null;
}
export interface TestCaseRecord {
  id: number;
  name: string;
  description: string;
  testStepList: Record<string, unknown>[];
  tags: string;
  disableReason: string;
  notes: string;
  disabled: boolean;
  traceFilters: TraceItem[];
  sipTraceFilters: unknown[];
  projects: Ref[];
}
export interface Exported extends TestCaseRecord {
  devices: { id: number; testNodeId: number; testNodeName: string; projects: Ref[] }[];
  apiClients: Record<string, unknown>[];
}

export const LIST_ITEM_KEYS = [
  'created',
  'description',
  'deviceList',
  'id',
  'name',
  'projects',
  'testStepCount',
  'updated',
];
export const CASE_KEYS = [
  'description',
  'disableReason',
  'disabled',
  'id',
  'name',
  'notes',
  'projects',
  'sipTraceFilters',
  'tags',
  'testStepList',
  'traceFilters',
];

let seq = 0;
export const unique = (prefix: string) => `${prefix} ${++seq}`;
export const message = (r: RawResponse) => r.headers.get('x-emulator-message') ?? '';
export const keys = (o: unknown) => Object.keys(o as object).sort();
export const page = (client: RawClient, query: string) =>
  expectStatus<Page>(client.get(`/api/v2/testcases?${query}`), 200);
export const pageIds = async (client: RawClient, query: string) => (await page(client, query)).content.map((i) => i.id);
export const read = (client: RawClient, id: number) =>
  expectStatus<TestCaseRecord>(client.get(`/api/v2/testcases/${id}`), 200);

export async function createCase(client: RawClient, fields: Record<string, unknown> = {}): Promise<number> {
  const body = { name: unique('case'), testStepList: [{ function: 'WAIT', params: { seconds: 1 } }], ...fields };
  return (await expectStatus<{ id: number }>(client.post('/api/v2/testcases', body), 201)).id;
}
