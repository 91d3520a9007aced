import * as vscode from 'vscode';
import type { Environments } from './environments';
import { MCP_PROVIDER_ID, type McpDefinition, mcpDefinition } from './mcpDefinition';

// `tas mcp` offered to the editor's agent (an MCP server definition provider), where the running
// editor has that API (VS Code 1.101 and later). The manifest's engine stays ^1.95, so the API is
// found at run time and the few types it needs are declared here. The definition names the
// active environment; its secret is read from the secret storage when the editor starts the
// server and handed to the child process's environment, never to a file or setting. The
// settings that turn it off or allow changes are read from user settings only: a workspace must
// not turn on changes for whoever opens it.

/** VS Code's McpStdioServerDefinition (1.101), as far as this provider uses it. */
interface StdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  cwd?: vscode.Uri;
  version?: string;
}

interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      onDidChangeMcpServerDefinitions?: vscode.Event<void>;
      provideMcpServerDefinitions(token: vscode.CancellationToken): Promise<StdioDefinition[]>;
      resolveMcpServerDefinition(
        server: StdioDefinition,
        token: vscode.CancellationToken,
      ): Promise<StdioDefinition | undefined>;
    },
  ): vscode.Disposable;
}

type StdioDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => StdioDefinition;

/** The editor's MCP API, when it has one. */
function mcpApi(): { lm: McpApi; Stdio: StdioDefinitionClass } | undefined {
  const api = vscode as unknown as {
    lm?: Partial<McpApi>;
    McpStdioServerDefinition?: StdioDefinitionClass;
  };
  const lm = api.lm;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || !api.McpStdioServerDefinition) return undefined;
  return { lm: lm as McpApi, Stdio: api.McpStdioServerDefinition };
}

/** The user's own value of a setting (never a workspace's). */
function userSetting(key: 'mcpServer' | 'allowChanges', fallback: boolean): boolean {
  const value = vscode.workspace.getConfiguration('tas.assistants').inspect<boolean>(key)?.globalValue;
  return typeof value === 'boolean' ? value : fallback;
}

/** The definition for the active environment now; `withSecret`: as the server starts. */
async function definitionNow(
  extension: vscode.ExtensionContext,
  environments: Environments,
  withSecret: boolean,
): Promise<McpDefinition | undefined> {
  if (!userSetting('mcpServer', true)) return undefined;
  const active = await environments.resolve();
  if (!active) return undefined;
  const { clientSecret, ...rest } = active;
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  return mcpDefinition({
    extensionPath: extension.extensionPath,
    nodePath: process.execPath,
    version: versionOf(extension),
    ...(folder && { workspace: folder.uri.fsPath }),
    environment: withSecret ? { ...rest, clientSecret } : rest,
    allowChanges: userSetting('allowChanges', false),
  });
}

function versionOf(extension: vscode.ExtensionContext): string {
  const version = (extension.extension.packageJSON as { version?: unknown }).version;
  return typeof version === 'string' ? version : '';
}

function toStdio(Stdio: StdioDefinitionClass, d: McpDefinition): StdioDefinition {
  const made = new Stdio(d.label, d.command, d.args, d.env, d.version);
  if (d.cwd !== undefined) made.cwd = vscode.Uri.file(d.cwd);
  return made;
}

/**
 * Registers the provider where the editor has the API; says in the log either way. Told again
 * when the environment, its sign-in or the settings change.
 */
export function registerMcpServer(
  extension: vscode.ExtensionContext,
  environments: Environments,
  log: vscode.LogOutputChannel,
): void {
  const api = mcpApi();
  if (!api) {
    log.info('This editor has no MCP server API (VS Code 1.101 or later has it): tas mcp is not offered to its agent.');
    return;
  }
  const changed = new vscode.EventEmitter<void>();
  extension.subscriptions.push(
    changed,
    environments.onDidChange(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('tas.assistants')) changed.fire();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    api.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      async provideMcpServerDefinitions() {
        const d = await definitionNow(extension, environments, false);
        log.info(
          d
            ? `MCP server offered to the agent: ${d.label}`
            : 'No MCP server offered to the agent (signed out, or tas.assistants.mcpServer is off).',
        );
        return d ? [toStdio(api.Stdio, d)] : [];
      },
      async resolveMcpServerDefinition(server) {
        // The secret is read now, for this start only; signed out since: not started.
        const d = await definitionNow(extension, environments, true);
        if (!d) return undefined;
        server.env = { ...server.env, ...d.env };
        return server;
      },
    }),
  );
}
