import * as vscode from 'vscode';
import { ChooseCounterpartRequest, LinkedCasesRequest } from '../../../server/src/protocol';
import type { CounterpartChoice } from '../../../server/src/core';
import { counted } from '../../../server/src/core';
import type { Command } from '../context';
import { confirmDone } from '../notify';
import { ExtensionError } from '../log';
import { ask } from '../serverPort';
import { exportIds, exportTarget, folderArg, testCaseChoices } from './exportFlow';
import { importTargets, importUris } from './importFlow';

// Import and export commands. From the Explorer they get the resource (and the selection), from
// an editor title or a CodeLens the file; from the palette the active file, or they ask.

export function createSyncActions(): Record<string, Command> {
  return {
    exportTestCases:
      ({ sync: ui }) =>
      async (arg: unknown) => {
        const folder = await folderArg(arg);
        const choices = await testCaseChoices(ui);
        if (choices.length === 0) {
          void vscode.window.showInformationMessage(`${ui.environment()} has no test cases to export.`);
          return;
        }
        const picked = await vscode.window.showQuickPick(
          choices.map((c) => ({
            label: c.name,
            description: [`id ${c.id}`, ...c.projects].join(' · '),
            detail: c.description,
            id: c.id,
          })),
          {
            title: 'Export Test Cases',
            canPickMany: true,
            matchOnDescription: true,
            matchOnDetail: true,
            placeHolder: 'Type to filter by name, id or project',
          },
        );
        if (!picked || picked.length === 0) return;
        const target = await exportTarget(picked.length, folder);
        if (!target) return;
        await exportIds(
          ui,
          picked.map((p) => p.id),
          target,
          picked.length === 1 ? picked[0]!.label : counted(picked.length, 'test case'),
          { open: true, listed: true },
        );
      },

    exportProject:
      ({ sync: ui }) =>
      async (arg: unknown) => {
        const folder = await folderArg(arg);
        const choices = await testCaseChoices(ui);
        const projects = new Map<string, number[]>();
        for (const c of choices) for (const p of c.projects) projects.set(p, [...(projects.get(p) ?? []), c.id]);
        if (projects.size === 0) {
          void vscode.window.showInformationMessage(`No test case on ${ui.environment()} belongs to a project.`);
          return;
        }
        const picked = await vscode.window.showQuickPick(
          [...projects]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, ids]) => ({ label: name, description: counted(ids.length, 'test case'), ids })),
          {
            title: 'Export Project',
            placeHolder: 'Choose the project whose test cases to export',
            matchOnDescription: true,
          },
        );
        if (!picked) return;
        const target = await exportTarget(picked.ids.length, folder);
        if (!target) return;
        await exportIds(ui, picked.ids, target, `project ${picked.label}`, { open: true, listed: true });
      },

    importToService:
      ({ sync }) =>
      async (...args: unknown[]) => {
        const uris = importTargets(args);
        if (uris.length === 0) {
          throw new ExtensionError(
            'Nothing to import: open a *.testcase.json or *.testcases.json file, or choose files or a folder in the Explorer, then run Import to Service.',
          );
        }
        await importUris(sync, uris);
      },

    refreshFromService:
      ({ server, sync: ui }) =>
      async (arg: unknown) => {
        const [uri] = importTargets([arg]);
        if (!uri || !uri.path.endsWith('.testcase.json')) {
          throw new ExtensionError(
            'Refresh from Service works on a *.testcase.json file: open one, then run it again.',
          );
        }
        const [link] = await ask(server, LinkedCasesRequest, { uris: [uri.toString()] });
        if (!link) {
          throw new ExtensionError(
            `${ui.pathOf(uri.toString())} is not linked to a test case on ${ui.environment()}. Import it first, or export the test case into this folder.`,
          );
        }
        // The server keeps the name of a file already linked in the target folder.
        await exportIds(ui, [link.id], { folder: vscode.Uri.joinPath(uri, '..') }, link.name ?? `test case ${link.id}`);
      },

    // The quick fix of foreign-reference: the counterpart is kept by the server (the sync state), the file is not edited.
    chooseCounterpart:
      ({ server, sync: ui }) =>
      async (arg: unknown) => {
        const choice = arg as CounterpartChoice;
        await ask(server, ChooseCounterpartRequest, choice);
        confirmDone(
          server.log,
          `${ui.environment()} uses ${choice.kind} ${choice.to} for ${choice.kind} ${choice.from} of ${choice.home} (kept in .tas/sync.json).`,
        );
      },
  };
}
