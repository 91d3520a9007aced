// The answers of the editing and navigation features (formatting options, folding, selection,
// symbols, locations, inlay hints), shaped exactly as the Language Server Protocol shapes them,
// like the rest of ./shapes.ts.
import type { Range } from './shapes';

export interface FoldingRange {
  startLine: number;
  endLine: number;
  startCharacter?: number;
  endCharacter?: number;
  kind?: 'comment' | 'imports' | 'region';
}

export interface SelectionRange {
  range: Range;
  parent?: SelectionRange;
}

/** The LSP's symbol kinds the core uses, with the protocol's numbers. */
export const SymbolKind = {
  File: 1,
  Class: 5,
  Field: 8,
  Function: 12,
  Array: 18,
  Object: 19,
  Event: 24,
  Struct: 23,
} as const;
export type SymbolKind = (typeof SymbolKind)[keyof typeof SymbolKind];

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}

export interface Location {
  uri: string;
  range: Range;
}

export interface SymbolInformation {
  name: string;
  kind: SymbolKind;
  location: Location;
  containerName?: string;
}

export interface InlayHint {
  position: { line: number; character: number };
  label: string;
  kind?: 1 | 2;
  tooltip?: string;
  paddingLeft?: boolean;
  paddingRight?: boolean;
}
