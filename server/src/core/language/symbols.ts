import { findNodeAtLocation, getNodeValue, parseTree, type Node } from 'jsonc-parser';
import type { TextDocument } from '../text/textDocument';
import type { Position, Range } from '../text/shapes';
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from '../text/editingShapes';
import type { FileKind } from '../document/fileKind';
import { locateEach, type JsonPath, type Located, boundDepth } from '../jsonText';
import { exactInt, exactStr, isRecord } from '../base/read';
import { testCasesIn, type Obj, type TestCaseAt } from '../document/testCaseModel';

// The outline of a test-case file: each test case by name; under it its steps, named by
// position, function and device (`3 CALL · Alice's Pixel`), its trace filters and SIP trace
// filters by device and filter, and in a bundle the device and API client records. Names come
// from the service's lists when the host has them, else from what the file itself stores.
// A valid text is read with JSON.parse and one pass of the locator over the paths shown; a
// half-typed one with jsonc-parser's tolerant tree.

export interface SymbolNames {
  devices?: ReadonlyMap<number, { name?: string }>;
  traceFilters?: ReadonlyMap<number, { name?: string }>;
  apiClients?: ReadonlyMap<number, { name?: string }>;
}

/** A test case's part: its name, one of its lists, an item of it, or that item's naming member. */
type At = (k: number, tc: TestCaseAt, part?: 'name' | ListName, item?: number, naming?: boolean) => Located | undefined;

interface Read {
  value: unknown;
  /** Where the `k`th test case (in `testCasesIn` order) or one of its parts is. */
  at: At;
}

export function documentSymbols(doc: TextDocument, kind: FileKind, names: SymbolNames = {}): DocumentSymbol[] {
  const r = read(doc.getText(), kind);
  if (!r) return [];
  // The locating pass counted the lines of what it found (a 1 MB text's line offsets cost as
  // much as the whole outline); a half-typed text's nodes are placed by the document.
  const range: ToRange = (s, from, to) => ({
    start: from ?? doc.positionAt(s.start),
    end: to ?? doc.positionAt(s.end),
  });
  return testCasesIn(kind, r.value).flatMap((tc, k) => {
    const whole = r.at(k, tc);
    return whole ? [testCaseSymbol(k, tc, whole, r, range, names)] : [];
  });
}

function read(original: string, kind: FileKind): Read | undefined {
  const text = boundDepth(original).text;
  try {
    const value = JSON.parse(text) as unknown;
    // One pass over the text for every place the outline shows; each part is then found by its
    // number in that pass, with no path built or looked up again (5,000 steps would make 10,000).
    const { paths, slots } = pathsOf(kind, value);
    const found = locateEach(text, paths);
    const place = (n: number | undefined) => (n === undefined || n < 0 ? undefined : found[n]);
    return {
      value,
      at: (k, _tc, part, item, naming) => {
        const s = slots[k];
        if (!s) return undefined;
        if (part === undefined) return place(s.whole);
        if (part === 'name') return place(s.name);
        const l = s.lists.get(part);
        if (!l) return undefined;
        if (item === undefined) return place(l.at);
        return place(naming ? l.keys[item] : l.items[item]);
      },
    };
  } catch {
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
    if (!root) return undefined;
    return {
      value: getNodeValue(root) as unknown,
      at: (_k, tc, part, item, naming) => {
        const path: (string | number)[] = [...tc.path];
        if (part !== undefined) path.push(part);
        if (item !== undefined) path.push(item);
        if (naming && part !== undefined && part !== 'name') path.push(ITEM_KEY[part]);
        return locatedNode(findNodeAtLocation(root, path));
      },
    };
  }
}

/** Where a test case's parts are in the list of paths located (-1: a member the item lacks). */
interface CaseSlots {
  whole: number;
  name: number;
  lists: Map<ListName, { at: number; items: number[]; keys: number[] }>;
}

function locatedNode(node: Node | undefined): Located | undefined {
  if (!node) return undefined;
  const value = { start: node.offset, end: node.offset + node.length };
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return key && key !== node ? { value, key: { start: key.offset, end: key.offset + key.length } } : { value };
}

