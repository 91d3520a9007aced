// Positions, ranges, diagnostics and the editing answers the core produces, shaped exactly as
// the Language Server Protocol shapes them so the language-server host passes them through
// unchanged; declared here so the core needs no LSP library and `tas` none at all.

/** Zero-based line and UTF-16 column. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

function createRange(start: Position, end: Position): Range;
function createRange(startLine: number, startCharacter: number, endLine: number, endCharacter: number): Range;
function createRange(a: Position | number, b: Position | number, c?: number, d?: number): Range {
  if (typeof a === 'number' && typeof b === 'number')
    return { start: { line: a, character: b }, end: { line: c ?? a, character: d ?? b } };
  return { start: a as Position, end: b as Position };
}

export const Range = { create: createRange };

export const DiagnosticSeverity = { Error: 1, Warning: 2, Information: 3, Hint: 4 } as const;
export type DiagnosticSeverity = 1 | 2 | 3 | 4;

export interface Diagnostic {
  range: Range;
  severity?: DiagnosticSeverity;
  code?: number | string;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  tags?: (1 | 2)[];
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
  data?: unknown;
}

/** A diagnostic as a client sends it back (code actions): LSP 3.18 lets its message be markup. */
export interface ClientDiagnostic extends Omit<Diagnostic, 'message'> {
  message: string | MarkupContent;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export const TextEdit = {
  replace: (range: Range, newText: string): TextEdit => ({ range, newText }),
  insert: (position: Position, newText: string): TextEdit => ({ range: { start: position, end: position }, newText }),
  del: (range: Range): TextEdit => ({ range, newText: '' }),
};

export const MarkupKind = { PlainText: 'plaintext', Markdown: 'markdown' } as const;
export type MarkupKind = 'plaintext' | 'markdown';

export interface MarkupContent {
  kind: MarkupKind;
  value: string;
}

export interface Hover {
  contents: MarkupContent;
  range?: Range;
}

export const CodeActionKind = { QuickFix: 'quickfix', SourceFixAll: 'source.fixAll' } as const;

export interface WorkspaceEdit {
  changes?: { [uri: string]: TextEdit[] };
}

export interface CodeAction {
  title: string;
  kind?: string;
  diagnostics?: ClientDiagnostic[];
  isPreferred?: boolean;
  edit?: WorkspaceEdit;
  /** A command the editor runs when the action is picked (an extension command, with its arguments). */
  command?: { title: string; command: string; arguments?: unknown[] };
  data?: unknown;
}

export interface DocumentLink {
  range: Range;
  target?: string;
  tooltip?: string;
  data?: unknown;
}

/** The LSP's completion item kinds the core uses, with the protocol's numbers. */
export const CompletionItemKind = { Value: 12, Property: 10, Reference: 18, Snippet: 15, Function: 3 } as const;
export type CompletionItemKind = (typeof CompletionItemKind)[keyof typeof CompletionItemKind];

export const InsertTextFormat = { PlainText: 1, Snippet: 2 } as const;
export type InsertTextFormat = 1 | 2;

export interface CompletionItem {
  label: string;
  labelDetails?: { detail?: string; description?: string };
  kind?: CompletionItemKind;
  detail?: string;
  documentation?: string | MarkupContent;
  sortText?: string;
  filterText?: string;
  insertText?: string;
  insertTextFormat?: InsertTextFormat;
  textEdit?: TextEdit;
  data?: unknown;
}
