import { exactNum, exactStr, isRecord } from '../base/read';
import type { Loose } from '../api/types';
import type { ApiClientInfo, DeviceInfo, NamedInfo, TraceFilterInfo } from './referenceData';

// The service's records as the reference cache keeps them: list items and records read into what
// the checks, hovers and completion show (an API client without its secrets), and a step
// function's parameters read leniently.

export interface FunctionInfo {
  name: string;
  description?: string;
  params: { name: string; type?: string; required?: boolean; description?: string }[];
}

/** The items with a numeric id, by id, each read by `info`. */
export function byId<T>(items: readonly Loose[], info: (item: Loose & { id: number }) => T): Map<number, T> {
  return new Map(
    items.flatMap((item) =>
      typeof item['id'] === 'number' ? [[item['id'], info({ ...item, id: item['id'] })] as const] : [],
    ),
  );
}

export function deviceInfo(d: Loose & { id: number }): DeviceInfo {
  return {
    id: d.id,
    name: exactStr(d['name']),
    msisdn: exactStr(d['msisdn']),
    imsi: exactStr(d['imsi']),
    platformName: exactStr(d['platformName']),
    testNodeId: exactNum(d['testNodeId']),
    testNodeName: exactStr(d['testNodeName']),
    deviceModelName: exactStr(d['deviceModelName']),
    // A summary item ({id, name}) has no MSISDN at all; an empty one is still an answer.
    ...(!('msisdn' in d) && { partial: true }),
  };
}

/** Only what the editor may show: never the password, auth parameters or headers. */
export function apiClientInfo(a: Loose & { id: number }): ApiClientInfo {
  return {
    id: a.id,
    name: exactStr(a['name']),
    httpMethod: exactStr(a['httpMethod']),
    serverURL: exactStr(a['serverURL']),
    authType: exactStr(a['apiClientAuthType']),
  };
}

export function traceFilterInfo(f: Loose & { id: number }): TraceFilterInfo {
  return {
    id: f.id,
    name: exactStr(f['name']),
    filter: exactStr(f['filter']),
    ...(!('filter' in f) && { partial: true }),
  };
}

export function named(list: Loose[]): Map<number, NamedInfo> {
  return new Map(
    list.flatMap((x) =>
      typeof x['id'] === 'number' ? [[x['id'], { id: x['id'], name: exactStr(x['name']) }] as const] : [],
    ),
  );
}

/** Reads a function description leniently: `{name, description, params: [...]}` or a bare list. */
export function functionInfo(name: string, answer: unknown): FunctionInfo | undefined {
  const params = Array.isArray(answer)
    ? answer
    : isRecord(answer)
      ? (answer['params'] ?? answer['parameters'])
      : undefined;
  if (!Array.isArray(params)) return undefined;
  return {
    name,
    description: isRecord(answer) ? exactStr(answer['description']) : undefined,
    params: params.filter(isRecord).flatMap((p) =>
      typeof p['name'] === 'string'
        ? [
            {
              name: p['name'],
              type: exactStr(p['type']),
              required: p['required'] === true,
              description: exactStr(p['description']),
            },
          ]
        : [],
    ),
  };
}
