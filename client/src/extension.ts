import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { ConnectionStatus } from './connectionStatus';
import { Ctx } from './context';
import { Environments } from './environments';
import { registerMcpServer } from './mcpServer';
import { registerTemplate } from './newTestCase';

// The extension's entry points: activation reads as the order things are made in.

let ctx: Ctx | undefined;

export async function activate(extension: vscode.ExtensionContext): Promise<void> {
  // Activation time, told in the log (the bench reads it from a real editor).
  const began = performance.now();
  const log = vscode.window.createOutputChannel('Test Automation Service', { log: true });
  const environments = new Environments(extension.secrets);
  const status = new ConnectionStatus();
  extension.subscriptions.push(log, environments, status);

  ctx = new Ctx(extension, log, environments, status);
  extension.subscriptions.push(ctx);

  registerCommands(ctx);
  registerTemplate(extension.subscriptions);
  registerMcpServer(extension, environments, log);
  await ctx.start();
  log.info(`activated in ${Math.round(performance.now() - began)} ms`);
}

export async function deactivate(): Promise<void> {
  await ctx?.server.stop();
  ctx = undefined;
}
