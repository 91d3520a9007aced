import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import type { DeviceInfo, ReferenceState, ReferenceSnapshot, Wanted } from './referenceData';
import { closest, distance } from '../validation/schemaMessages';
import { exactInt, exactStr, isRecord } from '../base/read';
import { itemsOf, testCasesIn, type Path, type TestCaseAt } from '../document/testCaseModel';
import type { CaseLink } from '../sync/caseLinks';
import { foreignReferences } from './foreign';

// Live reference checks: ids and names in a document against a snapshot of the service.
// Unknown is not wrong: without a snapshot there is one "not verified" note, never "not found".

/** A file's links in the current environment (sync state); absent: the file's ids are taken as this environment's. */
export type LinkOf = (index: number | undefined) => CaseLink | undefined;

export function checkReferences(kind: FileKind, value: unknown, state: ReferenceState, linkOf?: LinkOf): Finding[] {
  if (state.status === 'unavailable') {
    return [
      {
        path: [],
        on: 'value',
        message: `References not verified: ${state.reason}`,
        code: DiagnosticCode.notVerified,
        severity: Severity.Information,
      },
    ];
  }
  const data = state.data;
  const findings: Finding[] = [];
  for (const tc of testCasesIn(kind, value)) {
    const link = linkOf?.(typeof tc.path[0] === 'number' ? tc.path[0] : undefined);
    // Another environment's ids: looked up by who they are, not by id (foreign.ts).
    if (link?.home) {
      findings.push(...foreignReferences(tc, data, link.home), ...identity(tc, data, link));
      continue;
    }
    findings.push(...deviceItems(tc, 'traceFilters', data), ...deviceItems(tc, 'sipTraceFilters', data));
    for (const item of itemsOf(tc, 'traceFilters')) {
      const id = exactInt(item.value['traceFilterId']);
      if (id !== undefined && !data.traceFilters.has(id)) {
        if (data.unverified?.traceFilters.has(id)) {
          findings.push(notVerified([...item.path, 'traceFilterId'], `Trace filter ${id}`, data));
          continue;
        }
        findings.push({
          path: [...item.path, 'traceFilterId'],
          on: 'value',
          message: `Trace filter ${id} does not exist on the service.`,
          code: DiagnosticCode.unknownTraceFilter,
          severity: Severity.Error,
        });
      }
    }
    let hints: Map<number, DeviceHint> | undefined;
    for (const step of itemsOf(tc, 'testStepList')) {
      const id = exactInt(step.value['mobileDeviceId']);
      if (id === undefined || data.devices.has(id)) continue;
      if (data.unverified?.devices.has(id)) {
        findings.push(notVerified([...step.path, 'mobileDeviceId'], `Mobile device ${id}`, data));
        continue;
      }
      // A trace filter item for the same id may still carry the name or MSISDN it was copied with.
      hints ??= storedHints(tc);
      findings.push(unknownDevice([...step.path, 'mobileDeviceId'], id, data, hints.get(id) ?? {}));
    }
    findings.push(...identity(tc, data, link));
  }
  if (kind === 'bundle') findings.push(...bundleDevices(value, data));
  return findings;
}

/** How many devices the quick fixes of an unknown device offer. */
export const DEVICE_CHOICES = 5;

interface DeviceChoices {
  replacement?: DeviceInfo;
  candidates: { id: number; name?: string }[];
}

/** Fix data per device list and hint: a file may name the same unknown device thousands of times. */
const choicesCache = new WeakMap<Map<number, DeviceInfo>, Map<string, DeviceChoices>>();

function choicesFor(devices: Map<number, DeviceInfo>, hint: DeviceHint): DeviceChoices {
  let byHint = choicesCache.get(devices);
  if (!byHint) choicesCache.set(devices, (byHint = new Map<string, DeviceChoices>()));
  const key = JSON.stringify([hint.name, hint.msisdn]);
  let choices = byHint.get(key);
  if (!choices) {
    const replacement = closestDevice(devices.values(), hint);
    const candidates = deviceCandidates(devices.values(), hint, replacement).map((d) => ({ id: d.id, name: d.name }));
    byHint.set(key, (choices = { replacement, candidates }));
  }
  return choices;
}

function unknownDevice(path: Path, id: number, data: ReferenceSnapshot, hint: DeviceHint): Finding {
  const { replacement, candidates } = choicesFor(data.devices, hint);
  return {
    path,
    on: 'value',
    message: `Mobile device ${id} does not exist on the service.${replacement ? ` Did you mean ${replacement.id} (${replacement.name ?? 'unnamed'})?` : ''}`,
    code: DiagnosticCode.unknownDevice,
    severity: Severity.Error,
    data: { candidates, ...(replacement && { replacementId: replacement.id }) },
  };
}

interface DeviceHint {
  name?: string;
  msisdn?: string;
}

