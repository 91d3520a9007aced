import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { definition, type EnvironmentState, fileKindOf, inlayHints, type ReferenceCache } from '../../core';
import { serviceNames } from './editing';

// Inlay hints after reference ids and Go to Definition from them. Thin adapters to core/language.

interface Services {
  refs: ReferenceCache;
  env: EnvironmentState;
  /** tas.inlayHints.enabled */
  hintsEnabled: () => boolean;
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

  connection.onDefinition(({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    return (d && definition(d.doc, d.kind, position)) ?? null;
  });
}