const LISTS = ['testStepList', 'traceFilters', 'sipTraceFilters', 'devices', 'apiClients'] as const;
type ListName = (typeof LISTS)[number];
/** The member of each list item that names it in the outline (its selection). */
const ITEM_KEY: Record<ListName, string> = {
  testStepList: 'function',
  traceFilters: 'traceFilterId',
  sipTraceFilters: 'sipMessageCodes',
  devices: 'name',
  apiClients: 'name',
};

/** Where the outline's names and spans are: each test case, its name, its lists, their items and each item's naming member. */
function pathsOf(kind: FileKind, value: unknown): { paths: JsonPath[]; slots: CaseSlots[] } {
  const paths: JsonPath[] = [];
  const slots: CaseSlots[] = [];
  for (const tc of testCasesIn(kind, value)) {
    const slot: CaseSlots = { whole: paths.length, name: paths.length + 1, lists: new Map() };
    slots.push(slot);
    paths.push(tc.path, [...tc.path, 'name']);
    for (const list of LISTS) {
      const items = tc.value[list];
      if (!Array.isArray(items)) continue;
      const at = { at: paths.length, items: new Array<number>(items.length), keys: new Array<number>(items.length) };
      slot.lists.set(list, at);
      paths.push([...tc.path, list]);
      items.forEach((item, i) => {
        at.items[i] = paths.length;
        paths.push([...tc.path, list, i]);
        const named = isRecord(item) && item[ITEM_KEY[list]] !== undefined;
        at.keys[i] = named ? paths.length : -1;
        if (named) paths.push([...tc.path, list, i, ITEM_KEY[list]]);
      });
    }
  }
  return { paths, slots };
}

type ToRange = (s: { start: number; end: number }, from?: Position, to?: Position) => Range;

function testCaseSymbol(
  k: number,
  tc: TestCaseAt,
  whole: Located,
  r: Read,
  range: ToRange,
  names: SymbolNames,
): DocumentSymbol {
  const name = exactStr(tc.value['name']);
  const id = exactInt(tc.value['id']);
  const nameAt = r.at(k, tc, 'name');
  const deviceName = deviceNames(tc.value, names);
  const children: DocumentSymbol[] = [];
  const group = (
    list: ListName,
    title: string,
    kind: SymbolKind,
    item: (v: Obj, i: number) => { name: string; detail?: string },
  ) => {
    const items = tc.value[list];
    const at = r.at(k, tc, list);
    if (!Array.isArray(items) || !at) return;
    const itemSymbols = items.flatMap((v, i) => {
      const itemAt = r.at(k, tc, list, i);
      if (!itemAt) return [];
      const label = isRecord(v) ? item(v, i) : { name: `${i + 1}` };
      const keyAt = r.at(k, tc, list, i, true);
      return [symbol(label.name, label.detail, kind, valueOf(itemAt), keyAt ? valueOf(keyAt) : valueOf(itemAt), range)];
    });
    const key = keyOf(at);
    const span: Placed = {
      start: key?.start ?? at.value.start,
      end: at.value.end,
      from: key ? key.from : at.valueAt,
      to: at.endAt,
    };
    children.push({
      ...symbol(title, `${items.length}`, SymbolKind.Array, span, key ?? valueOf(at), range),
      children: itemSymbols,
    });
  };
  group('testStepList', 'Steps', SymbolKind.Function, (step, i) => {
    const fn = exactStr(step['function']);
    const device = exactInt(step['mobileDeviceId']);
    return {
      name: `${i + 1} ${fn === undefined || fn === '' ? '(no function)' : fn}${device === undefined ? '' : ` · ${deviceName(device)}`}`,
      detail: exactStr(step['description']),
    };
  });
  group('traceFilters', 'Trace filters', SymbolKind.Event, (item, i) => {
    const device = exactInt(item['mobileDeviceId']);
    const filter = exactInt(item['traceFilterId']);
    const filterName =
      filter === undefined ? undefined : (names.traceFilters?.get(filter)?.name ?? `trace filter ${filter}`);
    return {
      name:
        [device === undefined ? undefined : deviceName(device), filterName].filter(Boolean).join(' · ') || `${i + 1}`,
    };
  });
  group('sipTraceFilters', 'SIP trace filters', SymbolKind.Event, (item, i) => {
    const device = exactInt(item['mobileDeviceId']);
    const codes = exactStr(item['sipMessageCodes']);
    return {
      name:
        [device === undefined ? undefined : deviceName(device), codes === undefined ? undefined : `SIP ${codes}`]
          .filter(Boolean)
          .join(' · ') || `${i + 1}`,
    };
  });
  group('devices', 'Devices', SymbolKind.Struct, (d, i) => {
    const id = exactInt(d['id']);
    return {
      name: exactStr(d['name']) ?? (id === undefined ? `${i + 1}` : `device ${id}`),
      detail: exactStr(d['msisdn']),
    };
  });
  group('apiClients', 'API clients', SymbolKind.Struct, (a, i) => {
    const id = exactInt(a['id']);
    const method = exactStr(a['httpMethod']);
    const url = exactStr(a['serverURL']);
    return {
      name: exactStr(a['name']) ?? (id === undefined ? `${i + 1}` : `API client ${id}`),
      detail: [method, url].filter(Boolean).join(' ') || undefined,
    };
  });
  const title = name === undefined || name === '' ? '(unnamed test case)' : name;
  return {
    ...symbol(
      title,
      id === undefined ? 'test case' : `test case ${id}`,
      SymbolKind.Class,
      valueOf(whole),
      valueOf(nameAt ?? whole),
      range,
    ),
    children,
  };
}

