import * as vscode from 'vscode';
import type { EnvironmentInfo } from '../../server/src/protocol';
import { ExtensionError } from './log';

// Service environments: a name and a base URL in the settings, the client credentials in
// SecretStorage (never in settings, logs or files). TAS_BASE_URL, TAS_CLIENT_ID and
// TAS_CLIENT_SECRET in the editor's environment serve when no environment is configured.

export type Credentials = EnvironmentInfo & { clientSecret: string };

interface EnvironmentSetting {
  name: string;
  baseUrl: string;
}

const SECRET_PREFIX = 'tas.credentials/';
const FROM_PROCESS = 'environment variables';

export class Environments implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tas.environments') || e.affectsConfiguration('tas.activeEnvironment')) this.changed.fire();
      }),
      secrets.onDidChange((e) => {
        if (e.key.startsWith(SECRET_PREFIX)) this.changed.fire();
      }),
    );
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }

  private config() {
    return vscode.workspace.getConfiguration('tas');
  }

  list(): EnvironmentSetting[] {
    const raw = this.config().get<unknown[]>('environments') ?? [];
    return raw.filter(
      (e): e is EnvironmentSetting =>
        typeof e === 'object' && e !== null && typeof (e as EnvironmentSetting).name === 'string' && typeof (e as EnvironmentSetting).baseUrl === 'string',
    );
  }

  activeName(): string | undefined {
    return this.config().get<string>('activeEnvironment') || this.list()[0]?.name;
  }

  /** The active environment with its secret, or null when signed out. */
  async resolve(): Promise<Credentials | null> {
    const name = this.activeName();
    const env = this.list().find((e) => e.name === name);
    if (env) {
      const stored = await this.secrets.get(SECRET_PREFIX + env.name);
      if (!stored) return null;
      const { clientId, clientSecret } = JSON.parse(stored) as { clientId: string; clientSecret: string };
      return { name: env.name, baseUrl: env.baseUrl, clientId, clientSecret };
    }
    const { TAS_BASE_URL: baseUrl, TAS_CLIENT_ID: clientId, TAS_CLIENT_SECRET: clientSecret } = process.env;
    return baseUrl && clientId && clientSecret ? { name: FROM_PROCESS, baseUrl, clientId, clientSecret } : null;
  }

  /** Asks for an environment (or picks one) and its credentials, and makes it active. */
  async signIn(): Promise<string | undefined> {
    const envs = this.list();
    const add = '$(add) Add an environment...';
    let target: EnvironmentSetting | undefined;
    if (envs.length > 0) {
      const pick = await vscode.window.showQuickPick(
        [...envs.map((e) => ({ label: e.name, description: e.baseUrl })), { label: add, description: '' }],
        { title: 'Sign in to a Test Automation Service environment', placeHolder: 'Environment' },
      );
      if (!pick) return undefined;
      target = envs.find((e) => e.name === pick.label);
    }
    if (!target) {
      target = await this.askForEnvironment(envs);
      if (!target) return undefined;
    }
    const clientId = await vscode.window.showInputBox({
      title: `Client ID for ${target.name}`,
      prompt: 'The client ID the service operator gave you for this environment.',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'The client ID is required.'),
    });
    if (!clientId) return undefined;
    const clientSecret = await vscode.window.showInputBox({
      title: `Client secret for ${target.name}`,
      prompt: 'Stored in the editor\'s secret storage, never in settings or files.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v ? undefined : 'The client secret is required.'),
    });
    if (!clientSecret) return undefined;
    await this.secrets.store(SECRET_PREFIX + target.name, JSON.stringify({ clientId: clientId.trim(), clientSecret }));
    await this.config().update('activeEnvironment', target.name, vscode.ConfigurationTarget.Global);
    this.changed.fire();
    return target.name;
  }

  /** Forgets the active environment's credentials. */
  async signOut(): Promise<string | undefined> {
    const name = this.activeName();
    if (!name || !this.list().some((e) => e.name === name)) {
      throw new ExtensionError('No configured environment is signed in (credentials from environment variables cannot be signed out here).');
    }
    await this.secrets.delete(SECRET_PREFIX + name);
    this.changed.fire();
    return name;
  }

  async select(): Promise<string | undefined> {
    const envs = this.list();
    if (envs.length === 0) return this.signIn();
    const pick = await vscode.window.showQuickPick(
      envs.map((e) => ({ label: e.name, description: e.baseUrl, picked: e.name === this.activeName() })),
      { title: 'Test Automation Service environment' },
    );
    if (!pick) return undefined;
    await this.config().update('activeEnvironment', pick.label, vscode.ConfigurationTarget.Global);
    return pick.label;
  }

  private async askForEnvironment(existing: EnvironmentSetting[]): Promise<EnvironmentSetting | undefined> {
    const baseUrl = await vscode.window.showInputBox({
      title: 'Base URL of the Test Automation Service',
      prompt: 'For example https://tas.example.com (the part before /api/v2).',
      ignoreFocusOut: true,
      validateInput: (v) => {
        try {
          const u = new URL(v.trim());
          return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'Use an http or https URL.';
        } catch {
          return 'Enter a full URL, such as https://tas.example.com.';
        }
      },
    });
    if (!baseUrl) return undefined;
    const url = baseUrl.trim().replace(/\/+$/, '').replace(/\/api\/v2$/, '');
    const name = await vscode.window.showInputBox({
      title: 'A name for this environment',
      value: new URL(url).host,
      ignoreFocusOut: true,
      validateInput: (v) => (!v.trim() ? 'A name is required.' : existing.some((e) => e.name === v.trim()) ? 'That name is taken.' : undefined),
    });
    if (!name) return undefined;
    const env = { name: name.trim(), baseUrl: url };
    await this.config().update('environments', [...existing, env], vscode.ConfigurationTarget.Global);
    return env;
  }
}
