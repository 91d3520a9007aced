import { applyEdits, parseTree, type Edit, type Node } from 'jsonc-parser';
import type { TextEditLike } from './types';

// Edits into a user's test-case file that change only what they say: a new id written back (the
// `id` value replaced, or the member inserted as the object's first, in the object's own layout:
// one line, minified, CRLF, tabs), or one bundle item replaced by the service's version. Every
// other byte stays as it was, the final newline (or its absence) included. Nothing is reformatted.

/** The object a test-case file's `id` lives in: the file's top object, or bundle item `index`. */
function caseObject(text: string, index?: number): Node | undefined {
  const root = parseTree(text);
  const target = index === undefined ? root : root?.type === 'array' ? root.children?.[index] : undefined;
  return target?.type === 'object' ? target : undefined;
}

/**
 * What goes after the inserted first member: the line break and indentation before the current
 * first member when it has its own line, else the separator between the first two members when
 * they share one, else a comma (and a space when the file writes `": "`).
 */
function separatorAfterId(text: string, object: Node, colon: string): string {
  const [first, second] = object.children ?? [];
  const lineBreak = first && /(\r?\n[ \t]*)$/.exec(text.slice(object.offset + 1, first.offset));
  if (lineBreak) return `,${lineBreak[1]!}`;
  const between = first && second ? text.slice(first.offset + first.length, second.offset) : undefined;
  if (between !== undefined && !between.includes('\n')) return between;
  return colon.endsWith(' ') ? ', ' : ',';
}

/** The edits that set `id` in a test-case file (`index` absent) or a bundle item; none when it holds that id already. */
export function idEdits(text: string, id: number, index?: number): Edit[] {
  const object = caseObject(text, index);
  if (!object) return [];
  const members = object.children ?? [];
  // JSON.parse keeps the last of two `id` members: that one is the file's id.
  const existing = members.filter((m) => m.children?.[0]?.value === 'id').pop()?.children?.[1];
  if (existing)
    return existing.type === 'number' && existing.value === id
      ? []
      : [{ offset: existing.offset, length: existing.length, content: String(id) }];
  const first = members[0];
  const [key, value] = first?.children ?? [];
  if (!first || !key || !value) return [{ offset: object.offset + 1, length: 0, content: `"id": ${id}` }];
  const colon = text.slice(key.offset + key.length, value.offset);
  // Just before the first member, which keeps its place: `"id": 7` and the file's own separator.
  return [{ offset: first.offset, length: 0, content: `"id"${colon}${id}${separatorAfterId(text, object, colon)}` }];
}

function indentUnit(text: string): string {
  return /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
}

/** The edit that replaces bundle item `index` by `value`, laid out as the file lays out its items; none when there is no such item. */
export function itemEdits(text: string, index: number, value: unknown): Edit[] {
  const root = parseTree(text);
  const item = root?.type === 'array' ? root.children?.[index] : undefined;
  if (!item) return [];
  const old = text.slice(item.offset, item.offset + item.length);
  if (!/\n/.test(old)) return [{ offset: item.offset, length: item.length, content: JSON.stringify(value) }];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lineStart = text.lastIndexOf('\n', item.offset - 1) + 1;
  const lead = /^[ \t]*/.exec(text.slice(lineStart, item.offset))![0];
  const content = JSON.stringify(value, null, indentUnit(text)).split('\n').join(`${eol}${lead}`);
  return [{ offset: item.offset, length: item.length, content }];
}

export function applyIdEdits(text: string, edits: Edit[]): string {
  return applyEdits(text, edits);
}

/** Offsets to LSP positions (UTF-16 code units, as both use). */
export function toTextEdits(text: string, edits: Edit[]): TextEditLike[] {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - lineStarts[lo]! };
  };
  return edits.map((e) => ({
    range: { start: position(e.offset), end: position(e.offset + e.length) },
    newText: e.content,
  }));
}
