import * as vscode from 'vscode';
import {
  CreateProjectRequest,
  DeleteProjectRequest,
  DeleteTraceFilterRequest,
  ListProjectsRequest,
  ListTraceFiltersRequest,
  RenameProjectRequest,
  UpdateTraceFilterRequest,
} from '../../../server/src/protocol';
import {
  FILE_PATTERNS,
  isRecordDocumentKind,
  isRemoteViewKind,
  kindOfProjectEntity,
  remoteUri,
  type ProjectEntityType,
  type ProjectRefInfo,
  type TraceFilterSummary,
  counted,
} from '../../../server/src/core';
import type { Command } from '../context';
import { confirmed } from '../modal';
import { deleteProjectQuestion, deleteTraceFilterQuestion } from '../questions';
import { ask, type RequestPort } from '../serverPort';
import { assignToProjects } from './assignToProjects';
import { nameRule } from './names';
import { traceFilterIdsIn } from './projectFormat';
import type { ProjectNode } from './projectsView';
import type { TraceFilterNode } from './traceFiltersView';
import type { Views } from './views';
import { confirmDone } from '../notify';

// The Trace Filters and Projects commands, and Assign to Projects... From a view they get the
// row; from the palette they ask for their target with a quick pick.

/** The project members Open shows (as a record document, else a remote view); the others not yet. */
const OPENED: ReadonlySet<ProjectEntityType> = new Set<ProjectEntityType>([
  'TEST_CASE',
  'TEST_SUITE',
  'MOBILE_ID',
  'TRACE_FILTER',
]);

const isTraceFilterNode = (x: unknown): x is TraceFilterNode =>
  typeof x === 'object' && x !== null && (x as TraceFilterNode).type === 'traceFilter';
const isProjectNode = (x: unknown): x is ProjectNode & { type: 'project' } =>
  typeof x === 'object' && x !== null && (x as ProjectNode).type === 'project';

async function traceFilterArg(
  server: RequestPort,
  views: Views,
  arg: unknown,
  title: string,
): Promise<TraceFilterSummary | undefined> {
  if (isTraceFilterNode(arg)) return arg.filter;
  const filters =
    views.traceFilters.loaded.length > 0 ? views.traceFilters.loaded : await ask(server, ListTraceFiltersRequest);
  const picked = await vscode.window.showQuickPick(
    filters.map((f) => ({ label: f.name, description: f.filter, filter: f })),
    { title, placeHolder: 'Choose a trace filter', matchOnDescription: true },
  );
  return picked?.filter;
}

// The names a box refuses: the view's, or the service's list when the view has read none yet.
const knownFilters = async (server: RequestPort, views: Views): Promise<readonly TraceFilterSummary[]> =>
  views.traceFilters.loaded.length > 0 ? views.traceFilters.loaded : ask(server, ListTraceFiltersRequest);
const knownProjects = async (server: RequestPort, views: Views): Promise<readonly ProjectRefInfo[]> =>
  views.projects.loaded.length > 0
    ? views.projects.loaded
    : (await ask(server, ListProjectsRequest, { page: 0, size: 200 })).items;

async function projectArg(
  server: RequestPort,
  views: Views,
  arg: unknown,
  title: string,
): Promise<ProjectRefInfo | undefined> {
  if (isProjectNode(arg)) return arg.project;
  const projects =
    views.projects.loaded.length > 0
      ? views.projects.loaded
      : (await ask(server, ListProjectsRequest, { page: 0, size: 200 })).items;
  const picked = await vscode.window.showQuickPick(
    projects.map((p) => ({ label: p.name, description: `id ${p.id}`, project: p })),
    { title, placeHolder: 'Choose a project' },
  );
  return picked?.project;
}

/** Name and filter, asked one after the other; undefined when the user gives up. */
async function askTraceFilter(
  title: string,
  taken: string[],
  start?: TraceFilterSummary,
): Promise<{ name: string; filter: string } | undefined> {
  const name = await vscode.window.showInputBox({
    title,
    prompt: 'Name of the trace filter',
    value: start?.name ?? '',
    validateInput: nameRule('traceFilter', taken, start?.name),
  });
  if (name === undefined) return undefined;
  const filter = await vscode.window.showInputBox({
    title,
    prompt: 'The filter expression',
    value: start?.filter ?? '',
    validateInput: (v) => (v.trim() === '' ? 'The filter must not be empty.' : undefined),
  });
  if (filter === undefined) return undefined;
  return { name: name.trim(), filter };
}

/** Workspace test-case files whose traceFilterId values (or what `idsIn` reads) name this id (open editors included). */
export async function filesReferring(
  id: number,
  idsIn: (text: string) => Set<number> = traceFilterIdsIn,
): Promise<vscode.Uri[]> {
  const files = await vscode.workspace.findFiles(`{${FILE_PATTERNS.join(',')}}`, '**/node_modules/**', 5000);
  const out: vscode.Uri[] = [];
  for (const uri of files) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    if (idsIn(text).has(id)) out.push(uri);
  }
  return out;
}

