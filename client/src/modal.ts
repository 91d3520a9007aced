import * as vscode from 'vscode';
import { ExtensionError } from './log';
import { focusedLosesNothing, type ModalQuestion } from './questions';

// The one place the extension shows a modal dialog (test/unit/questions.test.ts checks that no
// other file does). The question's choices are its buttons in order, so the focused one, which
// Enter takes, is the first; Cancel is the close affordance (Escape), last.

/** Shows the question; the value of the button clicked, undefined for Cancel or Escape. */
export async function askModal<T>(
  q: ModalQuestion<T>,
  severity: 'warning' | 'info' = 'warning',
): Promise<T | undefined> {
  // A question whose Enter would overwrite or discard something is a bug: never shown.
  if (!focusedLosesNothing(q))
    throw new ExtensionError(`Internal error: the question "${q.message}" would focus a choice that loses work.`);
  const items = q.choices.map((c) => ({ title: c.title, value: c.value, isCloseAffordance: false }));
  const close = { title: q.close ?? 'Cancel', isCloseAffordance: true };
  const options: vscode.MessageOptions = { modal: true, ...(q.detail !== undefined && { detail: q.detail }) };
  const picked =
    severity === 'warning'
      ? await vscode.window.showWarningMessage<vscode.MessageItem & { value?: T }>(q.message, options, ...items, close)
      : await vscode.window.showInformationMessage<vscode.MessageItem & { value?: T }>(
          q.message,
          options,
          ...items,
          close,
        );
  return picked?.value;
}

/** A confirmation: true only when its action (never the focused choice) was clicked. */
export async function confirmed(q: ModalQuestion<boolean>): Promise<boolean> {
  return (await askModal(q)) === true;
}
