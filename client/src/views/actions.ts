import * as vscode from 'vscode';
import {
  CancelSuiteRequest,
  CreateSuiteRequest,
  DeleteExecutionsRequest,
  DeleteSuiteRequest,
  ExecuteSuiteRequest,
  ListExecutionsRequest,
  ListSuitesRequest,
  RerunExecutionRequest,
  SetSuiteTestCasesRequest,
  TestCaseChoicesRequest,
} from '../../../server/src/protocol';
import { remoteUri, type ExecutionSummary, type SuiteSummary, counted } from '../../../server/src/core';
import type { Command } from '../context';
import { ask, type RequestPort } from '../serverPort';
import { ExtensionError } from '../log';
import { confirmed } from '../modal';
import { cancelSuiteQuestion, deleteExecutionsQuestion, deleteSuiteQuestion } from '../questions';
import type { ExecutionNode } from './executionsView';
import { executionDescription, executionLabel } from './format';
import { findLinkedFile } from './linkedFiles';
import { nameRule } from './names';
import type { SuiteNode } from './suitesView';
import type { Views } from './views';
import { confirmDone } from '../notify';

// The suites and executions commands. From a view they get the row; from the palette they ask
// for their target with a quick pick.

const isSuiteNode = (x: unknown): x is SuiteNode & { type: 'suite' } =>
  typeof x === 'object' && x !== null && (x as SuiteNode).type === 'suite';
const isExecutionNode = (x: unknown): x is ExecutionNode & { type: 'execution' } =>
  typeof x === 'object' && x !== null && (x as ExecutionNode).type === 'execution';

async function pickSuite(
  server: RequestPort,
  views: Views,
  title: string,
  filter: (s: SuiteSummary) => boolean = () => true,
  none = 'No test suite to choose from.',
): Promise<SuiteSummary | undefined> {
  const suites = (views.suites.loaded.length > 0 ? views.suites.loaded : await ask(server, ListSuitesRequest)).filter(
    filter,
  );
  if (suites.length === 0) {
    void vscode.window.showInformationMessage(none);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    suites.map((s) => ({
      label: s.name,
      description: `${s.testCases.length} test cases${s.activeExecutionIds.length > 0 ? ` · ${s.activeExecutionIds.length} running` : ''}${s.disabled ? ' · disabled' : ''}`,
      suite: s,
    })),
    { title, placeHolder: 'Choose a test suite', matchOnDescription: true },
  );
  return picked?.suite;
}

async function suiteArg(
  server: RequestPort,
  views: Views,
  arg: unknown,
  title: string,
  filter?: (s: SuiteSummary) => boolean,
  none?: string,
): Promise<SuiteSummary | undefined> {
  return isSuiteNode(arg) ? arg.suite : pickSuite(server, views, title, filter, none);
}

async function pickExecutions(
  server: RequestPort,
  views: Views,
  title: string,
  filter: (e: ExecutionSummary) => boolean,
  many: boolean,
): Promise<ExecutionSummary[]> {
  const loaded = views.executions.executions;
  const list = (
    loaded.length > 0 ? loaded : (await ask(server, ListExecutionsRequest, { start: 0, count: 100 })).items
  ).filter(filter);
  if (list.length === 0) {
    void vscode.window.showInformationMessage('No execution to choose from.');
    return [];
  }
  const now = Date.now();
  const items = list.map((e) => ({
    label: `${executionLabel(e)}`,
    description: `#${e.id} · ${executionDescription(e, now)}`,
    execution: e,
  }));
  if (many)
    return (
      (await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true })) ?? []
    ).map((i) => i.execution);
  const one = await vscode.window.showQuickPick(items, { title, matchOnDescription: true });
  return one ? [one.execution] : [];
}

/** The row, the selected rows (multi-select) or a pick. */
async function executionArgs(
  server: RequestPort,
  views: Views,
  args: unknown[],
  title: string,
  filter: (e: ExecutionSummary) => boolean,
  many: boolean,
): Promise<ExecutionSummary[]> {
  const [first, selected] = args;
  if (Array.isArray(selected) && selected.some(isExecutionNode))
    return selected
      .filter(isExecutionNode)
      .map((n) => n.execution)
      .filter(filter);
  if (isExecutionNode(first)) return [first.execution].filter(filter);
  return pickExecutions(server, views, title, filter, many);
}