export function createProjectActions(): Record<string, Command> {
  return {
    refreshTraceFilters:
      ({ views }) =>
      () =>
        views.traceFilters.refresh(),
    openTraceFilter:
      ({ server, views, recordDocuments }) =>
      async (arg: unknown) => {
        const f = await traceFilterArg(server, views, arg, 'Open Trace Filter');
        if (f) await recordDocuments.open('traceFilter', f.id);
      },
    editTraceFilter:
      ({ server, views }) =>
      async (arg: unknown) => {
        const f = await traceFilterArg(server, views, arg, 'Edit Trace Filter');
        if (!f) return;
        const input = await askTraceFilter(
          `Edit Trace Filter ${f.name}`,
          (await knownFilters(server, views)).map((x) => x.name),
          f,
        );
        if (!input) return;
        await ask(server, UpdateTraceFilterRequest, { id: f.id, ...input, shown: f.name });
        views.traceFilters.refresh();
        confirmDone(server.log, `Trace filter ${input.name} saved.`);
      },
    deleteTraceFilter:
      ({ server, views }) =>
      async (arg: unknown) => {
        const f = await traceFilterArg(server, views, arg, 'Delete Trace Filter');
        if (!f) return;
        const users = await filesReferring(f.id);
        const names = users
          .slice(0, 5)
          .map((u) => vscode.workspace.asRelativePath(u))
          .join(', ');
        const detail =
          users.length > 0
            ? `${counted(users.length, 'test-case file')} in this workspace refer${users.length === 1 ? 's' : ''} to it (${names}${users.length > 5 ? ', ...' : ''}). They will name a trace filter that no longer exists.`
            : 'No test-case file in this workspace refers to it.';
        if (!(await confirmed(deleteTraceFilterQuestion(f.name, detail)))) return;
        await ask(server, DeleteTraceFilterRequest, { id: f.id, shown: f.name });
        views.traceFilters.refresh();
        confirmDone(server.log, `Trace filter ${f.name} deleted.`);
      },

    refreshProjects:
      ({ views }) =>
      () =>
        views.projects.refresh(),
    loadMoreProjects:
      ({ views }) =>
      () =>
        views.projects.loadMore(),
    createProject:
      ({ server, views }) =>
      async () => {
        const taken = (await knownProjects(server, views)).map((p) => p.name);
        const name = await vscode.window.showInputBox({
          title: 'New Project',
          prompt: 'Name of the project; assign records to it with Assign to Projects...',
          validateInput: nameRule('project', taken),
        });
        if (!name) return;
        const { id } = await ask(server, CreateProjectRequest, { name: name.trim() });
        views.projects.refresh();
        confirmDone(server.log, `Project ${name.trim()} created (id ${id}).`);
      },
    renameProject:
      ({ server, views }) =>
      async (arg: unknown) => {
        const p = await projectArg(server, views, arg, 'Rename Project');
        if (!p) return;
        const known = await knownProjects(server, views);
        const name = await vscode.window.showInputBox({
          title: `Rename Project ${p.name}`,
          value: p.name,
          validateInput: nameRule(
            'project',
            known.map((x) => x.name),
            p.name,
          ),
        });
        if (!name || name.trim() === p.name) return;
        const renamed = await ask(server, RenameProjectRequest, { id: p.id, name: name.trim(), shown: p.name });
        views.projects.refresh();
        confirmDone(server.log, `Project ${p.name} is now ${renamed.name}.`);
      },
    deleteProject:
      ({ server, views }) =>
      async (arg: unknown) => {
        const p = await projectArg(server, views, arg, 'Delete Project');
        if (!p) return;
        if (!(await confirmed(deleteProjectQuestion(p.name)))) return;
        await ask(server, DeleteProjectRequest, { id: p.id, shown: p.name });
        views.projects.refresh();
        confirmDone(server.log, `Project ${p.name} deleted.`);
      },
    openProjectMember:
      ({ recordDocuments }) =>
      async (arg: unknown) => {
        const node = arg as ProjectNode | undefined;
        if (node?.type !== 'member') return;
        const kind = OPENED.has(node.entity.entityType) ? kindOfProjectEntity(node.entity.entityType) : undefined;
        if (kind && isRecordDocumentKind(kind)) await recordDocuments.open(kind, node.entity.id);
        else if (kind && isRemoteViewKind(kind))
          await vscode.window.showTextDocument(vscode.Uri.parse(remoteUri(kind, node.entity.id)), { preview: true });
        else
          void vscode.window.showInformationMessage(
            `${node.entity.label}: the extension has no record view for this kind yet; its view in the Test Automation container shows it.`,
          );
      },

    assignToProjects: ({ server, views }) => assignToProjects(server, () => views.projects.refresh()),
  };
}
