import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { Ctx } from './context';
import { Environments } from './environments';
import { showError } from './log';
import { registerRemoteRecords } from './remoteRecords';
import { ConnectionStatus } from './connectionStatus';
import { syncUi } from './importExport/ui';
import { Testing } from './testing/testing';
import { Views } from './views/views';

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Test Automation Service', { log: true });
  const environments = new Environments(context.secrets);
  const status = new ConnectionStatus();
  context.subscriptions.push(log, environments, status);
  ctx = new Ctx(context, log, environments, status);
  const c = ctx;
  ctx.views = new Views(
    ctx,
    (watching, focused) => c.sendAttention(watching, focused),
    (visible) => c.sendDevicesVisible(visible),
  );
  context.subscriptions.push(ctx.views);
  ctx.testing = new Testing(ctx, ctx.views);
  context.subscriptions.push(ctx.testing);
  registerCommands(ctx);
  syncUi(ctx); // CodeLens over test-case files
  context.subscriptions.push(
    registerRemoteRecords(() => c.languageClient),
    environments.onDidChange(() => void c.sendEnvironment().catch((err: unknown) => showError(log, err))),
  );
  try {
    await ctx.startServer();
    ctx.views.attention();
  } catch (err) {
    // Activation goes on without the server: commands such as Show Log still work.
    void showError(log, err);
  }
}

export async function deactivate(): Promise<void> {
  await ctx?.stopServer();
  ctx = undefined;
}
