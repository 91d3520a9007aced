import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { definition, type EnvironmentState, fileKindOf, hoverTarget, inlayHints, type ReferenceCache, WorkspaceIndex } from '../../core';
import { serviceNames } from './editing';

// Inlay hints after reference ids, Go to Definition from them, Find All References on them
// across the workspace's test-case files, and workspace symbols. Thin adapters to core/language.

interface Services {
  refs: ReferenceCache;
  env: EnvironmentState;
  /** tas.inlayHints.enabled */
  hintsEnabled: () => boolean;
  /** The workspace folders' uris. */
  roots: () => string[];
}

export function registerNavigationFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): void {
  const docOf = (uri: string) => {
    const doc = documents.get(uri);
    const kind = fileKindOf(uri);
    return doc && kind ? { doc, kind } : undefined;
  };

  connection.languages.inlayHint.on(async ({ textDocument, range }) => {
    const d = docOf(textDocument.uri);
    if (!d || !s.hintsEnabled() || !s.env.current) return [];
    // Names only when the service is reachable: offline, no hint rather than a wrong one.
    return inlayHints(d.doc, d.kind, await serviceNames(s, true), range);
  });

  const workspace = new WorkspaceIndex(s.roots, (uri) => documents.get(uri));

  connection.onReferences(async ({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    const t = hoverTarget(d.doc, position);
    if (t.kind !== 'device' && t.kind !== 'traceFilter' && t.kind !== 'apiClient') return [];
    const kind = t.kind === 'device' ? 'mobileDevice' : t.kind;
    const found = await workspace.references(kind, t.id);
    if (found.some((l) => l.uri === textDocument.uri)) return found;
    // The open document counts even when it lies outside the workspace folders.
    const here = await new WorkspaceIndex(() => [textDocument.uri], (uri) => documents.get(uri)).references(kind, t.id);
    return [...here, ...found];
  });

  connection.onWorkspaceSymbol(({ query }) => workspace.symbols(query));

  connection.onDefinition(({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    return (d && definition(d.doc, d.kind, position)) ?? null;
  });
}
