import type * as vscode from 'vscode';
import { DiagnosticCode, RECORD_SCHEME } from '../../../server/src/core';

// VS Code's own JSON support checks the syntax of every JSON document, record documents
// included (they are `.json` files of the tas-record: file system): our syntax problems would
// show each mistake twice there. They stay where the editor's check is turned off
// (`json.validate.enable`), and in test-case files, which the editor's JSON support does not read.

type Code = vscode.Diagnostic['code'];

const codeOf = (code: Code): string | number | undefined => (typeof code === 'object' ? code.value : code);

/** The diagnostics to show for `scheme`, given whether the editor checks JSON syntax itself. */
export function syntaxShownOnce<D extends { code?: Code }>(
  scheme: string,
  diagnostics: D[],
  editorChecksJson: boolean,
): D[] {
  if (scheme !== RECORD_SCHEME || !editorChecksJson) return diagnostics;
  return diagnostics.filter((d) => codeOf(d.code) !== DiagnosticCode.syntax);
}
