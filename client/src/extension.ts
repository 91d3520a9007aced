import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { Ctx } from './context';
import { showError } from './log';

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Test Automation Service', { log: true });
  context.subscriptions.push(log);
  ctx = new Ctx(context, log);
  registerCommands(ctx);
  try {
    await ctx.startServer();
  } catch (err) {
    // Activation goes on without the server: commands such as Show Log still work.
    void showError(log, err);
  }
}

export async function deactivate(): Promise<void> {
  await ctx?.stopServer();
  ctx = undefined;
}
