import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { SERVED_SELECTOR } from '../../server/src/core';
import { syntaxShownOnce } from './recordDocuments/syntaxOnce';

/** Creates the client for the bundled server (dist/server.js), speaking over IPC. */
export function createLanguageClient(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  traceChannel: vscode.LogOutputChannel,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Test-case files and record documents (the server checks these with their record's schema).
    documentSelector: [...SERVED_SELECTOR],
    outputChannel: log,
    traceOutputChannel: traceChannel,
    synchronize: { configurationSection: ['tas', 'http'] },
    // Credentials come from SecretStorage through tas/setEnvironment, not the server's environment.
    // The lists last read are kept in the extension's storage, for while the service cannot be reached.
    initializationOptions: {
      environmentFromClient: true,
      ...(context.globalStorageUri.scheme === 'file' && { storageFolder: context.globalStorageUri.fsPath }),
    },
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        const editorChecksJson = vscode.workspace.getConfiguration('json', uri).get<boolean>('validate.enable', true);
        next(uri, syntaxShownOnce(uri.scheme, diagnostics, editorChecksJson));
      },
    },
  };
  return new LanguageClient('tas', 'Test Automation language server', serverOptions, clientOptions);
}
