import type { TextDocument } from '../text/textDocument';
import { Range, type Position } from '../text/shapes';
import type { FileKind } from '../document/fileKind';
import { locate, pathKey } from '../jsonText';
import { exactInt, exactStr, isRecord } from '../base/read';
import { itemsOf, testCasesIn, type Path } from '../document/testCaseModel';
import { remoteUri } from '../model/files';
import type { ReferenceKind } from '../model/entityKinds';
import { hoverTarget } from './hover';

// Beyond what a JSON editor does with a bare number: inlay hints saying which record an id is
// (a device by name and MSISDN), and Go to Definition from an id to its record: in a bundle, the
// record the export carries in `devices` / `apiClients`; elsewhere, the read-only record view.

/** An inlay hint, shaped as LSP's (the core imports no LSP library). */
export interface InlayHintShape {
  position: Position;
  label: string;
  paddingLeft: boolean;
  /** Offline: when the name was read ("as of 14:02 (service unreachable)"). */
  tooltip?: string;
}

export interface HintNames {
  devices?: ReadonlyMap<number, { name?: string; msisdn?: string }>;
  traceFilters?: ReadonlyMap<number, { name?: string }>;
  apiClients?: ReadonlyMap<number, { name?: string }>;
  /** The service cannot be reached: the names are from the lists last read, "as of 14:02 (service unreachable)". */
  asOf?: string;
}

/** Every reference of the document: where it is, to what kind, which id. */
export function referencesIn(
  kind: FileKind,
  value: unknown,
): { path: Path; kind: ReferenceKind; id: number; testCase: Path }[] {
  const out: { path: Path; kind: ReferenceKind; id: number; testCase: Path }[] = [];
  for (const tc of testCasesIn(kind, value)) {
    for (const field of ['testStepList', 'traceFilters', 'sipTraceFilters']) {
      for (const item of itemsOf(tc, field)) {
        const add = (path: Path, k: ReferenceKind, v: unknown) => {
          const id = exactInt(v);
          if (id !== undefined) out.push({ path, kind: k, id, testCase: tc.path });
        };
        add([...item.path, 'mobileDeviceId'], 'mobileDevice', item.value['mobileDeviceId']);
        add([...item.path, 'traceFilterId'], 'traceFilter', item.value['traceFilterId']);
        const params = item.value['params'];
        if (isRecord(params)) add([...item.path, 'params', 'apiClientId'], 'apiClient', params['apiClientId']);
      }
    }
  }
  return out;
}

function parsed(doc: TextDocument): unknown {
  try {
    return JSON.parse(doc.getText()) as unknown;
  } catch {
    return undefined;
  }
}

export function inlayHints(
  doc: TextDocument,
  kind: FileKind,
  names: HintNames,
  range?: { start: Position; end: Position },
): InlayHintShape[] {
  const value = parsed(doc);
  if (value === undefined) return [];
  const refs = referencesIn(kind, value);
  if (refs.length === 0) return [];
  const located = locate(
    doc.getText(),
    refs.map((r) => r.path),
  );
  const from = range ? doc.offsetAt(range.start) : 0;
  const to = range ? doc.offsetAt(range.end) : Infinity;
  return refs.flatMap((r) => {
    const at = located.get(pathKey(r.path));
    if (!at || at.value.end < from || at.value.start > to) return [];
    const label = hintLabel(r.kind, r.id, names);
    if (!label) return [];
    const position = doc.positionAt(at.value.end);
    // Offline the short mark says the name may be old; the tooltip says since when.
    return names.asOf
      ? [{ position, label: `${label} (${names.asOf.replace(/ \(.*$/, '')})`, paddingLeft: true, tooltip: names.asOf }]
      : [{ position, label, paddingLeft: true }];
  });
}

function hintLabel(kind: ReferenceKind, id: number, names: HintNames): string | undefined {
  if (kind === 'mobileDevice') {
    const d = names.devices?.get(id);
    return d ? [d.name, d.msisdn].filter(Boolean).join(' · ') || undefined : undefined;
  }
  const r = (kind === 'traceFilter' ? names.traceFilters : names.apiClients)?.get(id);
  return exactStr(r?.name);
}

/** Where Go to Definition leads from the position, or undefined when it is on no reference. */
export function definition(
  doc: TextDocument,
  kind: FileKind,
  position: Position,
): { uri: string; range: Range } | undefined {
  const target = hoverTarget(doc, position);
  if (target.kind !== 'mobileDevice' && target.kind !== 'traceFilter' && target.kind !== 'apiClient') return undefined;
  const remote = { uri: remoteUri(target.kind, target.id), range: Range.create(0, 0, 0, 0) };
  const section = target.kind === 'mobileDevice' ? 'devices' : target.kind === 'apiClient' ? 'apiClients' : undefined;
  if (kind !== 'bundle' || !section) return remote;
  const value = parsed(doc);
  const offset = doc.offsetAt(position);
  for (const tc of testCasesIn(kind, value)) {
    // The record of the test case the reference is in.
    const whole = locate(doc.getText(), [tc.path]).get(pathKey(tc.path));
    if (!whole || offset < whole.value.start || offset > whole.value.end) continue;
    const record = itemsOf(tc, section).find((r) => exactInt(r.value['id']) === target.id);
    const at = record && locate(doc.getText(), [record.path]).get(pathKey(record.path));
    if (at) return { uri: doc.uri, range: Range.create(doc.positionAt(at.value.start), doc.positionAt(at.value.end)) };
  }
  return remote;
}
