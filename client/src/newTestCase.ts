import * as vscode from 'vscode';
import { NEW_CASE } from '../../server/src/core';
import type { Command } from './context';

// New Test Case: a file chosen in a save dialog, filled with a valid skeleton (one step), the
// cursor on the name. The same skeleton fills an empty *.testcase.json when it is opened.

const isCaseFile = (doc: vscode.TextDocument) => doc.uri.path.endsWith('.testcase.json');

/** Fills an empty test-case file's editor with the skeleton; anything typed is never touched. */
async function fillIfEmpty(editor: vscode.TextEditor | undefined): Promise<void> {
  if (!editor || !isCaseFile(editor.document) || editor.document.getText() !== '') return;
  await editor.insertSnippet(new vscode.SnippetString(NEW_CASE), new vscode.Position(0, 0));
}

export const newTestCase: Command = () => async () => {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({
    title: 'New Test Case',
    saveLabel: 'Create',
    filters: { 'Test case': ['testcase.json'] },
    ...(folder && { defaultUri: vscode.Uri.joinPath(folder, 'new.testcase.json') }),
  });
  if (!uri) return;
  const target = uri.path.endsWith('.testcase.json')
    ? uri
    : uri.with({ path: uri.path.replace(/(\.json)?$/, '.testcase.json') });
  await vscode.workspace.fs.writeFile(target, new Uint8Array());
  await fillIfEmpty(await vscode.window.showTextDocument(target));
};

/** The template for empty test-case files as they are opened. */
export function registerTemplate(subscriptions: vscode.Disposable[]): void {
  subscriptions.push(vscode.window.onDidChangeActiveTextEditor((e) => void fillIfEmpty(e)));
  void fillIfEmpty(vscode.window.activeTextEditor);
}
