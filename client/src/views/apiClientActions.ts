import * as vscode from 'vscode';
import {
  ListApiClientsRequest,
  SetApiClientPasswordRequest,
  UpdateApiClientRequest,
} from '../../../server/src/protocol';
import { type ApiClientInfo, type ApiClientInput } from '../../../server/src/core';
import type { Command } from '../context';
import { confirmDone } from '../notify';
import { ask, type RequestPort } from '../serverPort';
import type { ApiClientNode } from './apiClientsView';
import { nameRule } from './names';
import type { Views } from './views';

// The API Clients commands. From the view they get the row; from the palette they ask with a
// quick pick. The password is typed in a password box, sent once, and never shown, logged or
// written: the form's other answers are the only thing confirmed back.

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const AUTH_TYPES = ['NONE', 'BASIC', 'OAUTH2'];

const isNode = (x: unknown): x is ApiClientNode =>
  typeof x === 'object' && x !== null && (x as ApiClientNode).type === 'apiClient';

const known = async (server: RequestPort, views: Views): Promise<readonly ApiClientInfo[]> =>
  views.apiClients.loaded.length > 0 ? views.apiClients.loaded : ask(server, ListApiClientsRequest);

const label = (c: ApiClientInfo) => c.name ?? `API client ${c.id}`;

async function clientArg(
  server: RequestPort,
  views: Views,
  arg: unknown,
  title: string,
): Promise<ApiClientInfo | undefined> {
  if (isNode(arg)) return arg.client;
  const picked = await vscode.window.showQuickPick(
    (await known(server, views)).map((c) => ({
      label: label(c),
      description: [c.httpMethod, c.serverURL].filter(Boolean).join(' '),
      client: c,
    })),
    { title, placeHolder: 'Choose an API client', matchOnDescription: true },
  );
  return picked?.client;
}

/** The form, one box after the other; undefined when the user gives up. */
async function askApiClient(
  title: string,
  taken: string[],
  start?: ApiClientInfo,
): Promise<ApiClientInput | undefined> {
  const name = await vscode.window.showInputBox({
    title,
    prompt: 'Name of the API client',
    value: start?.name ?? '',
    validateInput: nameRule('apiClient', taken, start?.name),
  });
  if (name === undefined) return undefined;
  const method = await vscode.window.showQuickPick(METHODS, {
    title,
    placeHolder: `HTTP method${start?.httpMethod ? ` (now ${start.httpMethod})` : ''}`,
  });
  if (method === undefined) return undefined;
  const serverURL = await vscode.window.showInputBox({
    title,
    prompt: 'The URL the client calls',
    value: start?.serverURL ?? 'https://',
    validateInput: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? undefined : 'Enter an http:// or https:// URL.'),
  });
  if (serverURL === undefined) return undefined;
  const authType = await vscode.window.showQuickPick(AUTH_TYPES, {
    title,
    placeHolder: `Authentication${start?.authType ? ` (now ${start.authType})` : ''}`,
  });
  if (authType === undefined) return undefined;
  const input: ApiClientInput = {
    name: name.trim(),
    httpMethod: method,
    serverURL: serverURL.trim(),
    apiClientAuthType: authType,
  };
  if (authType === 'BASIC') {
    const username = await vscode.window.showInputBox({ title, prompt: 'User name' });
    if (username === undefined) return undefined;
    // Write-only: never prefilled (the editor is never told it), empty keeps the service's.
    const password = await vscode.window.showInputBox({
      title,
      prompt: start ? 'Password (leave empty to keep the current one)' : 'Password',
      password: true,
    });
    if (password === undefined) return undefined;
    input.username = username;
    if (password !== '') input.password = password;
  }
  return input;
}

export function createApiClientActions(): Record<string, Command> {
  return {
    refreshApiClients:
      ({ views }) =>
      () =>
        views.apiClients.refresh(),
    openApiClient:
      ({ server, views, recordDocuments }) =>
      async (arg: unknown) => {
        const c = await clientArg(server, views, arg, 'Open API Client');
        if (c) await recordDocuments.open('apiClient', c.id);
      },
    editApiClient:
      ({ server, views }) =>
      async (arg: unknown) => {
        const c = await clientArg(server, views, arg, 'Edit API Client');
        if (!c) return;
        const input = await askApiClient(`Edit API Client ${label(c)}`, (await known(server, views)).map(label), c);
        if (!input) return;
        await ask(server, UpdateApiClientRequest, { id: c.id, input, shown: label(c) });
        views.apiClients.refresh();
        confirmDone(server.log, `API client ${input.name} saved.`);
      },
    // Set API Client Password... (issue 29): typed twice in password boxes, since it is never shown.
    setApiClientPassword:
      ({ server, views }) =>
      async (arg: unknown) => {
        const c = await clientArg(server, views, arg, 'Set API Client Password');
        if (!c) return;
        const title = `Set Password of API Client ${label(c)}`;
        const password = await vscode.window.showInputBox({
          title,
          prompt: 'New password (not shown, not kept)',
          password: true,
          validateInput: (v) => (v === '' ? 'Enter a password.' : undefined),
        });
        if (password === undefined) return;
        const again = await vscode.window.showInputBox({
          title,
          prompt: 'The same password again',
          password: true,
          validateInput: (v) => (v === password ? undefined : 'Not the same as the first.'),
        });
        if (again !== password) return;
        await ask(server, SetApiClientPasswordRequest, { id: c.id, password, shown: label(c) });
        confirmDone(server.log, `The password of API client ${label(c)} was set.`);
      },
  };
}
