import type { Loose } from '../api/types';
import { isRecord } from '../base/read';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import type { NamedInfo } from '../liveChecks/referenceData';
import { recordSaveWords } from '../failures/recordDocuments';
import { ENTITY_KIND_WORDS, type RecordDocumentKind } from '../model/entityKinds';
import { creatable, fieldOf, RECORD_FIELDS, type FieldSpec, type FieldType, type RefList } from './fields';
import { META, metaOf, type RecordMeta } from './document';

// The checks of a record document against its kind's field table: the `$record` member, each
// field's type, what the operation may not carry (`ecid` on create, a secret at all), read-only
// fields changed (compared with the record as read, when it is known), and ids that name no
// test node, device model or test case of the service.

const WANT: Record<FieldType, string> = {
  int: 'an integer',
  str: 'a string',
  bool: 'true or false',
  strMap: 'an object whose values are strings',
  refList: 'an array of {"id": integer, "name": string}',
  schedule: 'an object {"startTime": string, "repeating": boolean, "repeatPeriod": integer, "repeatUnit": string}',
  intList: 'an array of integers',
};

const isInt = (v: unknown) => Number.isSafeInteger(v);

function typeOk(type: FieldType, v: unknown): boolean {
  switch (type) {
    case 'int':
      return isInt(v);
    case 'str':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'strMap':
      return isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
    case 'refList':
      return (
        Array.isArray(v) &&
        v.every(
          (x) =>
            isRecord(x) &&
            isInt(x['id']) &&
            (x['name'] === undefined || x['name'] === null || typeof x['name'] === 'string'),
        )
      );
    case 'intList':
      return Array.isArray(v) && v.every(isInt);
    case 'schedule':
      return isRecord(v) && SCHEDULE.every(([k, t]) => v[k] === undefined || v[k] === null || typeOk(t, v[k]));
  }
}

const SCHEDULE: [string, FieldType][] = [
  ['startTime', 'str'],
  ['repeating', 'bool'],
  ['repeatPeriod', 'int'],
  ['repeatUnit', 'str'],
];

const err = (path: Finding['path'], message: string, code: Finding['code'], on: Finding['on'] = 'value'): Finding => ({
  path,
  on,
  message,
  code,
  severity: Severity.Error,
});
const warn = (path: Finding['path'], message: string, code: Finding['code']): Finding => ({
  path,
  on: 'key',
  message,
  code,
  severity: Severity.Warning,
});

/**
 * Which record a document is for, when its `$record` and its own `id` disagree: a copy of a
 * record's file (`id` removed, new values) still carries the original's `$record`, and following
 * the header would overwrite the original. Nothing is saved until both name the same record, or
 * neither does (a new record).
 */
export function identityFinding(value: Loose, meta: RecordMeta): Finding | undefined {
  const own = value['id'];
  const kind = ENTITY_KIND_WORDS[meta.kind];
  if (meta.id === undefined)
    return own === undefined
      ? undefined
      : err(['id'], recordSaveWords.idWithoutHeader(kind, JSON.stringify(own)), DiagnosticCode.value);
  if (own === undefined)
    return err([META, 'id'], recordSaveWords.copyWithoutId(kind, meta.id, creatable(meta.kind)), DiagnosticCode.value);
  if (own === meta.id) return undefined;
  return err(
    ['id'],
    recordSaveWords.idsDisagree(kind, meta.id, JSON.stringify(own), creatable(meta.kind)),
    DiagnosticCode.value,
  );
}

/**
 * What is wrong with a record document, without the service. `expected`: the kind its address
 * names; `base`: the document as it was read, for read-only fields (undefined: not known).
 */
