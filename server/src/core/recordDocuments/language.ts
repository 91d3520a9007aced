import { getLocation, parseTree, findNodeAtLocation, findNodeAtOffset, type Node } from 'jsonc-parser';
import {
  CompletionItemKind,
  MarkupKind,
  Range,
  TextEdit,
  type CompletionItem,
  type Diagnostic,
  type Hover,
  type Position,
} from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import type { NamedInfo } from '../liveChecks/referenceData';
import type { Loose } from '../api/types';
import { parseJson, toDiagnostics, boundDepth } from '../jsonText';
import type { RecordDocumentKind } from '../model/entityKinds';
import { fieldOf, RECORD_FIELDS, type FieldSpec, type RefList, sentOn } from './fields';
import { META, metaOf } from './document';
import { recordFindings, recordReferenceFindings, type RecordRefSource } from './check';

// Completion, hover and diagnostics of record documents: field names from the kind's table,
// ids of test nodes, device models and test cases from the service's lists, and the checks of
// check.ts placed on the text.

/** The lists completion and hover name ids from; a list left out could not be had. */
export interface RecordLists {
  testNodes?: Map<number, NamedInfo>;
  deviceModels?: Map<number, NamedInfo>;
  testCases?: Map<number, string>;
}

const REF_NAMES: Record<RefList, string> = {
  testNode: 'Test node',
  deviceModel: 'Device model',
  testCase: 'Test case',
};

/** The id field at a JSON path: `testNodeId`, or `testCaseIds[i].id`. */
function refAt(kind: RecordDocumentKind, path: readonly (string | number)[]): FieldSpec | undefined {
  const f = typeof path[0] === 'string' ? fieldOf(kind, path[0]) : undefined;
  if (!f?.ref) return undefined;
  if (f.type === 'int' && path.length === 1) return f;
  if (f.type === 'refList' && path.length === 3 && path[2] === 'id') return f;
  return undefined;
}

function namesOf(ref: RefList, lists: RecordLists): [number, string | undefined][] {
  if (ref === 'testCase') return [...(lists.testCases ?? new Map<number, string>())];
  const m = ref === 'testNode' ? lists.testNodes : lists.deviceModels;
  return [...(m ?? new Map<number, NamedInfo>()).values()].map((x) => [x.id, x.name]);
}

/** The text the JSON parser's recursive walks may read: values nested too deeply blanked, offsets kept. */
const parsable = (doc: TextDocument): string => boundDepth(doc.getText()).text;

function kindOf(text: string): RecordDocumentKind | undefined {
  try {
    return metaOf(JSON.parse(text))?.kind;
  } catch {
    // Half-typed: the `$record` member is read on its own.
    const m = /"\$record"\s*:\s*\{[^}]*"kind"\s*:\s*"(\w+)"/.exec(text);
    return m ? metaOf({ [META]: { kind: m[1] } })?.kind : undefined;
  }
}

/** The lists a position needs (so a host reads only those). */
export function recordCompletionNeeds(doc: TextDocument, position: Position): RefList | undefined {
  const text = parsable(doc);
  const kind = kindOf(text);
  return kind ? refAt(kind, getLocation(text, doc.offsetAt(position)).path)?.ref : undefined;
}

