import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  Command,
  CompletionItem,
  Diagnostic,
  Hover,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';

// Helpers of the language-feature tests at the LSP boundary (completion, hover, code actions,
// links and the custom requests): expected values come from the emulator's store and the schema
// file, not from the server, so the two cannot agree on a mistake.

export const schema = JSON.parse(readFileSync(resolve(__dirname, '../../../schemas/testcase.schema.json'), 'utf8'));
export const credentials = (emu: Emulator) => ({
  TAS_BASE_URL: emu.url,
  TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
  TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
});

export const byCode = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);
export const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
export const at = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
export const markdown = (h: Hover | null): string => {
  assert.ok(h, 'a hover');
  const c = h.contents;
  assert.ok(typeof c === 'object' && 'kind' in c && c.kind === 'markdown', JSON.stringify(c));
  return c.value;
};
/** The position just after the first occurrence of `needle` (or at its start). */
export function pos(text: string, needle: string, where: 'after' | 'start' = 'after'): Position {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `'${needle}' is in the text`);
  return TextDocument.create('file:///x', 'json', 0, text).positionAt(where === 'after' ? i + needle.length : i);
}
/** The range of the first occurrence of `needle`. */
export function rangeOf(text: string, needle: string): string {
  const d = TextDocument.create('file:///x', 'json', 0, text);
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `'${needle}' is in the text`);
  return at({ start: d.positionAt(i), end: d.positionAt(i + needle.length) });
}
/** The text after applying a code action's edits for `uri`. */
export function applyAction(uri: string, text: string, action: CodeAction | Command): string {
  assert.ok('edit' in action && action.edit?.changes, JSON.stringify(action));
  const edits: TextEdit[] = action.edit.changes[uri] ?? [];
  assert.ok(edits.length > 0, 'the action edits this document');
  return TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, text), edits);
}
export const sorted = (items: CompletionItem[]) =>
  [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
