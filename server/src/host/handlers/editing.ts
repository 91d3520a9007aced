import type { ClientCapabilities, Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../../core';

// Editing parity with the JSON editor, in any LSP client: formatting (whole document and
// range), the outline, folding and expand selection. Thin adapters to the language service.

interface Services {
  language: LanguageService;
  /** The client's capabilities, known once initialize has been answered. */
  capabilities: () => ClientCapabilities;
}

export function registerEditingFeatures(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  s: Services,
): void {
  // Layout needs no kind: every JSON document the server is given (record documents too) is
  // folded and selected like a test-case file, and formatted when asked (the editor asks for
  // test-case files only: its JSON formatter formats record documents, see server.ts).
  connection.onDocumentFormatting(({ textDocument, options }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.format(doc, options) : [];
  });

  connection.onDocumentRangeFormatting(({ textDocument, range, options }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.format(doc, options, range) : [];
  });

  connection.onDocumentSymbol(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    const hierarchical = s.capabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    return doc ? s.language.symbols(doc, hierarchical) : [];
  });

  connection.onFoldingRanges(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    return doc
      ? s.language.foldingRanges(doc, s.capabilities().textDocument?.foldingRange?.rangeLimit ?? Infinity)
      : [];
  });

  connection.onSelectionRanges(({ textDocument, positions }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.selectionRanges(doc, positions) : [];
  });
}
