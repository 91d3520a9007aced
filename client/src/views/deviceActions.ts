import * as vscode from 'vscode';
import {
  AgentConfigRequest,
  CreateDeviceTokenRequest,
  DeviceTestCasesRequest,
  PrepareDeviceRequest,
  RestartAgentRequest,
  RevokeDeviceTokenRequest,
  ValidateDeviceTokenRequest,
} from '../../../server/src/protocol';
import { remoteUri, type DeviceSummary, type TestNodeSummary } from '../../../server/src/core';
import type { Command } from '../context';
import { askModal, confirmed } from '../modal';
import { agentConfigQuestion, restartAgentQuestion, revokeTokenQuestion, tokenCreatedQuestion } from '../questions';
import { ask } from '../serverPort';
import { restartQuestion, statusWord, tokenLabel } from './deviceFormat';
import type { DeviceNode } from './devicesView';
import { findLinkedFile } from './linkedFiles';
import type { Views } from './views';
import { confirmDone } from '../notify';

// The Devices view's commands. From a row they get the row; from the palette they ask for
// their target with a quick pick.

const isNode = <T extends DeviceNode['type']>(x: unknown, type: T): x is DeviceNode & { type: T } =>
  typeof x === 'object' && x !== null && (x as DeviceNode).type === type;

async function deviceArg(
  views: Views,
  arg: unknown,
  title: string,
  filter: (d: DeviceSummary) => boolean = () => true,
): Promise<DeviceSummary | undefined> {
  if (isNode(arg, 'device')) return arg.device;
  const o = await views.devices.load();
  const devices = o.devices.filter(filter);
  if (devices.length === 0) {
    void vscode.window.showInformationMessage('No device to choose from.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    devices.map((d) => ({
      label: d.name,
      description: [d.status ? statusWord(d.kind, d.status) : undefined, d.msisdn].filter(Boolean).join(' · '),
      detail: views.devices.nodeName(d.testNodeId),
      device: d,
    })),
    { title, placeHolder: 'Choose a device', matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.device;
}

async function nodeArg(views: Views, arg: unknown, title: string): Promise<TestNodeSummary | undefined> {
  if (isNode(arg, 'testNode')) return arg.node;
  const o = await views.devices.load();
  const picked = await vscode.window.showQuickPick(
    o.nodes.map((n) => ({
      label: n.name,
      description: [statusWord(n.kind, n.status), n.agentVersion && `agent ${n.agentVersion}`]
        .filter(Boolean)
        .join(' · '),
      node: n,
    })),
    { title, placeHolder: 'Choose a test node' },
  );
  return picked?.node;
}

