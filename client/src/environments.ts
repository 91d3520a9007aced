import * as vscode from 'vscode';
import { type CheckResult, type EnvironmentInfo, insecureHttpAllowed, startEndSetting } from '../../server/src/core';
import { checkAdvice, NEXT_STEP_LABEL, stepOf, urlCheckMessage, USE_URL_ANYWAY } from './connectionText';
import {
  activeAfter,
  addEnvironment,
  insecureOptIn,
  baseUrlProblem,
  changeBaseUrl,
  nameProblem,
  normalizeBaseUrl,
  parseEnvironments,
  pickerItems,
  removeEnvironment,
  renameEnvironment,
  SECRET_PREFIX,
  secretKey,
  type EnvironmentSetting,
} from './environmentList';
import { ExtensionError } from './log';
import { confirmed } from './modal';
import { removeEnvironmentQuestion, useUrlQuestion } from './questions';

// Service environments: a name and a base URL in the settings, the client credentials in
// SecretStorage (never in settings, logs or files). TAS_BASE_URL, TAS_CLIENT_ID and
// TAS_CLIENT_SECRET in the editor's environment serve when no environment is configured.
// The decisions (list edits, messages, next steps) live in environmentList and connectionText.

export type Credentials = EnvironmentInfo & { clientSecret: string };

/** Asks the server for a token with candidate credentials (tas/checkEnvironment). */
export type Check = (candidate: Credentials) => Promise<CheckResult>;

const FROM_PROCESS = 'environment variables';
const ADD = '$(add) Add an environment...';