export function recordFindings(value: unknown, expected?: RecordDocumentKind, base?: Loose): Finding[] {
  if (!isRecord(value)) return [err([], 'A record document is a JSON object.', DiagnosticCode.type)];
  const meta = metaOf(value);
  if (!meta)
    return [
      err(
        Object.hasOwn(value, META) ? [META] : [],
        `"${META}" must say what the record is: {"kind": "mobileDevice", "id": 12}; kind is one of mobileDevice, testNode, apiClient, traceFilter, testSuite.`,
        DiagnosticCode.required,
      ),
    ];
  const out: Finding[] = [];
  const identity = identityFinding(value, meta);
  if (identity) out.push(identity);
  if (expected && meta.kind !== expected)
    out.push(
      err(
        [META, 'kind'],
        `This document holds a ${ENTITY_KIND_WORDS[expected]}: the kind cannot change.`,
        DiagnosticCode.value,
      ),
    );
  const op = meta.id === undefined ? 'create' : 'update';
  const kind = meta.kind;
  const same = (k: string) =>
    base !== undefined && Object.hasOwn(base, k) && JSON.stringify(base[k]) === JSON.stringify(value[k]);
  for (const [k, v] of Object.entries(value)) {
    // An `id` that names another record is said once, by the identity check.
    if (k === META || (k === 'id' && identity)) continue;
    const f = fieldOf(kind, k);
    if (!f) {
      // Fields the service sent beyond the table are shown as they are and never sent.
      if (base !== undefined && !same(k)) {
        const msg = Object.hasOwn(base, k)
          ? `"${k}" is set by the service: a change is not sent.`
          : `"${k}" is not a field of a ${ENTITY_KIND_WORDS[kind]} in the interface: it is not sent.`;
        out.push(warn([k], msg, DiagnosticCode.notSent));
      }
      continue;
    }
    if (f.secret) {
      out.push(
        err(
          [k],
          `"${k}" is a secret and never part of a document: the service keeps it, and a password box sets it.`,
          DiagnosticCode.plaintextSecret,
          'key',
        ),
      );
      continue;
    }
    if (f.sent === 'never') {
      if (base !== undefined && !same(k))
        out.push(warn([k], `"${k}" is set by the service: a change is not sent.`, DiagnosticCode.notSent));
      continue;
    }
    if (f.sent !== 'both' && f.sent !== op) {
      if (op === 'create')
        out.push(
          err(
            [k],
            `"${k}" is accepted on update only: remove it from a new ${ENTITY_KIND_WORDS[kind]}; once it exists, add it and save again.`,
            DiagnosticCode.notSent,
            'key',
          ),
        );
      else if (!same(k))
        out.push(warn([k], `"${k}" is accepted on create only: a change is not sent.`, DiagnosticCode.notSent));
      continue;
    }
    if (v !== null && !typeOk(f.type, v)) out.push(err([k], `"${k}" must be ${WANT[f.type]}.`, DiagnosticCode.type));
  }
  return out;
}

/** The service's lists (and single records) ids are checked against; a throw means "not verified". */
export interface RecordRefSource {
  testNodes(): Promise<Map<number, NamedInfo>>;
  deviceModels(): Promise<Map<number, NamedInfo> & { cut?: boolean }>;
  testCases(): Promise<Map<number, string>>;
  testNodeRecord(id: number): Promise<NamedInfo | undefined>;
  testCaseRecord(id: number): Promise<NamedInfo | undefined>;
}

/** Each id of a document by the list it names, with its path. */
export function idsOf(value: unknown): { ref: RefList; id: number; path: (string | number)[] }[] {
  const meta = metaOf(value);
  if (!meta || !isRecord(value)) return [];
  const out: { ref: RefList; id: number; path: (string | number)[] }[] = [];
  for (const f of RECORD_FIELDS[meta.kind] as FieldSpec[]) {
    if (!f.ref) continue;
    const v = value[f.name];
    if (f.type === 'int' && isInt(v)) out.push({ ref: f.ref, id: v as number, path: [f.name] });
    if (f.type === 'refList' && Array.isArray(v))
      v.forEach(
        (item, i) =>
          isRecord(item) &&
          isInt(item['id']) &&
          out.push({ ref: f.ref!, id: item['id'] as number, path: [f.name, i, 'id'] }),
      );
  }
  return out;
}

const REF_WORDS: Record<RefList, { word: string; code: Finding['code'] }> = {
  testNode: { word: 'test node', code: DiagnosticCode.unknownTestNode },
  deviceModel: { word: 'device model', code: DiagnosticCode.unknownDeviceModel },
  testCase: { word: 'test case', code: DiagnosticCode.unknownTestCase },
};

/** Ids the service does not know; an id a list lacks is asked of its own record first. */
export async function recordReferenceFindings(value: unknown, source: RecordRefSource): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const r of idsOf(value)) {
    let known: boolean | undefined;
    try {
      if (r.ref === 'testNode')
        known = (await source.testNodes()).has(r.id) || (await source.testNodeRecord(r.id)) !== undefined;
      else if (r.ref === 'testCase')
        known = (await source.testCases()).has(r.id) || (await source.testCaseRecord(r.id)) !== undefined;
      else {
        const models = await source.deviceModels();
        known = models.has(r.id) || (models.cut ? undefined : false);
      }
    } catch {
      known = undefined;
    }
    if (known === false)
      out.push(err(r.path, `No ${REF_WORDS[r.ref].word} ${r.id} on the service.`, REF_WORDS[r.ref].code));
  }
  return out;
}
