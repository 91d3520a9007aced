// What the extension offers the editor's agent: `tas mcp` from the extension's own dist/cli.js,
// run by the editor's Node (Electron as Node), for the active environment. Plain data and
// nothing from 'vscode', so unit tests cover it. The secret is only ever in the child's
// environment, added when the editor starts the server (never in what it lists or keeps).

/** The provider's id; package.json's contributes.mcpServerDefinitionProviders declares the same. */
export const MCP_PROVIDER_ID = 'tas.mcpServer';

/** The parts of an environment the server needs; the secret only when the server starts. */
export interface McpEnvironment {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret?: string;
  startEnd?: string;
  allowInsecureHttp?: boolean;
}

export interface McpDefinitionInput {
  /** The extension's folder: dist/cli.js is in it. */
  extensionPath: string;
  /** The program that runs Node code: the editor's own (process.execPath). */
  nodePath: string;
  version: string;
  /** The first workspace folder's path: the tools' workspace. */
  workspace?: string;
  /** The active environment, signed in (its secret only when the server starts). */
  environment: McpEnvironment;
  /** tas.assistants.allowChanges (user settings only). */
  allowChanges: boolean;
}

export interface McpDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  version: string;
}

/** The label the agent shows: the environment, and whether the server may change things. */
export function mcpLabel(environment: string, allowChanges: boolean): string {
  return `Test Automation Service (${environment}${allowChanges ? ', changes allowed' : ', read-only'})`;
}

/**
 * The stdio server definition. The three credential variables are set whatever the editor's own
 * environment holds, so they win over any tas profile: the server talks to the active environment.
 */
export function mcpDefinition(o: McpDefinitionInput): McpDefinition {
  const e = o.environment;
  const env: Record<string, string> = {
    // The editor's binary runs scripts as Node with this (a Node binary ignores it).
    ELECTRON_RUN_AS_NODE: '1',
    TAS_BASE_URL: e.baseUrl,
    TAS_CLIENT_ID: e.clientId,
    // Empty until the server starts: the secret is added then, from the editor's secret storage.
    TAS_CLIENT_SECRET: e.clientSecret ?? '',
    TAS_START_END: e.startEnd ?? '',
    TAS_ALLOW_INSECURE_HTTP: e.allowInsecureHttp === true ? '1' : '',
  };
  return {
    label: mcpLabel(e.name, o.allowChanges),
    command: o.nodePath,
    args: [
      `${o.extensionPath}/dist/cli.js`,
      'mcp',
      ...(o.workspace !== undefined ? ['--workspace', o.workspace] : []),
      ...(o.allowChanges ? ['--allow-changes'] : []),
    ],
    env,
    ...(o.workspace !== undefined && { cwd: o.workspace }),
    version: o.version,
  };
}
