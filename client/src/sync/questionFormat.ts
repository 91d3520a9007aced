import { caseKey, type ExportItemResult, type ImportItemResult, type SyncDecision } from '../../../server/src/core';
import type { ModalQuestion } from '../questions';
import { renameWords } from './format';

// The questions import and export ask about an undecided file, with their choices (the first
// loses nothing), and the import items the user chose to leave as they are. No `vscode` import,
// so unit tests cover it.

/** A question about one undecided item: what the modal says and which answer means what. */
export interface Question extends ModalQuestion<SyncDecision> {
  detail: string;
  /** Whether a diff of local and service versions is shown first. */
  diff: boolean;
}

export const CHOICE = {
  leaveBoth: 'Leave both as they are',
  overwriteService: 'Overwrite the service',
  takeService: "Take the service's version",
  linkToExisting: 'Link to the existing test case',
  overwriteFile: 'Overwrite the file',
  keepMine: 'Keep mine',
} as const;

const ofTotal = (position: number, total: number): string => (total > 1 ? ` (${position} of ${total})` : '');

/**
 * The question for an import item that came back undecided; undefined for other outcomes. The
 * first choice (focused, Enter) loses nothing: a conflict leaves both sides; a change made only
 * on the service is taken into the unchanged file.
 */
export function importQuestion(
  r: ImportItemResult,
  path: string,
  environment: string,
  position = 1,
  total = 1,
): Question | undefined {
  const name = r.name ? `"${r.name}"` : path;
  const rename =
    r.renamedFrom !== undefined
      ? ` On the service it is named "${r.renamedFrom}": "${CHOICE.overwriteService}" ${renameWords(r)}.`
      : '';
  const nothing = `${rename}${total > position ? ' Cancel leaves this and the rest as they are.' : ' Cancel leaves both as they are.'}`;
  switch (r.outcome) {
    case 'conflict':
      return {
        message: `${name} changed in ${path} and on the service (${environment}) since they were last synced.${ofTotal(position, total)}`,
        detail: `The diff shows the file on the left and the service's version on the right. "${CHOICE.leaveBoth}" changes neither (merge by hand, then import again); "${CHOICE.overwriteService}" replaces the service's version with the file; "${CHOICE.takeService}" replaces the file's content with the service's.${nothing}`,
        choices: [
          { title: CHOICE.leaveBoth, value: 'skip', loses: false },
          { title: CHOICE.overwriteService, value: 'overwriteService', loses: true },
          { title: CHOICE.takeService, value: 'takeService', loses: true },
        ],
        diff: true,
      };
    case 'serviceChanged':
      return {
        message: `${name} changed on the service (${environment}) since ${path} was last synced; the file did not change.${ofTotal(position, total)}`,
        detail: `Importing the file would undo the change on the service. "${CHOICE.takeService}" writes the service's version into the file; "${CHOICE.overwriteService}" replaces it with the file.${nothing}`,
        choices: [
          // The file holds nothing the service did not have at the last sync.
          { title: CHOICE.takeService, value: 'takeService', loses: false },
          { title: CHOICE.overwriteService, value: 'overwriteService', loses: true },
        ],
        diff: true,
      };
    case 'nameTaken':
      return {
        message: `${r.takenById !== undefined ? `Test case ${r.takenById}` : 'A test case'} on the service (${environment}) is already named ${name}, and ${path} is not linked to it.${ofTotal(position, total)}`,
        detail: `"${CHOICE.linkToExisting}" links the file to it without changing either; you are then asked again if they differ. To keep both, rename the test case in the file and import again.`,
        choices: [{ title: CHOICE.linkToExisting, value: 'linkToExisting', loses: false }],
        diff: false,
      };
    default:
      return undefined;
  }
}

/** The question for a file the export would overwrite: keeping it is the focused choice. */
export function exportQuestion(
  r: ExportItemResult,
  path: string,
  environment: string,
  position = 1,
  total = 1,
): Question {
  const why =
    r.reason === 'unsavedChanges'
      ? `${path} has unsaved changes.`
      : r.reason === 'notSynced'
        ? `${path} already exists and was never synced with the service (${environment}).`
        : r.reason === 'foreignFile'
          ? (r.message ?? `${path} is not a file that sync wrote.`)
          : `${path} changed since it was last synced with the service (${environment}).`;
  return {
    message: `${why} Overwrite it with the service's version?${ofTotal(position, total)}`,
    detail: `The diff shows the file on the left and what the export would write on the right. "${CHOICE.keepMine}" (or Cancel) leaves the file as it is.`,
    choices: [
      { title: CHOICE.keepMine, value: 'skip', loses: false },
      { title: CHOICE.overwriteFile, value: 'overwriteFile', loses: true },
    ],
    diff: true,
  };
}

/**
 * Import items the user chose to leave as they are: nothing is sent for them; they read
 * "skipped" with why.
 */
export function leftAsTheyAre(
  results: ImportItemResult[],
  decisions: Record<string, SyncDecision>,
): ImportItemResult[] {
  return results.map((r) => {
    if (decisions[caseKey(r.uri, r.index)] !== 'skip') return r;
    const { serviceText: _dropped, ...rest } = r;
    return { ...rest, outcome: 'skipped', message: 'Left as it is on both sides, as you chose.' };
  });
}
