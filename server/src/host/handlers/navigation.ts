import { type ClientCapabilities, type Connection, DidChangeWatchedFilesNotification, FileChangeType, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { definition, type EnvironmentState, envKey, fileKindOf, type HereContext, hoverTarget, inlayHints, type ReferenceCache, WorkspaceIndex } from '../../core';
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

/** The globs of the files the index follows: test-case files and the sync states that say their environment. */
const WATCHED = ['**/*.testcase.json', '**/*.testcases.json', '**/.tas/sync.json'];

/** Returns what to do once the client is initialized: ask for file events where it can send them, and build the index. */
export function registerNavigationFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): (capabilities: ClientCapabilities) => Promise<void> {
  let watched = false;
  const workspace = new WorkspaceIndex(s.roots, () => documents.all(), () => watched);
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const c of changes) workspace.changed(c.uri, c.type === FileChangeType.Deleted);
  });

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

  // The active environment's key and records: a file whose sync state says its ids are another
  // environment's is matched by who its references are (sync/identities.ts), not by their ids.
  const here = (): HereContext => {
    const env = s.env.current;
    return {
      ...(env && { env: envKey(env.baseUrl) }),
      directory: async (kind) => (env ? await (kind === 'mobileDevice' ? s.refs.devices() : kind === 'traceFilter' ? s.refs.traceFilters() : s.refs.apiClients()) : undefined),
    };
  };

  connection.onReferences(async ({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    const t = hoverTarget(d.doc, position);
    if (t.kind !== 'mobileDevice' && t.kind !== 'traceFilter' && t.kind !== 'apiClient') return [];
    // The open document counts even when it lies outside the workspace folders.
    return workspace.references(t.kind, t.id, { uri: textDocument.uri, position }, here());
  });

  connection.onWorkspaceSymbol(({ query }) => workspace.symbols(query));

  connection.onDefinition(({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    return (d && definition(d.doc, d.kind, position)) ?? null;
  });

  return async (capabilities) => {
    if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true) {
      // A client that refuses it after all: each query looks at the files instead.
      watched = await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED.map((globPattern) => ({ globPattern })) }).then(
        () => true,
        (err: unknown) => {
          connection.console.warn(`The editor did not take the file-events registration (${err instanceof Error ? err.message : String(err)}); references and workspace symbols look at the files' times on each query.`);
          return false;
        },
      );
    }
    const started = performance.now();
    await workspace.build();
    connection.console.info(`workspace index: ${workspace.size} test-case files in ${Math.round(performance.now() - started)} ms`);
  };
}
