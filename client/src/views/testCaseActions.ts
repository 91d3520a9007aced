import * as vscode from 'vscode';
import {
  DeleteTestCasesRequest,
  ListProjectsRequest,
  ListSuitesRequest,
  RunTestCaseRequest,
  SetSuiteTestCasesRequest,
  TestCaseChoicesRequest,
  TestCaseSuitesRequest,
} from '../../../server/src/protocol';
import { remoteUri, type TestCaseFilterField, type TestCaseRef, counted } from '../../../server/src/core';
import type { Command } from '../context';
import { ask, type RequestPort } from '../serverPort';
import { ExtensionError } from '../log';
import { confirmed } from '../modal';
import { deleteTestCasesQuestion } from '../questions';
import { exportIds, exportTarget } from '../sync/exportFlow';
import { copyToEnvironment } from '../sync/copyFlow';
import { findLinkedFile } from './linkedFiles';
import { FIELD_WORDS } from './testCaseFormat';
import type { TestCaseNode } from './testCasesView';
import type { Views } from './views';
import { confirmDone } from '../notify';

// The Test Cases view's commands. From the view they get the row (and the selection); from the
// palette they ask for the test case with a quick pick.

const isRow = (x: unknown): x is TestCaseNode & { type: 'testCase' } =>
  typeof x === 'object' && x !== null && (x as TestCaseNode).type === 'testCase';
const what = (cases: TestCaseRef[]): string =>
  cases.length === 1 ? `test case ${cases[0]!.name}` : counted(cases.length, 'test case');

/** The clicked row, the selected rows when it is one of them, or a pick. */
async function targets(
  server: RequestPort,
  views: Views,
  args: unknown[],
  title: string,
  many: boolean,
): Promise<TestCaseRef[]> {
  const [clicked, selection] = args;
  if (
    many &&
    Array.isArray(selection) &&
    selection.filter(isRow).length > 1 &&
    (!isRow(clicked) || selection.includes(clicked))
  ) {
    return selection.filter(isRow).map((n) => n.testCase);
  }
  if (isRow(clicked)) return [clicked.testCase];
  const list: TestCaseRef[] =
    views.testCases.loaded.length > 0
      ? [...views.testCases.loaded]
      : await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: 'Reading test cases from the service' },
          () => ask(server, TestCaseChoicesRequest),
        );
  const items = list.map((t) => ({ label: t.name, description: `id ${t.id}`, testCase: { id: t.id, name: t.name } }));
  if (many)
    return (
      (await vscode.window.showQuickPick(items, { title, canPickMany: true, matchOnDescription: true })) ?? []
    ).map((i) => i.testCase);
  const one = await vscode.window.showQuickPick(items, {
    title,
    matchOnDescription: true,
    placeHolder: 'Choose a test case',
  });
  return one ? [one.testCase] : [];
}