/** A span with its ends' positions when the locating pass knows them. */
interface Placed {
  start: number;
  end: number;
  from?: Position;
  to?: Position;
}

const valueOf = (l: Located): Placed => ({ start: l.value.start, end: l.value.end, from: l.valueAt, to: l.endAt });

/** A key is on one line: its end is its start moved by its length. */
const keyOf = (l: Located): Placed | undefined =>
  l.key && {
    start: l.key.start,
    end: l.key.end,
    from: l.keyAt,
    to: l.keyAt && { line: l.keyAt.line, character: l.keyAt.character + (l.key.end - l.key.start) },
  };

function symbol(
  name: string,
  detail: string | undefined,
  kind: SymbolKind,
  span: Placed,
  selection: Placed,
  range: ToRange,
): DocumentSymbol {
  // Clients reject a selection outside the range; the name of an item is always inside it.
  return {
    name,
    ...(detail !== undefined && detail !== '' && { detail }),
    kind,
    range: range(span, span.from, span.to),
    selectionRange: range(selection, selection.from, selection.to),
  };
}

/** A device's name: the service's, else the bundle's record, else the name a trace filter item stores. */
function deviceNames(tc: Obj, names: SymbolNames): (id: number) => string {
  const stored = new Map<number, string>();
  for (const list of ['devices', 'traceFilters', 'sipTraceFilters']) {
    const items = tc[list];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (!isRecord(item)) continue;
      const id = exactInt(list === 'devices' ? item['id'] : item['mobileDeviceId']);
      const name = exactStr(list === 'devices' ? item['name'] : item['mobileDeviceName']);
      if (id !== undefined && name && !stored.has(id)) stored.set(id, name);
    }
  }
  return (id) => names.devices?.get(id)?.name ?? stored.get(id) ?? `device ${id}`;
}

/** The outline as a flat list, for clients without hierarchical document symbols. */
export function flatSymbols(uri: string, symbols: DocumentSymbol[], container?: string): SymbolInformation[] {
  return symbols.flatMap((s) => [
    {
      name: s.name,
      kind: s.kind,
      location: { uri, range: s.range },
      ...(container !== undefined && { containerName: container }),
    },
    ...flatSymbols(uri, s.children ?? [], s.name),
  ]);
}