/** The name or MSISDN the trace filter items of the test case store, by device id (the first wins). */
function storedHints(tc: TestCaseAt): Map<number, DeviceHint> {
  const hints = new Map<number, DeviceHint>();
  for (const field of ['traceFilters', 'sipTraceFilters']) {
    for (const item of itemsOf(tc, field)) {
      const id = exactInt(item.value['mobileDeviceId']);
      const name = exactStr(item.value['mobileDeviceName']);
      const msisdn = exactStr(item.value['msisdn']);
      if (id !== undefined && !hints.has(id) && (name !== undefined || msisdn !== undefined))
        hints.set(id, { name, msisdn });
    }
  }
  return hints;
}

/**
 * The devices to offer in place of an unknown one: the likely match first, then the closest names
 * to the name the file stored (by id without one), at most DEVICE_CHOICES.
 */
export function deviceCandidates(
  devices: Iterable<DeviceInfo>,
  hint: { name?: string },
  best?: DeviceInfo,
): DeviceInfo[] {
  const list = [...devices].filter((d) => d !== best);
  const name = hint.name;
  const ranked = name
    ? list
        .map((d) => ({ d, score: d.name === undefined ? Infinity : distance(name, d.name) }))
        .sort((a, b) => a.score - b.score || a.d.id - b.d.id)
        .map((x) => x.d)
    : list.sort((a, b) => a.id - b.id);
  return [...(best ? [best] : []), ...ranked].slice(0, DEVICE_CHOICES);
}

/** The device a stale reference most likely meant: same MSISDN, else the closest name. */
export function closestDevice(
  devices: Iterable<DeviceInfo>,
  hint: { name?: string; msisdn?: string },
): DeviceInfo | undefined {
  const list = [...devices];
  if (hint.msisdn) {
    const digits = hint.msisdn.replace(/\D/g, '');
    const same = list.find((d) => d.msisdn && d.msisdn.replace(/\D/g, '') === digits);
    if (same) return same;
  }
  if (hint.name) {
    const byName = new Map(list.filter((d) => d.name).map((d) => [d.name!, d]));
    const name = closest(hint.name, byName.keys());
    if (name) return byName.get(name);
  }
  return undefined;
}

/** Trace filter items: the device must exist, and names copied into the file must still match. */
function deviceItems(tc: TestCaseAt, field: string, data: ReferenceSnapshot): Finding[] {
  const out: Finding[] = [];
  for (const item of itemsOf(tc, field)) {
    const id = exactInt(item.value['mobileDeviceId']);
    if (id === undefined) continue;
    const storedName = exactStr(item.value['mobileDeviceName']);
    const storedMsisdn = exactStr(item.value['msisdn']);
    const device = data.devices.get(id);
    if (!device && data.unverified?.devices.has(id)) {
      out.push(notVerified([...item.path, 'mobileDeviceId'], `Mobile device ${id}`, data));
      continue;
    }
    if (!device) {
      out.push(unknownDevice([...item.path, 'mobileDeviceId'], id, data, { name: storedName, msisdn: storedMsisdn }));
      continue;
    }
    if (storedName !== undefined && device.name !== undefined && storedName !== device.name) {
      out.push({
        path: [...item.path, 'mobileDeviceName'],
        on: 'value',
        message: `Device ${id} is now named '${device.name}' on the service.`,
        code: DiagnosticCode.staleDeviceName,
        severity: Severity.Warning,
        data: { replacement: device.name },
      });
    }
    if (storedMsisdn !== undefined && device.msisdn !== undefined && storedMsisdn !== device.msisdn) {
      out.push({
        path: [...item.path, 'msisdn'],
        on: 'value',
        message: `Device ${id} now has MSISDN ${device.msisdn} on the service.`,
        code: DiagnosticCode.staleMsisdn,
        severity: Severity.Warning,
        data: { replacement: device.msisdn },
      });
    }
  }
  return out;
}

/**
 * The test case's own id and name against the service's test cases. The file's `id` belongs to
 * one environment (its home in the sync state): elsewhere only the stored link counts.
 */
function identity(
  tc: TestCaseAt,
  data: ReferenceSnapshot,
  link: { id?: number; fileIdHere: boolean } = { fileIdHere: true },
): Finding[] {
  if (!data.testCases) return [];
  const out: Finding[] = [];
  const fileId = link.fileIdHere ? exactInt(tc.value['id']) : undefined;
  const id = link.id ?? fileId;
  const name = exactStr(tc.value['name']);
  // The linked id (.tas/sync.json) is checked as the file's own: a case deleted on the service leaves either pointing at nothing.
  if (id !== undefined && !data.testCases.has(id) && !data.unverified?.testCases.has(id)) {
    out.push({
      path: [...tc.path, fileId !== undefined || name === undefined ? 'id' : 'name'],
      on: 'value',
      message: `Test case ${id} no longer exists on the service; this file is not linked to anything there.`,
      code: DiagnosticCode.unlinkedId,
      severity: Severity.Warning,
    });
  }
  // A file of another environment, not linked here, is matched by this name on import: no clash.
  if (name !== undefined && (link.fileIdHere || link.id !== undefined)) {
    const otherId = namesOf(data.testCases)
      .get(name)
      ?.find((other) => other !== id);
    if (otherId !== undefined) {
      out.push({
        path: [...tc.path, 'name'],
        on: 'value',
        message: `Test case ${otherId} on the service already has the name '${name}'; names must be unique.`,
        code: DiagnosticCode.nameTaken,
        severity: Severity.Warning,
        data: { otherId },
      });
    }
  }
  return out;
}

