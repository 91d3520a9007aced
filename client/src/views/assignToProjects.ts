import * as vscode from 'vscode';
import { AssignProjectsRequest, ProjectAssignmentsRequest } from '../../../server/src/protocol';
import { isAdmin, userLabel, type EntityRef, type ProjectEntityType } from '../../../server/src/core';
import { ask, type RequestPort, type ServerPort } from '../serverPort';
import { ExtensionError } from '../log';
import { confirmed } from '../modal';
import { clearProjectsQuestion, notOwnerQuestion } from '../questions';
import { readSignedIn } from '../signedInUser';
import { assignmentSummary, byType, clearQuestion, kindWord, pickState, selectedEntities } from './projectFormat';
import { confirmDone } from '../notify';

// Assign to Projects...: the chosen projects replace each record's set (rule 2). The picker starts
// from the current sets (rule 1); "New project..." adds names the service creates (rule 5); an
// empty choice clears after a confirmation (rule 3); the result is read back and said (rule 6).

const NEW_PROJECT = 'New project...';

type Item = vscode.QuickPickItem & { projectName?: string; isNew?: boolean };

async function chooseNames(
  requests: RequestPort,
  entityType: ProjectEntityType,
  entities: EntityRef[],
): Promise<{ names: string[]; hadAny: boolean } | undefined> {
  const { entities: current, projects } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Reading project assignments' },
    () => ask(requests, ProjectAssignmentsRequest, { entityType, ids: entities.map((e) => e.id) }),
  );
  const { common, partial } = pickState(current);
  const chosen = new Set(common.map((p) => p.id));
  const what =
    entities.length === 1
      ? `${kindWord(entityType, 1)} ${entities[0]!.label}`
      : `${entities.length} ${kindWord(entityType, entities.length)}`;
  const items: Item[] = [
    {
      label: `$(add) ${NEW_PROJECT}`,
      isNew: true,
      alwaysShow: true,
      description: 'a name that does not exist yet creates the project',
    },
    ...projects.map((p) => ({
      label: p.name,
      projectName: p.name,
      picked: chosen.has(p.id),
      ...(partial.has(p.id) && { description: `now: ${partial.get(p.id)} of ${entities.length}` }),
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `Assign ${what} to Projects`,
    canPickMany: true,
    placeHolder: 'The chosen projects replace the current ones; choose none to remove from all projects',
  });
  if (!picked) return undefined;
  const names = picked.flatMap((i) => (i.projectName ? [i.projectName] : []));
  if (picked.some((i) => i.isNew)) {
    const name = await vscode.window.showInputBox({
      title: `Assign ${what} to a new project`,
      prompt: 'Name of the new project; the service creates it with the assignment',
      validateInput: (v) => (v.trim() === '' ? 'The project needs a name.' : undefined),
    });
    if (name === undefined) return undefined;
    // An existing name just picks that project: the service matches names.
    if (!names.includes(name.trim())) names.push(name.trim());
  }
  return { names: [...new Set(names)], hadAny: current.some((e) => e.projects.length > 0) };
}

/** The command: the clicked row, or the selected rows, of any view whose rows carry `entity`. */
export function assignToProjects(requests: ServerPort, refreshProjects: () => void) {
  return async (clicked?: unknown, selection?: unknown): Promise<void> => {
    const entities = selectedEntities(clicked, selection);
    if (entities.length === 0)
      throw new ExtensionError(
        'Choose a test case, suite, device, test node, trace filter or device token in a Test Automation view, then run Assign to Projects... from its menu.',
      );
    // Rule 7: without ADMIN the service refuses records the user does not own; said before sending.
    const me = await readSignedIn(requests);
    for (const [entityType, group] of byType(entities)) {
      const choice = await chooseNames(requests, entityType, group);
      if (!choice) return;
      if (
        me &&
        !isAdmin(me) &&
        !(await confirmed(
          notOwnerQuestion(
            userLabel(me),
            me.role,
            group.map((e) => e.label),
          ),
        ))
      )
        return;
      if (choice.names.length === 0) {
        if (!choice.hadAny) {
          void vscode.window.showInformationMessage(
            `Nothing to change: ${group.length === 1 ? group[0]!.label : `these ${kindWord(entityType, 2)}`} ${group.length === 1 ? 'is' : 'are'} in no project.`,
          );
          continue;
        }
        if (!(await confirmed(clearProjectsQuestion(clearQuestion(group))))) return;
      }
      const r = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Assigning to projects' },
        () =>
          ask(requests, AssignProjectsRequest, { entityType, ids: group.map((e) => e.id), projectNames: choice.names }),
      );
      refreshProjects();
      confirmDone(requests.log, assignmentSummary(group, r.entities));
    }
  };
}
