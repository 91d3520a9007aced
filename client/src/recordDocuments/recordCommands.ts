import * as vscode from 'vscode';
import type { RecordDocumentKind } from '../../../server/src/core';
import {
  DeleteRecordRequest,
  DeviceUsersRequest,
  ListApiClientsRequest,
  NewRecordDocumentRequest,
  RecordChoicesRequest,
} from '../../../server/src/protocol';
import type { Command, Ctx } from '../context';
import { confirmed } from '../modal';
import { confirmDone } from '../notify';
import { deleteApiClientQuestion, deleteDeviceQuestion } from '../questions';
import { ask } from '../serverPort';
import { filesReferring } from '../views/projectActions';
import { apiClientIdsIn, deviceIdsIn } from '../views/projectFormat';
import { usersDetail } from './usage';

// New Device..., New Test Node..., New API Client..., New Trace Filter... open a new record's
// document (a device's test node and model picked from the service's lists first); Save creates
// the record. Delete Device... and Delete API Client... say first what uses the record.

type Row = {
  type?: string;
  device?: { id: number; name: string };
  node?: { id: number; name: string };
  client?: { id: number; name?: string };
};

async function newRecord(ctx: Ctx, kind: RecordDocumentKind): Promise<void> {
  let picks: { testNodeId?: number; deviceModelId?: number } = {};
  if (kind === 'mobileDevice') {
    const choices = await ask(ctx.server, RecordChoicesRequest);
    const node = await vscode.window.showQuickPick(
      choices.testNodes.map((n) => ({ label: n.name ?? `test node ${n.id}`, description: `id ${n.id}`, id: n.id })),
      { title: 'New Device (1/2)', placeHolder: 'The test node that hosts the device', matchOnDescription: true },
    );
    if (!node) return;
    const model = await vscode.window.showQuickPick(
      choices.deviceModels.map((m) => ({
        label: m.name ?? `device model ${m.id}`,
        description: `id ${m.id}`,
        id: m.id,
      })),
      { title: 'New Device (2/2)', placeHolder: 'The device model', matchOnDescription: true },
    );
    if (!model) return;
    picks = { testNodeId: node.id, deviceModelId: model.id };
  }
  const { text } = await ask(ctx.server, NewRecordDocumentRequest, { kind, ...picks });
  await ctx.recordDocuments.openNew(kind, text);
}

async function deviceArg(ctx: Ctx, arg: unknown, title: string): Promise<{ id: number; name: string } | undefined> {
  const row = arg as Row | undefined;
  if (row?.type === 'device' && row.device) return row.device;
  const o = await ctx.views.devices.load();
  const picked = await vscode.window.showQuickPick(
    o.devices.map((d) => ({ label: d.name, description: d.msisdn ?? '', device: d })),
    { title, placeHolder: 'Choose a device', matchOnDescription: true },
  );
  return picked?.device;
}

async function apiClientArg(ctx: Ctx, arg: unknown, title: string): Promise<{ id: number; name: string } | undefined> {
  const row = arg as Row | undefined;
  if (row?.type === 'apiClient' && row.client)
    return { id: row.client.id, name: row.client.name ?? `API client ${row.client.id}` };
  const list =
    ctx.views.apiClients.loaded.length > 0 ? ctx.views.apiClients.loaded : await ask(ctx.server, ListApiClientsRequest);
  const picked = await vscode.window.showQuickPick(
    list.map((c) => ({ label: c.name ?? `API client ${c.id}`, description: `id ${c.id}`, id: c.id })),
    { title, placeHolder: 'Choose an API client' },
  );
  return picked && { id: picked.id, name: picked.label };
}

const relative = (uris: vscode.Uri[]) => uris.map((u) => vscode.workspace.asRelativePath(u));

export function createRecordCommands(): Record<string, Command> {
  return {
    newDevice: (ctx) => () => newRecord(ctx, 'mobileDevice'),
    newTestNode: (ctx) => () => newRecord(ctx, 'testNode'),
    createApiClient: (ctx) => () => newRecord(ctx, 'apiClient'),
    createTraceFilter: (ctx) => () => newRecord(ctx, 'traceFilter'),

    deleteDevice: (ctx) => async (arg: unknown) => {
      const d = await deviceArg(ctx, arg, 'Delete Device');
      if (!d) return;
      const [testCases, files] = await Promise.all([
        ask(ctx.server, DeviceUsersRequest, { id: d.id }),
        filesReferring(d.id, deviceIdsIn),
      ]);
      if (!(await confirmed(deleteDeviceQuestion(d.name, usersDetail(testCases, relative(files), 'device'))))) return;
      await ask(ctx.server, DeleteRecordRequest, { kind: 'mobileDevice', id: d.id, shown: d.name });
      ctx.views.devices.refresh();
      confirmDone(ctx.log, `Device ${d.name} deleted.`);
    },

    deleteApiClient: (ctx) => async (arg: unknown) => {
      const c = await apiClientArg(ctx, arg, 'Delete API Client');
      if (!c) return;
      const files = await filesReferring(c.id, apiClientIdsIn);
      if (!(await confirmed(deleteApiClientQuestion(c.name, usersDetail([], relative(files), 'API client'))))) return;
      await ask(ctx.server, DeleteRecordRequest, { kind: 'apiClient', id: c.id, shown: c.name });
      ctx.views.apiClients.refresh();
      confirmDone(ctx.log, `API client ${c.name} deleted.`);
    },
  };
}
