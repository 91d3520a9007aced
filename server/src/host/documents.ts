import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

// Open documents as the server keeps them. An edit whose range lies past the end of a line or of
// the text (a client's mistake, or a race) is clamped to the text first: TextDocument.update
// takes such positions as they are for its line table, which then no longer matches the text,
// and every position computed afterwards is wrong (NaN columns, failed requests).

function clamp(doc: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent {
  if (!('range' in change)) return change;
  const start = doc.positionAt(doc.offsetAt(change.range.start));
  const end = doc.positionAt(doc.offsetAt(change.range.end));
  return { range: { start, end }, text: change.text };
}

export const safeTextDocuments: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
  // One change at a time: each range refers to the text left by the changes before it.
  update: (doc, changes, version) =>
    changes.reduce((d, change) => TextDocument.update(d, [clamp(d, change)], version), doc),
};
