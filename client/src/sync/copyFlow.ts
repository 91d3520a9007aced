import * as vscode from 'vscode';
import { CopyTestCasesRequest } from '../../../server/src/protocol';
import type { CopyReport, RefChoices, TestCaseRef } from '../../../server/src/core';
import type { Credentials } from '../environments';
import { askModal } from '../modal';
import { confirmDone } from '../notify';
import { mappingPreviewQuestion } from '../questions';
import { ask } from '../serverPort';
import { pickCounterparts } from './counterparts';
import { copyPreview, copyProblems, copyReportText, copySummary, distinctUnmapped } from './mappingFormat';
import { withSyncProgress } from './progress';
import type { SyncUi } from './ui';

// Copy to Environment: service test cases of the active environment created in another, through
// the server (the one network owner). First a dry run: references with no single counterpart are
// picked by the person, then the preview shows every mapping, and only then is anything created
// (once: a create is never sent again).

/** At most this many previews: each round of picks answers the references the last one named. */
const ROUNDS = 3;

export async function copyToEnvironment(ui: SyncUi, cases: TestCaseRef[], target: Credentials): Promise<void> {
  const source = ui.environment();
  const what = cases.length === 1 ? `test case ${cases[0]!.name}` : `${cases.length} test cases`;
  // Choices are kept in the workspace's sync state; without a folder they hold for this copy only.
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const choicesAt = folder?.scheme === 'file' ? folder.fsPath : undefined;
  const send = (dryRun: boolean, map: RefChoices) =>
    withSyncProgress(
      ui.server,
      `${dryRun ? 'Preparing to copy' : 'Copying'} ${what} to ${target.name}`,
      (operation, token) =>
        ask(
          ui.server,
          CopyTestCasesRequest,
          {
            ids: cases.map((c) => c.id),
            target,
            dryRun,
            map,
            remember: true,
            ...(choicesAt !== undefined && { choicesAt }),
            operation,
          },
          token,
        ),
    );

  let map: RefChoices = {};
  let preview: CopyReport = await send(true, map);
  const asked = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const open = distinctUnmapped(preview.results).filter((u) => !asked.has(`${u.kind}:${u.id}`));
    if (open.length === 0) break;
    for (const u of open) asked.add(`${u.kind}:${u.id}`);
    const picks = await pickCounterparts(open, source, target.name, map);
    map = picks.choices;
    if (picks.picked > 0) preview = await send(true, map);
    if (picks.stopped) break;
  }
  const creating = preview.results.filter((r) => r.outcome === 'created').length;
  if (creating === 0) {
    ui.showResult(
      `Nothing to copy to ${target.name}.`,
      copyProblems(preview),
      'Copy preview.md',
      copyReportText(preview, source, target.name, `Nothing to copy to ${target.name}.`),
    );
    return;
  }
  const question = mappingPreviewQuestion(
    `Copy ${creating === cases.length ? what : `${creating} of ${cases.length} test cases`} from ${source} to ${target.name}?`,
    copyPreview(preview),
    'Copy',
  );
  // Nothing is lost by copying: a question, not a warning.
  if ((await askModal(question, 'info')) !== true) return;

  const report = await send(false, map);
  const summary = copySummary(report, target.name);
  const problems = copyProblems(report);
  if (problems.length === 0) confirmDone(ui.server.log, summary);
  else ui.showResult(summary, problems, 'Copy report.md', copyReportText(report, source, target.name, summary));
}