export function createTestCaseActions(): Record<string, Command> {
  return {
    refreshTestCases:
      ({ views }) =>
      () =>
        views.testCases.refresh(),
    loadMoreTestCases:
      ({ views }) =>
      () =>
        views.testCases.loadMore(),

    filterTestCasesByProject:
      ({ server, views }) =>
      async () => {
        const projects = (await ask(server, ListProjectsRequest, { page: 0, size: 200 })).items;
        if (projects.length === 0) {
          void vscode.window.showInformationMessage('There are no projects on the service to filter by.');
          return;
        }
        const current = views.testCases.filter.project?.id;
        const picked = await vscode.window.showQuickPick(
          projects.map((p) => ({
            label: p.name,
            description: p.id === current ? 'current filter' : `id ${p.id}`,
            project: p,
          })),
          { title: 'Filter Test Cases by Project', placeHolder: 'Show only the test cases of this project' },
        );
        if (picked)
          views.testCases.setFilter({
            ...views.testCases.filter,
            project: { id: picked.project.id, name: picked.project.name },
          });
      },

    filterTestCases:
      ({ views }) =>
      async () => {
        const fields = Object.entries(FIELD_WORDS) as [TestCaseFilterField, string][];
        const field = await vscode.window.showQuickPick(
          fields.map(([f, label]) => ({
            label,
            description: f === views.testCases.filter.field?.field ? 'current filter' : undefined,
            field: f,
          })),
          { title: 'Filter Test Cases', placeHolder: 'Which field to search' },
        );
        if (!field) return;
        const value = await vscode.window.showInputBox({
          title: `Filter Test Cases by ${field.label}`,
          prompt: `Test cases whose ${field.label.toLowerCase()} contains this text; empty removes this filter.`,
          value: views.testCases.filter.field?.field === field.field ? views.testCases.filter.field.value : '',
        });
        if (value === undefined) return;
        const { field: _old, ...rest } = views.testCases.filter;
        views.testCases.setFilter(
          value.trim() === '' ? rest : { ...rest, field: { field: field.field, value: value.trim() } },
        );
      },
    clearTestCasesFilter:
      ({ views }) =>
      () =>
        views.testCases.setFilter({}),
    sortTestCasesByUpdate:
      ({ views }) =>
      () =>
        views.testCases.setSort('updated'),
    sortTestCasesByName:
      ({ views }) =>
      () =>
        views.testCases.setSort('name'),

    openServiceTestCase:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const [t] = await targets(server, views, args, 'Open Test Case', false);
        if (!t) return;
        const link = views.testCases.linkOf(t.id);
        const local = link ? vscode.Uri.parse(link.uri) : await findLinkedFile(server, t.id).catch(() => undefined);
        await vscode.window.showTextDocument(local ?? vscode.Uri.parse(remoteUri('testCase', t.id)), { preview: true });
      },

    exportServiceTestCases:
      ({ server, views, sync }) =>
      async (...args: unknown[]) => {
        const cases = await targets(server, views, args, 'Export to Workspace', true);
        if (cases.length === 0) return;
        const target = await exportTarget(cases.length);
        if (!target) return;
        await exportIds(
          sync,
          cases.map((c) => c.id),
          target,
          cases.length === 1 ? cases[0]!.name : counted(cases.length, 'test case'),
          { open: true },
        );
        // The new files are linked now: the markers are read again.
        views.testCases.refresh();
      },

    // Copy to Environment...: created in another environment directly, references mapped by who they are.
    copyTestCasesToEnvironment:
      ({ server, views, sync, environments }) =>
      async (...args: unknown[]) => {
        const cases = await targets(server, views, args, 'Copy to Environment', true);
        if (cases.length === 0) return;
        const target = await environments.other(
          (candidate) => server.checkEnvironment(candidate),
          `Copy ${what(cases)} to Environment`,
        );
        if (!target) return;
        await copyToEnvironment(sync, cases, target);
      },

    runServiceTestCase:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const [t] = await targets(server, views, args, 'Run Test Case', false);
        if (!t) return;
        const link = views.testCases.linkOf(t.id);
        // A linked file runs through Test Explorer, which asks about local changes first.
        if (link) return vscode.commands.executeCommand('tas.runTestCase', vscode.Uri.parse(link.uri), link.index);
        const r = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Starting test case ${t.name}` },
          () => ask(server, RunTestCaseRequest, { id: t.id, shown: t.name }),
        );
        if (r.kind !== 'started') throw new ExtensionError(`Test case ${t.name} was not started: ${r.message}`);
        views.startedRounds.follow(`Test case ${t.name} (execution ${r.execution.id})`, [r.execution.id]);
        confirmDone(server.log, `Test case ${t.name}: execution ${r.execution.id} started.`);
        return undefined;
      },

    showTestCaseSuites:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const [t] = await targets(server, views, args, 'Show Test Suites Containing', false);
        if (!t) return;
        const suites = await ask(server, TestCaseSuitesRequest, { id: t.id, shown: t.name });
        if (suites.length === 0) {
          void vscode.window.showInformationMessage(`Test case ${t.name} is in no test suite.`);
          return;
        }
        const picked = await vscode.window.showQuickPick(
          suites.map((s) => ({ label: s.name, description: s.id !== undefined ? `id ${s.id}` : undefined, suite: s })),
          { title: `Test suites containing ${t.name}`, placeHolder: 'Choose a suite to open its record' },
        );
        if (picked?.suite.id !== undefined)
          await vscode.window.showTextDocument(vscode.Uri.parse(remoteUri('testSuite', picked.suite.id)), {
            preview: true,
          });
      },

    addTestCaseToSuite:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const cases = await targets(server, views, args, 'Add to Test Suite', true);
        if (cases.length === 0) return;
        const suites = (await ask(server, ListSuitesRequest)).filter((s) =>
          cases.some((c) => !s.testCases.some((x) => x.id === c.id)),
        );
        if (suites.length === 0) {
          void vscode.window.showInformationMessage(`Every test suite already contains ${what(cases)}.`);
          return;
        }
        const picked = await vscode.window.showQuickPick(
          suites.map((s) => ({ label: s.name, description: counted(s.testCases.length, 'test case'), suite: s })),
          {
            title: `Add ${what(cases)} to Test Suite`,
            placeHolder: 'Choose the suite; its other test cases stay',
            matchOnDescription: true,
          },
        );
        if (!picked) return;
        const existing = picked.suite.testCases.map((c) => c.id);
        const added = cases.map((c) => c.id).filter((id) => !existing.includes(id));
        await ask(server, SetSuiteTestCasesRequest, {
          id: picked.suite.id,
          testCaseIds: [...existing, ...added],
          shown: picked.suite.name,
        });
        views.suites.refresh();
        confirmDone(
          server.log,
          `Added ${what(cases)} to test suite ${picked.suite.name} (now ${counted(existing.length + added.length, 'test case')}).`,
        );
      },

    deleteServiceTestCases:
      ({ server, views }) =>
      async (...args: unknown[]) => {
        const cases = await targets(server, views, args, 'Delete Test Cases', true);
        if (cases.length === 0) return;
        if (!(await confirmed(deleteTestCasesQuestion(what(cases), cases.length)))) return;
        const r = await ask(server, DeleteTestCasesRequest, {
          ids: cases.map((c) => c.id),
          names: Object.fromEntries(cases.map((c) => [String(c.id), c.name])),
        });
        views.testCases.refresh();
        if (r.failed.length === 0) {
          confirmDone(server.log, `Deleted ${what(cases)}.`);
          return;
        }
        const done = r.deleted.length > 0 ? `Deleted ${r.deleted.length} of ${cases.length}. ` : '';
        throw new ExtensionError(`${done}${r.failed.map((f) => f.message).join(' ')}`);
      },
  };
}
