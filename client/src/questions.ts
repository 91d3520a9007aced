import type { RunChoice, RunTestCaseResult } from '../../server/src/core';
import { counted } from '../../server/src/core';

// The modal questions of the extension as plain data: the words, and for each button what it
// does and whether it overwrites or discards anything. No `vscode` import, so unit tests read
// every question (test/unit/questions.test.ts). modal.ts shows them.
//
// VS Code focuses a modal dialog's first button (the first item that is not the close
// affordance), and Enter takes it. So the first choice of every question loses nothing: it
// keeps, skips or only looks. Cancel (Escape) is added as the close affordance and changes
// nothing either. What overwrites or discards comes after, and only a click or Tab reaches it.

/** One button of a modal question. */
export interface Choice<T> {
  title: string;
  value: T;
  /** Picking it overwrites or discards something: a file, the service's version, a record, a run. */
  loses: boolean;
}

export interface ModalQuestion<T> {
  message: string;
  detail?: string;
  /** In order: the first is focused, so it must lose nothing. */
  choices: readonly Choice<T>[];
  /** The close affordance's title (Escape), "Cancel" unless said. */
  close?: string;
}

/** The first choice, the one Enter takes, loses nothing: checked where a question is shown. */
export function focusedLosesNothing(q: ModalQuestion<unknown>): boolean {
  return q.choices.length > 0 && !q.choices[0]!.loses;
}

/** Something that cannot be undone: "keep" first (focused), the action second, Cancel last. */
export function confirmation(
  message: string,
  detail: string | undefined,
  keep: string,
  act: string,
): ModalQuestion<boolean> {
  return {
    message,
    ...(detail !== undefined && { detail }),
    choices: [
      { title: keep, value: false, loses: false },
      { title: act, value: true, loses: true },
    ],
  };
}

export const RUN_CHOICE = {
  importAndRun: 'Import and run',
  serviceVersion: "Run the service's version",
} as const;

/**
 * Run (CodeLens, Test Explorer) on a file that is not as on the service. Running the service's
 * version changes neither side, so it comes first; "Import and run" replaces the service's test
 * case with the file, so it comes after. A file not on the service only has "Import and run",
 * which creates the test case and replaces nothing.
 */
export function runQuestion(
  item: string,
  q: Extract<RunTestCaseResult, { kind: 'needsChoice' }>,
): ModalQuestion<RunChoice> {
  if (q.reason === 'notOnService') {
    return {
      message: q.message,
      detail: 'Import creates the test case on the service, then runs it.',
      choices: [{ title: RUN_CHOICE.importAndRun, value: 'importNew', loses: false }],
    };
  }
  const serviceCase = q.testCaseId !== undefined;
  const first = serviceCase
    ? `"${RUN_CHOICE.serviceVersion}" runs the test case as the service has it and changes neither side. `
    : '';
  const detail =
    q.reason === 'unsavedChanges'
      ? `${first}"${RUN_CHOICE.importAndRun}" sends the editor's text (unsaved) to the service first; the file on disk stays as it is.`
      : q.reason === 'conflict'
        ? `${first}"${RUN_CHOICE.importAndRun}" replaces the changes made on the service with this file. Import to Service shows the differences first.`
        : `${first}"${RUN_CHOICE.importAndRun}" makes the service's test case match this file first.`;
  const importRun: Choice<RunChoice> = { title: RUN_CHOICE.importAndRun, value: 'importAndRun', loses: serviceCase };
  return {
    message: `${item}: ${q.message}`,
    detail,
    choices: serviceCase
      ? [{ title: RUN_CHOICE.serviceVersion, value: 'runServiceVersion', loses: false }, importRun]
      : [importRun],
  };
}

export function cancelSuiteQuestion(suite: string, active: number): ModalQuestion<boolean> {
  return confirmation(
    `Cancel ${counted(active, 'queued or running execution')} of test suite ${suite}?`,
    undefined,
    'Let Them Run',
    'Cancel Executions',
  );
}