async function pickTestCases(
  server: RequestPort,
  title: string,
  selected: ReadonlySet<number> = new Set(),
): Promise<number[] | undefined> {
  const choices = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Reading test cases from the service' },
    () => ask(server, TestCaseChoicesRequest),
  );
  const items = choices.map((c) => ({
    label: c.name,
    description: [`id ${c.id}`, ...c.projects].join(' · '),
    detail: c.description,
    picked: selected.has(c.id),
    id: c.id,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title,
    canPickMany: true,
    matchOnDescription: true,
    matchOnDetail: true,
    placeHolder: 'Type to filter by name, id or project',
  });
  return picked?.map((p) => p.id);
}

export function createViewActions(): Record<string, Command> {
  return {
    refreshSuites:
      ({ views }) =>
      () =>
        views.suites.refresh(),
    refreshExecutions:
      ({ views }) =>
      () =>
        views.executions.refresh(),
    loadMoreExecutions:
      ({ views }) =>
      () =>
        views.executions.loadMore(),

    executeSuite:
      ({ server, views }) =>
      async (arg: unknown) => {
        const suite = await suiteArg(
          server,
          views,
          arg,
          'Execute Test Suite',
          (s) => !s.disabled,
          'No enabled test suite to execute.',
        );
        if (!suite) return;
        const r = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Executing test suite ${suite.name}` },
          () => ask(server, ExecuteSuiteRequest, { id: suite.id, shown: suite.name }),
        );
        // The follower reports the new executions: Executions shows them from that report.
        views.startedRounds.follow(`Test suite ${suite.name}`, r.executionIds);
        views.suites.refresh();
        const started = `Test suite ${suite.name}: ${counted(r.executionIds.length, 'execution')} started.`;
        // Executions shows what started; what did not start is news.
        if (r.skipped.length === 0) confirmDone(server.log, started);
        else
          void vscode.window.showWarningMessage(
            `${started} ${r.skipped.length} skipped: ${r.skipped.map((s) => `${s.testCaseId !== undefined ? `test case ${s.testCaseId}` : 'a test case'} (${s.reason})`).join('; ')}.`,
          );
      },

    cancelSuite:
      ({ server, views }) =>
      async (arg: unknown) => {
        const suite = await suiteArg(
          server,
          views,
          arg,
          'Cancel Test Suite',
          (s) => s.activeExecutionIds.length > 0,
          'No test suite has queued or running executions.',
        );
        if (!suite) return;
        if (
          suite.activeExecutionIds.length > 0 &&
          !(await confirmed(cancelSuiteQuestion(suite.name, suite.activeExecutionIds.length)))
        )
          return;
        const r = await ask(server, CancelSuiteRequest, { id: suite.id, shown: suite.name });
        views.executions.refresh();
        views.suites.refresh();
        if (r.cancelledExecutionIds.length === 0)
          void vscode.window.showInformationMessage(`Test suite ${suite.name} had nothing queued or running.`);
        else
          confirmDone(
            server.log,
            `Test suite ${suite.name}: cancelled execution${r.cancelledExecutionIds.length === 1 ? '' : 's'} ${r.cancelledExecutionIds.join(', ')}.`,
          );
      },

    openSuite:
      ({ server, views, recordDocuments }) =>
      async (arg: unknown) => {
        const suite = await suiteArg(server, views, arg, 'Open Test Suite');
        if (suite) await recordDocuments.open('testSuite', suite.id);
      },

    deleteSuite:
      ({ server, views }) =>
      async (arg: unknown) => {
        const suite = await suiteArg(server, views, arg, 'Delete Test Suite');
        if (!suite) return;
        if (!(await confirmed(deleteSuiteQuestion(suite.name)))) return;
        await ask(server, DeleteSuiteRequest, { id: suite.id, shown: suite.name });
        views.suites.refresh();
        confirmDone(server.log, `Test suite ${suite.name} deleted.`);
      },

    newSuiteFromTestCases:
      ({ server, views }) =>
      async () => {
        const ids = await pickTestCases(server, 'New Test Suite from Test Cases: choose its test cases');
        if (!ids || ids.length === 0) return;
        const taken = (views.suites.loaded.length > 0 ? views.suites.loaded : await ask(server, ListSuitesRequest)).map(
          (s) => s.name,
        );
        const name = await vscode.window.showInputBox({
          title: 'New Test Suite from Test Cases',
          prompt: `A name for the suite of ${counted(ids.length, 'test case')}`,
          validateInput: nameRule('testSuite', taken),
        });
        if (!name) return;
        const { id } = await ask(server, CreateSuiteRequest, { name: name.trim(), testCaseIds: ids });
        views.suites.refresh();
        confirmDone(
          server.log,
          `Test suite ${name.trim()} created (id ${id}) with ${counted(ids.length, 'test case')}.`,
        );
      },

    editSuiteTestCases:
      ({ server, views }) =>
      async (arg: unknown) => {
        const suite = await suiteArg(server, views, arg, 'Add/Remove Test Cases');
        if (!suite) return;
        const ids = await pickTestCases(
          server,
          `Test cases of ${suite.name}`,
          new Set(suite.testCases.map((t) => t.id)),
        );
        if (!ids) return;
        await ask(server, SetSuiteTestCasesRequest, { id: suite.id, testCaseIds: ids, shown: suite.name });
        views.suites.refresh();
        confirmDone(server.log, `Test suite ${suite.name} now has ${counted(ids.length, 'test case')}.`);
      },

    openSuiteTestCase:
      ({ server }) =>
      async (arg: unknown) => {
        if (typeof arg !== 'object' || arg === null || (arg as SuiteNode).type !== 'testCase') return;
        const { testCase } = arg as SuiteNode & { type: 'testCase' };
        const local = await findLinkedFile(server, testCase.id).catch(() => undefined);
        await vscode.window.showTextDocument(local ?? vscode.Uri.parse(remoteUri('testCase', testCase.id)), {
          preview: true,
        });
      },

    rerunExecution:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const [execution] = await executionArgs(server, views, args, 'Rerun Execution', (e) => e.final, false);
        if (!execution) return;
        const r = await ask(server, RerunExecutionRequest, { id: execution.id, shown: executionLabel(execution) });
        // Executions shows the new one from the follower's report; nothing is read again.
        views.startedRounds.follow(`Rerun of ${executionLabel(execution)} (execution ${r.execution.id})`, [
          r.execution.id,
        ]);
        confirmDone(server.log, `Rerunning ${executionLabel(execution)}: execution ${r.execution.id} started.`);
      },

    deleteExecution:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const targets = await executionArgs(server, views, args, 'Delete Execution', () => true, true);
        if (targets.length === 0) return;
        const what =
          targets.length === 1
            ? `execution ${targets[0]!.id} (${executionLabel(targets[0]!)})`
            : `${targets.length} executions`;
        const active = targets.filter((e) => !e.final).length;
        if (!(await confirmed(deleteExecutionsQuestion(what, targets.length, active)))) return;
        const r = await ask(server, DeleteExecutionsRequest, { ids: targets.map((e) => e.id) });
        views.executions.refresh();
        if (r.failed.length === 0)
          confirmDone(
            server.log,
            `Deleted ${r.deleted.length === 1 ? `execution ${r.deleted[0]}` : `${r.deleted.length} executions`}.`,
          );
        else
          throw new ExtensionError(
            `Deleted ${r.deleted.length} of ${targets.length} executions. Not deleted: ${r.failed.map((f) => f.message).join(' ')}`,
          );
      },

    openExecutionDetails:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const [execution] = await executionArgs(server, views, args, 'Open Execution Details', () => true, false);
        if (execution) await views.details.open(execution.id);
      },

    filterExecutions:
      ({ views }) =>
      async () => {
        const search = await vscode.window.showInputBox({
          title: 'Filter Executions',
          prompt: 'The service matches test case, suite, state or source; empty shows all.',
          value: views.executions.filter,
        });
        if (search !== undefined) views.executions.setFilter(search);
      },
    clearExecutionsFilter:
      ({ views }) =>
      () =>
        views.executions.setFilter(''),
    groupExecutionsByDay:
      ({ views }) =>
      () =>
        views.executions.setGroupByDay(true),
    ungroupExecutions:
      ({ views }) =>
      () =>
        views.executions.setGroupByDay(false),
  };
}
