import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService, ServiceSession } from '../../core';
import { GetRecordRequest, RefreshRequest } from '../../protocol';

// Thin adapters from LSP requests to the language service, and from the reload and the remote
// views' requests to the service session.

interface Services {
  session: ServiceSession;
  language: LanguageService;
}

export function registerFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): void {
  connection.onCompletion(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.complete(doc, position) : [];
  });

  connection.onHover(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.hover(doc, position) : null;
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.codeActions(doc, context.diagnostics) : [];
  });

  connection.onDocumentLinks(({ textDocument }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.documentLinks(doc) : [];
  });

  connection.onRequest(RefreshRequest, () => s.session.refresh());

  connection.onRequest(GetRecordRequest, ({ kind, id }) => s.session.remoteView(kind, id));
}