export function completeRecord(doc: TextDocument, position: Position, lists: RecordLists): CompletionItem[] {
  const text = parsable(doc);
  const kind = kindOf(text);
  if (!kind) return [];
  const loc = getLocation(text, doc.offsetAt(position));
  if (loc.isAtPropertyKey && loc.path.length === 1) {
    let present: Set<string> = new Set();
    let create = false;
    try {
      const v = JSON.parse(text) as Loose;
      present = new Set(Object.keys(v));
      create = metaOf(v)?.id === undefined;
    } catch {
      // half-typed: offer every field
    }
    return RECORD_FIELDS[kind]
      .filter((f) => sentOn(f, create ? 'create' : 'update') && !present.has(f.name))
      .map((f) => ({ label: f.name, kind: CompletionItemKind.Property, detail: f.type, documentation: f.about }));
  }
  const f = refAt(kind, loc.path);
  if (!f?.ref || loc.isAtPropertyKey) return [];
  // As in test-case files: each record by its name, its id beside it, and the id replaces the
  // whole value under the cursor. The editor filters by the text before the cursor: starting
  // with the id held keeps every record offered when asked on it (Ctrl+Space on `1`).
  const offset = doc.offsetAt(position);
  const root = parseTree(text);
  const at = root && findNodeAtOffset(root, offset, true);
  const held = at && at.type === 'number' ? text.slice(at.offset, offset) : '';
  const range =
    at && at.type === 'number'
      ? Range.create(doc.positionAt(at.offset), doc.positionAt(at.offset + at.length))
      : Range.create(position, position);
  return namesOf(f.ref, lists).map(([id, name]) => ({
    label: name ?? `${REF_NAMES[f.ref!]} ${id}`,
    kind: CompletionItemKind.Reference,
    labelDetails: { description: `id ${id}` },
    filterText: `${held && `${held} `}${id} ${name ?? ''}`,
    sortText: String(id).padStart(9, '0'),
    textEdit: TextEdit.replace(range, String(id)),
  }));
}

/** An id's record in words: its name when the service's list has it. */
function named(ref: RefList, id: number, lists: RecordLists): string {
  const name = namesOf(ref, lists).find(([x]) => x === id)?.[1];
  return name !== undefined
    ? `${REF_NAMES[ref]} **${name}** (id ${id})`
    : `${REF_NAMES[ref]} ${id}: not in the service's list`;
}

/** The ref id under the cursor, for a host that reads the one list it needs. */
export function recordHoverNeeds(doc: TextDocument, position: Position): RefList | undefined {
  return recordCompletionNeeds(doc, position);
}

export function hoverRecord(doc: TextDocument, position: Position, lists: RecordLists): Hover | undefined {
  const text = parsable(doc);
  const kind = kindOf(text);
  if (!kind) return undefined;
  const offset = doc.offsetAt(position);
  const loc = getLocation(text, offset);
  const root = parseTree(text);
  const node: Node | undefined = root && findNodeAtLocation(root, [...loc.path]);
  const range = node ? Range.create(doc.positionAt(node.offset), doc.positionAt(node.offset + node.length)) : undefined;
  const f = refAt(kind, loc.path);
  if (f?.ref && !loc.isAtPropertyKey && typeof node?.value === 'number') {
    return { contents: { kind: MarkupKind.Markdown, value: named(f.ref, node.value, lists) }, ...(range && { range }) };
  }
  const field = typeof loc.path[0] === 'string' && loc.path.length === 1 ? fieldOf(kind, loc.path[0]) : undefined;
  if (!field) return undefined;
  const sent =
    field.sent === 'never'
      ? 'Set by the service: read-only, never sent.'
      : field.sent === 'both'
        ? 'Sent on create and update.'
        : `Sent on ${field.sent} only.`;
  // On an id's key (`testNodeId`), the record it names too.
  const held = f?.ref && typeof node?.value === 'number' ? node.value : undefined;
  const record = held !== undefined && f?.ref ? `\n\n${named(f.ref, held, lists)}` : '';
  return {
    contents: {
      kind: MarkupKind.Markdown,
      value: `**${field.name}** (${field.type}): ${field.about}\n\n${sent}${record}`,
    },
    ...(range && { range }),
  };
}

/** Where a save's refusal belongs: the key of the field it names (`$record` included), else the start. */
export function recordFieldPosition(doc: TextDocument, field: string | undefined): Position {
  const root = field === undefined ? undefined : parseTree(parsable(doc));
  const key = root && findNodeAtLocation(root, [field!])?.parent?.children?.[0];
  return doc.positionAt(key?.offset ?? 0);
}

/** The document's diagnostics: syntax, then the table's checks, then ids the service lacks. */
export async function recordDiagnostics(
  doc: TextDocument,
  expected: RecordDocumentKind | undefined,
  base: Loose | undefined,
  source: RecordRefSource | undefined,
): Promise<Diagnostic[]> {
  const parsed = parseJson(doc);
  if (!parsed.ok) return parsed.diagnostics;
  const findings = recordFindings(parsed.value, expected, base);
  if (source) findings.push(...(await recordReferenceFindings(parsed.value, source)));
  return toDiagnostics(doc, findings);
}
