import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { FILE_PATTERNS } from '../../server/src/protocol';

/** Creates the client for the bundled server (dist/server.js), speaking over IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: FILE_PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
    outputChannel: log,
    traceOutputChannel: log,
  };
  return new LanguageClient('tas', 'Test Automation language server', serverOptions, clientOptions);
}
