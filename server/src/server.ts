import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SERVER_NAME, SERVER_VERSION } from './protocol';

// Entry point: wires the connection to the features. `node dist/server.js --stdio` for any LSP
// client; VS Code starts it over IPC. Features live in transport-free modules beside this file.

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize((): InitializeResult => {
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    },
    serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
  };
});

connection.onInitialized(() => {
  connection.console.info(`${SERVER_NAME} ${SERVER_VERSION} ready (node ${process.version})`);
});

documents.listen(connection);
connection.listen();