/** Test case ids by name, once per list: a run checks every file against the same list. */
const nameIndexes = new WeakMap<Map<number, string>, Map<string, number[]>>();

function namesOf(testCases: Map<number, string>): Map<string, number[]> {
  let index = nameIndexes.get(testCases);
  if (!index) {
    index = new Map();
    for (const [id, name] of testCases) {
      const ids = index.get(name);
      if (ids) ids.push(id);
      else index.set(name, [id]);
    }
    nameIndexes.set(testCases, index);
  }
  return index;
}

/** Device records in a bundle: their test node and device model must exist. */
function bundleDevices(value: unknown, data: ReferenceSnapshot): Finding[] {
  if (!Array.isArray(value)) return [];
  const checks = [
    {
      field: 'testNodeId',
      known: data.testNodes,
      unsure: (id: number) => data.unverified?.testNodes.has(id) === true,
      label: 'Test node',
      code: DiagnosticCode.unknownTestNode,
    },
    // The interface reads no single device model: only a cut list leaves one unsure.
    {
      field: 'deviceModelId',
      known: data.deviceModels,
      unsure: () => data.deviceModelsCut === true,
      label: 'Device model',
      code: DiagnosticCode.unknownDeviceModel,
    },
  ] as const;
  const out: Finding[] = [];
  value.forEach((tc, i) => {
    if (!isRecord(tc) || !Array.isArray(tc['devices'])) return;
    (tc['devices'] as unknown[]).forEach((d, k) => {
      if (!isRecord(d)) return;
      for (const c of checks) {
        const id = exactInt(d[c.field]);
        if (id === undefined || !c.known || c.known.has(id)) continue;
        if (c.unsure(id)) {
          out.push(notVerified([i, 'devices', k, c.field], `${c.label} ${id}`, data));
          continue;
        }
        out.push({
          path: [i, 'devices', k, c.field],
          on: 'value',
          message: `${c.label} ${id} does not exist on the service.`,
          code: c.code,
          severity: Severity.Error,
        });
      }
    });
  });
  return out;
}

/** A reference the list lacked and its own record could not settle: a note, never an error. */
function notVerified(path: Path, what: string, data: ReferenceSnapshot): Finding {
  const why = data.unverified?.reason ? ` (${data.unverified.reason.replace(/\.$/, '')})` : '';
  return {
    path,
    on: 'value',
    message: `${what} is not in the service's list and its own record could not be read${why}: not verified.`,
    code: DiagnosticCode.notVerified,
    severity: Severity.Information,
  };
}

/**
 * The ids a document names that the checks look up, added to `into`: devices, trace filters,
 * test nodes of bundle devices, the test cases' own ids where the identity check reads them, and
 * the devices whose stored MSISDN is compared.
 */
export function referencedIds(kind: FileKind, value: unknown, linkOf?: LinkOf, into?: Wanted): Wanted {
  const w: Wanted = into ?? {
    devices: new Set(),
    traceFilters: new Set(),
    testCases: new Set(),
    testNodes: new Set(),
    msisdn: new Set(),
  };
  const add = (set: Set<number>, v: unknown) => {
    const id = exactInt(v);
    if (id !== undefined) set.add(id);
  };
  for (const tc of testCasesIn(kind, value)) {
    for (const field of ['traceFilters', 'sipTraceFilters']) {
      for (const item of itemsOf(tc, field)) {
        add(w.devices, item.value['mobileDeviceId']);
        if (field === 'traceFilters') add(w.traceFilters, item.value['traceFilterId']);
        if (exactStr(item.value['msisdn']) !== undefined) add(w.msisdn, item.value['mobileDeviceId']);
      }
    }
    for (const step of itemsOf(tc, 'testStepList')) add(w.devices, step.value['mobileDeviceId']);
    const link = linkOf?.(typeof tc.path[0] === 'number' ? tc.path[0] : undefined) ?? { fileIdHere: true };
    // The linked id is checked like the file's own (identity): a list without it is confirmed by its record too.
    if (link.id !== undefined) w.testCases.add(link.id);
    else if (link.fileIdHere) add(w.testCases, tc.value['id']);
  }
  if (kind === 'bundle' && Array.isArray(value)) {
    for (const tc of value) {
      if (!isRecord(tc) || !Array.isArray(tc['devices'])) continue;
      for (const d of tc['devices'] as unknown[]) if (isRecord(d)) add(w.testNodes, d['testNodeId']);
    }
  }
  return w;
}
