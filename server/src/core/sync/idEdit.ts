import { applyEdits, modify, type Edit, type JSONPath } from 'jsonc-parser';
import type { TextEditLike } from './types';

// Writing a new id back into a file: only the `id` member changes (inserted as the first member
// when missing), in the file's own indentation and line ends; everything else stays byte for byte.

function formatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The edits that set `id` in a test-case file (`index` absent) or a bundle item. */
export function idEdits(text: string, id: number, index?: number): Edit[] {
  const path: JSONPath = index === undefined ? ['id'] : [index, 'id'];
  return modify(text, path, id, { formattingOptions: formatting(text), getInsertionIndex: () => 0 });
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
  return edits.map((e) => ({ range: { start: position(e.offset), end: position(e.offset + e.length) }, newText: e.content }));
}