export function deleteSuiteQuestion(suite: string): ModalQuestion<boolean> {
  return confirmation(
    `Delete test suite ${suite}?`,
    'The suite is removed from the service. Its test cases and past executions stay.',
    'Keep the Suite',
    'Delete',
  );
}

/** `what`: "execution 12 (Call)" or "3 executions"; `active`: how many still run. */
export function deleteExecutionsQuestion(what: string, count: number, active: number): ModalQuestion<boolean> {
  const running = active > 0 ? `${active} still running will be cancelled. ` : '';
  return confirmation(
    `Delete ${what}?`,
    `${running}Deleted executions and their logs cannot be restored.`,
    count === 1 ? 'Keep It' : 'Keep Them',
    'Delete',
  );
}

/** `what`: "test case Call" or "3 test cases". */
export function deleteTestCasesQuestion(what: string, count: number): ModalQuestion<boolean> {
  return confirmation(
    `Delete ${what} from the service?`,
    'The service refuses while a test suite contains one or an execution of it is queued or running. Local files stay as they are.',
    count === 1 ? 'Keep It' : 'Keep Them',
    'Delete',
  );
}

/** `message` from projectFormat's clearQuestion. */
export function clearProjectsQuestion(message: string): ModalQuestion<boolean> {
  return confirmation(
    message,
    'No project was chosen, so every project assignment of the selection is removed.',
    'Keep the Assignments',
    'Remove from All Projects',
  );
}

export function deleteTraceFilterQuestion(name: string, detail: string): ModalQuestion<boolean> {
  return confirmation(`Delete trace filter ${name}?`, detail, 'Keep It', 'Delete');
}

/** `detail` names the workspace files whose steps refer to it. */
export function deleteApiClientQuestion(name: string, detail: string): ModalQuestion<boolean> {
  return confirmation(`Delete API client ${name}?`, detail, 'Keep It', 'Delete');
}

export function deleteProjectQuestion(name: string): ModalQuestion<boolean> {
  return confirmation(
    `Delete project ${name}?`,
    'The service refuses while records are still assigned to it. The records themselves are not deleted.',
    'Keep It',
    'Delete',
  );
}

/** `q` from deviceFormat's restartQuestion: running tests on the node's devices may fail. */
export function restartAgentQuestion(q: { message: string; detail: string }): ModalQuestion<boolean> {
  return confirmation(q.message, q.detail, 'Do Not Restart', 'Restart Agent');
}

export function revokeTokenQuestion(token: string, device: string): ModalQuestion<boolean> {
  return confirmation(
    `Revoke ${token} of ${device}?`,
    'Whatever uses this token can no longer reach the device.',
    'Keep It',
    'Revoke',
  );
}

/** A new token's value is shown once: Copy keeps it, closing the dialog loses it. */
export function tokenCreatedQuestion(token: string, device: string, value: string): ModalQuestion<'copy'> {
  return {
    message: `${token} for ${device} was created. Copy its value now: it is not shown again.`,
    detail: value,
    choices: [{ title: 'Copy', value: 'copy', loses: false }],
    close: 'Close',
  };
}

export function removeEnvironmentQuestion(name: string): ModalQuestion<boolean> {
  return confirmation(`Remove ${name} and its stored credentials?`, undefined, `Keep ${name}`, 'Remove');
}

/** `message` from connectionText's urlCheckMessage; the new URL would replace `oldUrl`. */
export function useUrlQuestion(message: string, oldUrl: string, useAnyway: string): ModalQuestion<boolean> {
  return confirmation(message, `Keeping leaves ${oldUrl} as it is.`, 'Keep the Old URL', useAnyway);
}

// ---- Users and the lab tools (issue 29) ----

/** A role change is asked first: it widens or narrows what the user may do at once. */
export function changeRoleQuestion(user: string, from: string | undefined, to: string): ModalQuestion<boolean> {
  return confirmation(
    `Give ${user} the role ${to}${from ? ` instead of ${from}` : ''}?`,
    'The service applies the new role at once.',
    'Keep the Role',
    'Change Role',
  );
}

