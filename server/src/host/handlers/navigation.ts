import {
  type ClientCapabilities,
  type Connection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../../core';

// Inlay hints after reference ids, Go to Definition from them, Find All References on them
// across the workspace's test-case files, and workspace symbols. Thin adapters to the language service.

/** The globs of the files the index follows: test-case files and the sync states that say their environment. */
const WATCHED = ['**/*.testcase.json', '**/*.testcases.json', '**/.tas/sync.json'];

/**
 * Returns what to do once the client is initialized: ask for file events where it can send them,
 * and build the index. `watched` (the language service reads it) says whether they were taken.
 */
export function registerNavigationFeatures(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  s: { language: LanguageService; watched: (taken: boolean) => void },
): (capabilities: ClientCapabilities) => Promise<void> {
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const c of changes) s.language.fileChanged(c.uri, c.type === FileChangeType.Deleted);
  });

  connection.languages.inlayHint.on(({ textDocument, range }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.inlayHints(doc, range) : [];
  });

  connection.onReferences(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.references(doc, position) : [];
  });

  connection.onWorkspaceSymbol(({ query }) => s.language.workspaceSymbols(query));

  connection.onDefinition(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? s.language.definition(doc, position) : null;
  });

  return async (capabilities) => {
    if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true) {
      // A client that refuses it after all: each query looks at the files instead.
      s.watched(
        await connection.client
          .register(DidChangeWatchedFilesNotification.type, {
            watchers: WATCHED.map((globPattern) => ({ globPattern })),
          })
          .then(
            () => true,
            (err: unknown) => {
              connection.console.warn(
                `The editor did not take the file-events registration (${err instanceof Error ? err.message : String(err)}); references and workspace symbols look at the files' times on each query.`,
              );
              return false;
            },
          ),
      );
    }
    const started = performance.now();
    const size = await s.language.indexWorkspace();
    connection.console.info(
      `workspace index: ${size} test-case files in ${Math.round(performance.now() - started)} ms`,
    );
  };
}