export function createDeviceActions(): Record<string, Command> {
  return {
    refreshDevices:
      ({ views }) =>
      () =>
        views.devices.refresh(),

    prepareDevice:
      ({ server, views }) =>
      async (arg: unknown) => {
        const device = await deviceArg(views, arg, 'Prepare Device');
        if (!device) return;
        const { reading } = await ask(server, PrepareDeviceRequest, { id: device.id, shown: device.name });
        views.devices.followSettling('device', device.id, device.name, reading);
      },

    restartAgent:
      ({ server, views }) =>
      async (arg: unknown) => {
        const node = await nodeArg(views, arg, 'Restart Agent');
        if (!node) return;
        if (
          !(await confirmed(
            restartAgentQuestion(
              restartQuestion(
                node.name,
                views.devices.devicesOf(node.id).map((d) => d.name),
              ),
            ),
          ))
        )
          return;
        const { reading } = await ask(server, RestartAgentRequest, { id: node.id, shown: node.name });
        views.devices.followSettling('node', node.id, node.name, reading);
      },

    copyMsisdn:
      ({ server, views }) =>
      async (arg: unknown) => {
        const device = await deviceArg(views, arg, 'Copy MSISDN', (d) => d.msisdn !== undefined);
        if (!device?.msisdn) return;
        await vscode.env.clipboard.writeText(device.msisdn);
        confirmDone(server.log, `Copied MSISDN ${device.msisdn} of ${device.name}.`);
      },

    showDeviceTestCases:
      ({ server, views }) =>
      async (arg: unknown) => {
        const device = await deviceArg(views, arg, 'Show Test Cases Using This Device');
        if (!device) return;
        const cases = await ask(server, DeviceTestCasesRequest, { id: device.id, shown: device.name });
        if (cases.length === 0) {
          void vscode.window.showInformationMessage(`No test case uses ${device.name}.`);
          return;
        }
        const picked = await vscode.window.showQuickPick(
          cases.map((c) => ({ label: c.name, description: `id ${c.id}`, id: c.id })),
          {
            title: `Test cases using ${device.name}`,
            placeHolder: 'Open the linked file in the workspace, or else the record',
            matchOnDescription: true,
          },
        );
        if (!picked) return;
        const file = await findLinkedFile(server, picked.id);
        await vscode.window.showTextDocument(file ?? vscode.Uri.parse(remoteUri('testCase', picked.id)), {
          preview: true,
        });
      },

    openDeviceRecord:
      ({ views, recordDocuments }) =>
      async (arg: unknown) => {
        if (isNode(arg, 'testNode')) {
          await recordDocuments.open('testNode', arg.node.id);
          return;
        }
        const device = await deviceArg(views, arg, 'Open Device Record');
        if (device) await recordDocuments.open('mobileDevice', device.id);
      },

    createDeviceToken:
      ({ server, views }) =>
      async (arg: unknown) => {
        const device = await deviceArg(views, arg, 'Create Device Token');
        if (!device) return;
        const control = await vscode.window.showQuickPick(
          [
            { label: 'Without full control', description: 'the default', full: false },
            { label: 'With full control', description: 'the token may do everything the device allows', full: true },
          ],
          { title: `Create Device Token for ${device.name} (1/2)`, placeHolder: 'Full control?' },
        );
        if (!control) return;
        const hours = await vscode.window.showInputBox({
          title: `Create Device Token for ${device.name} (2/2)`,
          prompt: 'Hours until the token expires',
          value: '24',
          validateInput: (v) => (/^\s*[1-9]\d*\s*$/.test(v) ? undefined : 'A whole number of hours, 1 or more.'),
        });
        if (hours === undefined) return;
        const created = await ask(server, CreateDeviceTokenRequest, {
          mobileId: device.id,
          fullControl: control.full,
          expiryHours: Number(hours.trim()),
          shown: device.name,
        });
        views.devices.refresh();
        // The value is shown here once and kept nowhere: not in the log, settings or state.
        const choice = await askModal(
          tokenCreatedQuestion(tokenLabel(created.token), device.name, created.deviceTokenValue),
          'info',
        );
        if (choice === 'copy') {
          await vscode.env.clipboard.writeText(created.deviceTokenValue);
          confirmDone(server.log, `The value of ${tokenLabel(created.token)} was copied.`);
        }
      },

    // Lab tools (issue 29): the configuration is shown in the dialog only, never logged or kept.
    showAgentConfiguration:
      ({ server, views }) =>
      async (arg: unknown) => {
        const node = await nodeArg(views, arg, 'Show Agent Configuration');
        if (!node) return;
        const label =
          node.label ??
          (
            await vscode.window.showInputBox({
              title: `Show Agent Configuration of ${node.name}`,
              prompt: 'The service shows no label for this node: the agent label to read the configuration of',
              validateInput: (v) => (v.trim() === '' ? 'Enter a label.' : undefined),
            })
          )?.trim();
        if (!label) return;
        const { agentConfig } = await ask(server, AgentConfigRequest, { label, shown: node.name });
        if ((await askModal(agentConfigQuestion(node.name, label, agentConfig), 'info')) === 'copy') {
          await vscode.env.clipboard.writeText(agentConfig);
          confirmDone(server.log, `The agent configuration of ${node.name} was copied.`);
        }
      },

    // The token is pasted into a password box, sent once and kept nowhere; the answer holds no token.
    validateDeviceToken:
      ({ server }) =>
      async () => {
        const token = await vscode.window.showInputBox({
          title: 'Validate Device Token',
          prompt: 'Paste the device token; the service says whether it is valid. It is not kept.',
          password: true,
          validateInput: (v) => (v.trim() === '' ? 'Paste a token.' : undefined),
        });
        if (token === undefined) return;
        const verdict = await ask(server, ValidateDeviceTokenRequest, { token });
        const said = [verdict.words, ...verdict.facts].join(' ');
        if (verdict.valid === false) void vscode.window.showWarningMessage(said);
        else void vscode.window.showInformationMessage(said);
      },

    revokeDeviceToken:
      ({ server, views }) =>
      async (arg: unknown) => {
        if (!isNode(arg, 'deviceToken')) {
          void vscode.window.showInformationMessage(
            'Choose a token under its device in the Devices view, then Revoke Token.',
          );
          return;
        }
        const label = tokenLabel(arg.token);
        if (!(await confirmed(revokeTokenQuestion(label, arg.device.name)))) return;
        await ask(server, RevokeDeviceTokenRequest, { id: arg.token.id, shown: `${label} of ${arg.device.name}` });
        views.devices.refresh();
        confirmDone(server.log, `${label} of ${arg.device.name} was revoked.`);
      },
  };
}
