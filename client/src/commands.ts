import * as vscode from 'vscode';
import type { Command, Ctx } from './context';
import type { Check } from './environments';
import { showError } from './log';
import { createSyncActions } from './sync/actions';
import { createViewActions } from './views/actions';
import { createDeviceActions } from './views/deviceActions';
import { createProjectActions } from './views/projectActions';
import { createApiClientActions } from './views/apiClientActions';
import { createUserActions } from './views/userActions';
import { createRecordCommands } from './recordDocuments/recordCommands';
import { newTestCase } from './newTestCase';
import { createTestCaseActions } from './views/testCaseActions';
import { confirmDone } from './notify';

// The one table of commands, by name without the prefix, and their registration.

/** The command prefix; package.json contributes the same ids. */
export const PREFIX = 'tas.';

const check =
  (ctx: Ctx): Check =>
  (candidate) =>
    ctx.server.checkEnvironment(candidate);

/** Every command of the extension, without its prefix. */
export function createCommands(): Record<string, Command> {
  return {
    ...createViewActions(),
    ...createDeviceActions(),
    ...createProjectActions(),
    ...createApiClientActions(),
    ...createUserActions(),
    ...createRecordCommands(),
    newTestCase,
    ...createTestCaseActions(),
    ...createSyncActions(),
    showLog: (ctx) => () => ctx.log.show(),
    // A CodeLens passes the test case's id, the Test Cases view its row; the palette: every test case's.
    showHistory: (ctx) => (arg?: unknown) =>
      ctx.views.history.open(
        typeof arg === 'number'
          ? arg
          : typeof arg === 'object' && arg !== null && 'testCase' in arg
            ? (arg as { testCase: { id: number } }).testCase.id
            : undefined,
      ),
    // A CodeLens passes the file and a bundle's case; the editor title passes the file.
    runTestCase: (ctx) => (uri?: unknown, index?: unknown) => ctx.testing.runFile(uri, index),
    restartServer: (ctx) => async () => {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Restarting the Test Automation language server' },
        () => ctx.server.restart(),
      );
    },
    // The status bar passes the environment whose credentials were refused.
    signIn: (ctx) => async (name?: unknown) => {
      const signedIn = await ctx.environments.signIn(check(ctx), typeof name === 'string' ? name : undefined);
      if (!signedIn) return;
      // The same credentials again change no setting: a status that said "refused" must still be renewed.
      if (signedIn === ctx.environments.activeName()) await ctx.server.sendEnvironment(true);
      confirmDone(ctx.log, `Test Automation Service: signed in to ${signedIn}.`);
    },
    signOut: (ctx) => async () => {
      const name = await ctx.environments.signOut();
      if (name) confirmDone(ctx.log, `Test Automation Service: signed out of ${name}.`);
    },
    selectEnvironment: (ctx) => () => ctx.environments.select(check(ctx)),
    manageEnvironments: (ctx) => async () => {
      const done = await ctx.environments.manage(check(ctx));
      if (done) confirmDone(ctx.log, `Test Automation Service: ${done}`);
    },
    refresh: (ctx) => async () => {
      const r = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Reloading devices, trace filters and test cases from the service',
        },
        () => ctx.server.refresh(),
      );
      confirmDone(
        ctx.log,
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