export class Environments implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  /** Above 0 while an edit of several writes runs: its events are folded into one at the end. */
  private editing = 0;

  constructor(private readonly secrets: vscode.SecretStorage) {
    const fire = () => {
      if (this.editing === 0) this.changed.fire();
    };
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('tas.environments') || e.affectsConfiguration('tas.activeEnvironment')) fire();
      }),
      secrets.onDidChange((e) => {
        if (e.key.startsWith(SECRET_PREFIX)) fire();
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
    return parseEnvironments(this.config().get<unknown>('environments'));
  }

  activeName(): string | undefined {
    return this.config().get<string>('activeEnvironment') || this.list()[0]?.name;
  }

  private async stored(name: string): Promise<{ clientId: string; clientSecret: string } | undefined> {
    const raw = await this.secrets.get(secretKey(name));
    return raw ? (JSON.parse(raw) as { clientId: string; clientSecret: string }) : undefined;
  }

  private async withCredentials(list: EnvironmentSetting[]): Promise<Set<string>> {
    const names = await Promise.all(
      list.map(async (e) => ((await this.secrets.get(secretKey(e.name))) ? [e.name] : [])),
    );
    return new Set(names.flat());
  }

  /** The active environment with its secret, or null when signed out. */
  async resolve(): Promise<Credentials | null> {
    const name = this.activeName();
    const env = this.list().find((e) => e.name === name);
    if (env) {
      const creds = await this.stored(env.name);
      const startEnd = startEndSetting(env.startEnd);
      return creds
        ? {
            name: env.name,
            baseUrl: env.baseUrl,
            clientId: creds.clientId,
            clientSecret: creds.clientSecret,
            ...(startEnd && { startEnd }),
            ...insecureOptIn(env),
          }
        : null;
    }
    const { TAS_BASE_URL: baseUrl, TAS_CLIENT_ID: clientId, TAS_CLIENT_SECRET: clientSecret } = process.env;
    const startEnd = startEndSetting(process.env['TAS_START_END']);
    const allowInsecureHttp = insecureHttpAllowed(process.env['TAS_ALLOW_INSECURE_HTTP']);
    return baseUrl && clientId && clientSecret
      ? {
          name: FROM_PROCESS,
          baseUrl,
          clientId,
          clientSecret,
          ...(startEnd && { startEnd }),
          ...(allowInsecureHttp && { allowInsecureHttp }),
        }
      : null;
  }

  /** A picker of the environments, marking which have credentials; `add` offers a new one. */
  private async pick(title: string, add: boolean): Promise<EnvironmentSetting | 'add' | undefined> {
    const envs = this.list();
    const items: vscode.QuickPickItem[] = pickerItems(envs, this.activeName(), await this.withCredentials(envs));
    if (add) items.push({ label: ADD });
    const pick = await vscode.window.showQuickPick(items, { title, placeHolder: 'Environment' });
    if (!pick) return undefined;
    return pick.label === ADD ? 'add' : envs.find((e) => e.name === pick.label);
  }

  /**
   * Sign In: an environment (picked, named by `name`, or new), its client ID and secret, and a
   * token asked with them before anything is stored. On failure it says why and offers the next
   * step. Activates the environment unless `activate` is false. Returns its name once signed in.
   */
  async signIn(check: Check, name?: string, activate = true): Promise<string | undefined> {
    let target = name ? this.list().find((e) => e.name === name) : undefined;
    if (!target) {
      const picked =
        this.list().length > 0 ? await this.pick('Sign in to a Test Automation Service environment', true) : 'add';
      if (!picked) return undefined;
      target = picked === 'add' ? await this.askNewEnvironment() : picked;
      if (!target) return undefined;
    }
    const isNew = !this.list().some((e) => e.name === target!.name);
    let clientId = (await this.stored(target.name))?.clientId;
    let clientSecret: string | undefined;
    let askCredentials = true;
    for (;;) {
      if (askCredentials) {
        clientId = await this.askClientId(target.name, clientId);
        if (!clientId) return undefined;
        clientSecret = await this.askSecret(target.name);
        if (!clientSecret) return undefined;
      }
      const candidate: Credentials = {
        name: target.name,
        baseUrl: target.baseUrl,
        clientId: clientId!,
        clientSecret: clientSecret!,
        ...insecureOptIn(target),
      };
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Checking the credentials with ${target.baseUrl}` },
        () => check(candidate),
      );
      if (result.outcome === 'ok') break;
      const advice = checkAdvice(result.outcome, target.name, target.baseUrl, result.detail, result.cause);
      const step = stepOf(
        await vscode.window.showErrorMessage(advice.message, ...advice.steps.map((s) => NEXT_STEP_LABEL[s])),
      );
      if (!step) return undefined;
      askCredentials = step === 'reenterCredentials';
      if (step === 'changeUrl') {
        const baseUrl = await this.askBaseUrl(target.baseUrl);
        if (!baseUrl) return undefined;
        target = { ...target, baseUrl };
      }
    }
    // Checked: now stored. The list first, so the active name always points at an entry.
    const env = target;
    await this.batch(async () => {
      const list = this.list();
      if (isNew) await this.saveList(addEnvironment(list, env));
      else if (list.find((e) => e.name === env.name)?.baseUrl !== env.baseUrl)
        await this.saveList(changeBaseUrl(list, env.name, env.baseUrl));
      await this.secrets.store(secretKey(env.name), JSON.stringify({ clientId: clientId!.trim(), clientSecret }));
      if (activate) await this.config().update('activeEnvironment', env.name, vscode.ConfigurationTarget.Global);
    });
    return env.name;
  }

  /** Forgets the active environment's credentials. */
  async signOut(): Promise<string | undefined> {
    const name = this.activeName();
    if (!name || !this.list().some((e) => e.name === name)) {
      throw new ExtensionError(
        'No configured environment is signed in (credentials from environment variables cannot be signed out here).',
      );
    }
    await this.secrets.delete(secretKey(name));
    this.changed.fire();
    return name;
  }

  /**
   * Another environment than the active one, with its secret (Copy to Environment): picked from
   * the others; one without stored credentials asks for them, without becoming active.
   */
  async other(check: Check, title: string): Promise<Credentials | undefined> {
    const active = this.activeName();
    const others = this.list().filter((e) => e.name !== active);
    if (others.length === 0)
      throw new ExtensionError(
        'There is no other environment to copy to. Add one with Manage Environments, then copy again.',
      );
    const items = pickerItems(others, active, await this.withCredentials(others));
    const pick = await vscode.window.showQuickPick(items, { title, placeHolder: 'Environment to copy to' });
    const target = pick && others.find((e) => e.name === pick.label);
    if (!target) return undefined;
    if (!(await this.stored(target.name)) && !(await this.signIn(check, target.name, false))) return undefined;
    const creds = await this.stored(target.name);
    const startEnd = startEndSetting(target.startEnd);
    return (
      creds && {
        name: target.name,
        baseUrl: target.baseUrl,
        clientId: creds.clientId,
        clientSecret: creds.clientSecret,
        ...(startEnd && { startEnd }),
        ...insecureOptIn(target),
      }
    );
  }

  /** Select Environment: picking one without stored credentials asks for them (Sign In). */
  async select(check: Check): Promise<string | undefined> {
    if (this.list().length === 0) return this.signIn(check);
    const picked = await this.pick('Test Automation Service environment', true);
    if (!picked) return undefined;
    if (picked === 'add' || !(await this.stored(picked.name)))
      return this.signIn(check, picked === 'add' ? undefined : picked.name);
    await this.config().update('activeEnvironment', picked.name, vscode.ConfigurationTarget.Global);
    return picked.name;
  }

  /** Manage Environments: add, rename, change the URL or credentials, remove with its secrets. */
  async manage(check: Check): Promise<string | undefined> {
    const picked =
      this.list().length > 0 ? await this.pick('Manage Test Automation Service environments', true) : 'add';
    if (!picked) return undefined;
    if (picked === 'add') {
      const added = await this.signIn(check, undefined, false);
      return added && `Added ${added}.`;
    }
    const actions = {
      rename: 'Rename...',
      url: 'Change URL...',
      credentials: 'Change Credentials...',
      remove: 'Remove',
    };
    const action = await vscode.window.showQuickPick(Object.values(actions), {
      title: `${picked.name} (${picked.baseUrl})`,
    });
    const name = picked.name;
    if (action === actions.rename) {
      const to = await vscode.window.showInputBox({
        title: `New name for ${name}`,
        value: name,
        ignoreFocusOut: true,
        validateInput: (v) => nameProblem(v, this.list(), name),
      });
      if (!to || to.trim() === name) return undefined;
      await this.rename(name, to.trim());
      return `Renamed ${name} to ${to.trim()}.`;
    }
    if (action === actions.url) {
      const baseUrl = await this.askBaseUrl(picked.baseUrl);
      if (!baseUrl) return undefined;
      // A typo here would sign the environment out at its next request: checked first, with the
      // credentials it has, and kept only if it works or the user says so.
      const credentials = await this.stored(name);
      if (credentials && baseUrl !== picked.baseUrl) {
        const result = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Checking ${baseUrl}` },
          () => check({ name, baseUrl, ...credentials, ...insecureOptIn(picked) }),
        );
        if (result.outcome !== 'ok') {
          if (
            !(await confirmed(
              useUrlQuestion(
                urlCheckMessage(result.outcome, name, baseUrl, result.detail),
                picked.baseUrl,
                USE_URL_ANYWAY,
              ),
            ))
          )
            return undefined;
        }
      }
      await this.saveList(changeBaseUrl(this.list(), name, baseUrl));
      return `${name} now uses ${baseUrl}.`;
    }
    if (action === actions.credentials) {
      const done = await this.signIn(check, name, name === this.activeName());
      return done && `New credentials stored for ${name}.`;
    }
    if (action === actions.remove) {
      if (!(await confirmed(removeEnvironmentQuestion(name)))) return undefined;
      await this.batch(async () => {
        const active = this.config().get<string>('activeEnvironment') ?? '';
        await this.secrets.delete(secretKey(name));
        await this.saveList(removeEnvironment(this.list(), name));
        const next = activeAfter(active, { removed: name });
        if (next !== active) await this.config().update('activeEnvironment', next, vscode.ConfigurationTarget.Global);
      });
      return `Removed ${name} and its credentials.`;
    }
    return undefined;
  }

  private async rename(from: string, to: string): Promise<void> {
    const list = renameEnvironment(this.list(), from, to);
    await this.batch(async () => {
      const secret = await this.secrets.get(secretKey(from));
      if (secret) await this.secrets.store(secretKey(to), secret);
      const active = this.config().get<string>('activeEnvironment') ?? '';
      await this.saveList(list);
      const next = activeAfter(active, { renamed: from, to });
      if (next !== active) await this.config().update('activeEnvironment', next, vscode.ConfigurationTarget.Global);
      await this.secrets.delete(secretKey(from));
    });
  }

  /**
   * Several writes, one change event at the end, so the server hears of the result only. Events
   * the editor delivers later still fire; the environment sync drops those that change nothing.
   */
  private async batch(edit: () => Promise<void>): Promise<void> {
    this.editing += 1;
    try {
      await edit();
    } finally {
      this.editing -= 1;
    }
    this.changed.fire();
  }

  private async saveList(list: EnvironmentSetting[]): Promise<void> {
    await this.config().update('environments', list, vscode.ConfigurationTarget.Global);
  }

  private askClientId(name: string, value?: string): Promise<string | undefined> {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: `Client ID for ${name}`,
        prompt: 'The client ID the service operator gave you for this environment.',
        value,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'The client ID is required.'),
      }),
    );
  }

  private askSecret(name: string): Promise<string | undefined> {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: `Client secret for ${name}`,
        prompt: "Stored in the editor's secret storage, never in settings or files.",
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v ? undefined : 'The client secret is required.'),
      }),
    );
  }

  private async askBaseUrl(value?: string): Promise<string | undefined> {
    const baseUrl = await vscode.window.showInputBox({
      title: 'Base URL of the Test Automation Service',
      prompt: 'For example https://tas.example.com (the part before /api/v2).',
      value,
      ignoreFocusOut: true,
      validateInput: baseUrlProblem,
    });
    return baseUrl ? normalizeBaseUrl(baseUrl) : undefined;
  }

  /** A new environment's URL and name; saved only once sign-in has checked it. */
  private async askNewEnvironment(): Promise<EnvironmentSetting | undefined> {
    const baseUrl = await this.askBaseUrl();
    if (!baseUrl) return undefined;
    const name = await vscode.window.showInputBox({
      title: 'A name for this environment',
      value: new URL(baseUrl).host,
      ignoreFocusOut: true,
      validateInput: (v) => nameProblem(v, this.list()),
    });
    return name ? { name: name.trim(), baseUrl } : undefined;
  }
}
