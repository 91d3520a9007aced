import type { ClientCapabilities, Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { documentSymbols, type EnvironmentState, fileKindOf, flatSymbols, foldingRanges, formatEdits, type ReferenceCache, selectionRanges, type SymbolNames } from '../../core';

// Editing parity with the JSON editor, in any LSP client: formatting (whole document and
// range), the outline, folding and expand selection. Thin adapters to core/language.

interface Services {
  refs: ReferenceCache;
  env: EnvironmentState;
  /** The client's capabilities, known once initialize has been answered. */
  capabilities: () => ClientCapabilities;
}

/** A cached list, or nothing when it cannot be had now: the outline never waits on an error. */
async function optional<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch {
    return undefined;
  }
}

/**
 * The service's names for the outline and the hints: only when signed in, never an error; API
 * clients only when asked for (most files name none, and their list is not loaded for nothing).
 */
export async function serviceNames(s: { refs: ReferenceCache; env: EnvironmentState }, withApiClients = false): Promise<SymbolNames> {
  if (!s.env.current) return {};
  const [devices, traceFilters, apiClients] = await Promise.all([
    optional(() => s.refs.devices()),
    optional(() => s.refs.traceFilters()),
    withApiClients ? optional(() => s.refs.apiClients()) : undefined,
  ]);
  return { devices, traceFilters, apiClients };
}

export function registerEditingFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): void {
  const docOf = (uri: string) => {
    const doc = documents.get(uri);
    const kind = fileKindOf(uri);
    return doc && kind ? { doc, kind } : undefined;
  };

  // Layout needs no kind: every JSON document the server is given (record documents too) is
  // folded and selected like a test-case file, and formatted when asked (the editor asks for
  // test-case files only: its JSON formatter formats record documents, see server.ts).
  connection.onDocumentFormatting(({ textDocument, options }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? formatEdits(doc, options) : [];
  });

  connection.onDocumentRangeFormatting(({ textDocument, range, options }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? formatEdits(doc, options, range) : [];
  });

  connection.onDocumentSymbol(async ({ textDocument }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    const symbols = documentSymbols(d.doc, d.kind, await serviceNames(s));
    const hierarchical = s.capabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    return hierarchical ? symbols : flatSymbols(textDocument.uri, symbols);
  });

  connection.onFoldingRanges(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? foldingRanges(doc, s.capabilities().textDocument?.foldingRange?.rangeLimit ?? Infinity) : [];
  });

  connection.onSelectionRanges(({ textDocument, positions }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? selectionRanges(doc, positions) : [];
  });
}