/** The interface requires an heir: everything the deleted user owns goes to `heir`. */
export function deleteUserQuestion(user: string, heir: string): ModalQuestion<boolean> {
  return confirmation(
    `Delete user ${user}?`,
    `Everything ${user} owns on the service goes to ${heir}. ${user}'s client credentials stop working. This cannot be undone.`,
    'Keep the User',
    `Delete and Give to ${heir}`,
  );
}

/** A generated temporary password is shown once: Copy keeps it, closing the dialog loses it. */
export function tempPasswordQuestion(user: string, password: string): ModalQuestion<'copy'> {
  return {
    message: `${user} was invited. Copy the temporary password now and give it to them: it is not shown again.`,
    detail: password,
    choices: [{ title: 'Copy', value: 'copy', loses: false }],
    close: 'Close',
  };
}

/** The agent configuration, read-only, with Copy. */
export function agentConfigQuestion(node: string, label: string, text: string): ModalQuestion<'copy'> {
  return {
    message: `Agent configuration of ${node} (label "${label}")`,
    detail: text === '' ? 'The service answered with no configuration.' : text,
    choices: [{ title: 'Copy', value: 'copy', loses: false }],
    close: 'Close',
  };
}

/**
 * Rule 7: without the ADMIN role the service refuses (401) an assignment that holds any record
 * the user does not own, and the interface shows no owner, so every record is named.
 */
export function notOwnerQuestion(
  user: string,
  role: string | undefined,
  records: readonly string[],
): ModalQuestion<boolean> {
  const shown = records.slice(0, 10).join(', ') + (records.length > 10 ? `, and ${records.length - 10} more` : '');
  return confirmation(
    `You are signed in as ${user}${role ? ` with the role ${role}` : ''}, not ADMIN. The service will refuse this assignment unless you own every record in it.`,
    `It refuses the whole request if any of these is not yours: ${shown}. Records you created are yours; an administrator can assign the others.`,
    'Do Not Assign',
    'Assign Anyway',
  );
}

export const RECORD_CONFLICT_CHOICE = {
  merge: 'Save Both Changes',
  keepEditing: 'Keep Editing',
  overwrite: 'Overwrite Their Changes',
} as const;

/**
 * Save of a record document someone else changed meanwhile (the diff is open beside it). When no
 * field was changed on both sides, saving both changes loses nothing and comes first; otherwise
 * going on editing does. Overwriting replaces their changes, so it comes after.
 */
export function recordConflictQuestion(
  what: string,
  mergeable: boolean,
): ModalQuestion<'merge' | 'keep' | 'overwrite'> {
  const first: Choice<'merge' | 'keep' | 'overwrite'> = mergeable
    ? { title: RECORD_CONFLICT_CHOICE.merge, value: 'merge', loses: false }
    : { title: RECORD_CONFLICT_CHOICE.keepEditing, value: 'keep', loses: false };
  return {
    message: `Someone else changed ${what} on the service since you opened it.`,
    detail: mergeable
      ? `The diff shows the service's version beside yours. "${RECORD_CONFLICT_CHOICE.merge}" sends your changes on top of theirs: no field was changed on both sides. "${RECORD_CONFLICT_CHOICE.overwrite}" sends your document as it is.`
      : `The diff shows the service's version beside yours; both changed the same field. "${RECORD_CONFLICT_CHOICE.keepEditing}" leaves your document unsaved so you can take what you need from theirs. "${RECORD_CONFLICT_CHOICE.overwrite}" sends your document as it is.`,
    choices: [first, { title: RECORD_CONFLICT_CHOICE.overwrite, value: 'overwrite', loses: true }],
  };
}

/** `detail` names the test cases the service says use it and the workspace files that refer to it. */
export function deleteDeviceQuestion(name: string, detail: string): ModalQuestion<boolean> {
  return confirmation(`Delete device ${name}?`, detail, 'Keep It', 'Delete');
}

/**
 * The preview of a copy to another environment (or of an import that maps references): every
 * mapping in the detail. Copying or importing creates or updates and replaces nothing a person
 * made there, so it comes first.
 */
export function mappingPreviewQuestion(message: string, detail: string, act: string): ModalQuestion<boolean> {
  return { message, detail, choices: [{ title: act, value: true, loses: false }] };
}
