import * as vscode from 'vscode';
import type { Ctx } from './context';
import type { Check } from './environments';
import { ExtensionError, showError } from './log';
import { createSyncActions } from './importExport/actions';
import { createViewActions } from './views/actions';
import { createDeviceActions } from './views/deviceActions';
import { createProjectActions } from './views/projectActions';
import { createTestCaseActions } from './views/testCaseActions';

/** The command prefix; package.json contributes the same ids. */
export const PREFIX = 'tas.';

type Command = (ctx: Ctx) => (...args: unknown[]) => unknown;

/** The views' commands, given the views once they exist. */
function viewCommands(): Record<string, Command> {
  return Object.fromEntries(
    Object.entries({ ...createViewActions(), ...createDeviceActions(), ...createProjectActions(), ...createTestCaseActions() }).map(([name, action]) => [
      name,
      (ctx: Ctx) =>
        (...args: unknown[]) => {
          if (!ctx.views) throw new ExtensionError('The Test Automation views are not ready yet; try again in a moment.');
          return action(ctx, ctx.views)(...args);
        },
    ]),
  );
}

const check = (ctx: Ctx): Check => (candidate) => ctx.checkEnvironment(candidate);

/** Every command of the extension, without its prefix. */
export function createCommands(): Record<string, Command> {
  return {
    ...viewCommands(),
    ...createSyncActions(),
    showLog: (ctx) => () => ctx.log.show(),
    // A CodeLens passes the file and a bundle's case; the editor title passes the file.
    runTestCase: (ctx) => async (uri?: unknown, index?: unknown) => {
      if (!ctx.testing) throw new ExtensionError('Test Explorer for test-case files is not ready yet; try again in a moment.');
      await ctx.testing.runFile(uri, index);
    },
    restartServer: (ctx) => async () => {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Restarting the Test Automation language server' },
        () => ctx.restartServer(),
      );
    },
    // The status bar passes the environment whose credentials were refused.
    signIn: (ctx) => async (name?: unknown) => {
      const signedIn = await ctx.environments.signIn(check(ctx), typeof name === 'string' ? name : undefined);
      if (!signedIn) return;
      // The same credentials again change no setting: a status that said "refused" must still be renewed.
      if (signedIn === ctx.environments.activeName()) await ctx.sendEnvironment(true);
      void vscode.window.showInformationMessage(`Test Automation Service: signed in to ${signedIn}.`);
    },
    signOut: (ctx) => async () => {
      const name = await ctx.environments.signOut();
      if (name) void vscode.window.showInformationMessage(`Test Automation Service: signed out of ${name}.`);
    },
    selectEnvironment: (ctx) => () => ctx.environments.select(check(ctx)),
    manageEnvironments: (ctx) => async () => {
      const done = await ctx.environments.manage(check(ctx));
      if (done) void vscode.window.showInformationMessage(`Test Automation Service: ${done}`);
    },
    refresh: (ctx) => async () => {
      const r = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Reloading devices, trace filters and test cases from the service' },
        () => ctx.refresh(),
      );
      void vscode.window.showInformationMessage(
        `Test Automation Service: ${r.devices} devices, ${r.traceFilters} trace filters, ${r.testCases} test cases loaded.`,
      );
    },
  };
}

/** Registers the table; a failing command shows its error once and logs it. */
export function registerCommands(ctx: Ctx): void {
  for (const [name, command] of Object.entries(createCommands())) {
    const run = command(ctx);
    ctx.extension.subscriptions.push(
      vscode.commands.registerCommand(PREFIX + name, async (...args: unknown[]) => {
        try {
          return await run(...args);
        } catch (err) {
          void showError(ctx.log, err);
          return undefined;
        }
      }),
    );
  }
}
