import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  ApplyWorkspaceEditRequest,
  CodeActionRequest,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidChangeConfigurationNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentLinkRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type ApplyWorkspaceEditParams,
  type CodeAction,
  type Command,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentLink,
  type Hover,
  type ServerCapabilities,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import {
  CheckEnvironmentRequest,
  GetRecordRequest,
  RefreshRequest,
  SetEnvironmentNotification,
  StatusNotification,
} from '../../server/src/protocol';
import type { CheckResult, ConnectionState, RefreshResult } from '../../server/src/core/model/environment';
import type { Outcome } from '../../server/src/core/model/outcome';
import type { RemoteViewKind } from '../../server/src/core/model/entityKinds';
import { clientCapabilities, cpuSecondsOf, rssMbOf, spawnServer } from './lspProcess';

// The built server (dist/server.js) spawned over stdio, as any editor starts it, and driven
// with a protocol client. Waits are for messages, never for time. The process itself and what the
// client says it can do: lspProcess.ts.

type Waiter = {
  uri: string;
  test: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
  reject: (e: Error) => void;
};

export interface Status {
  state: ConnectionState;
  environment?: string;
  message?: string;
}

export class LspHarness {
  readonly published = new Map<string, PublishDiagnosticsParams[]>();
  /** Every tas/status notification, in order. */
  readonly statuses: Status[] = [];
  private statusWaiters: {
    from: number;
    test: (s: Status) => boolean;
    resolve: (s: Status) => void;
    reject: (e: Error) => void;
  }[] = [];
  private waiters: Waiter[] = [];
  private stopping = false;
  stderr = '';
  /** Every workspace/applyEdit the server asked for, answered with `applyEditAnswer`. */
  readonly applyEdits: ApplyWorkspaceEditParams[] = [];
  applyEditAnswer = true;
  /** Every capability the server registered (client/registerCapability), answered at once. */
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  private readonly registrationWaiters: (() => void)[] = [];
  /** What the server answered to initialize. */
  capabilities: ServerCapabilities = {};
  /** With `configuration`: every item the server asked for in workspace/configuration, in order. */
  readonly configurationItems: { section?: string; scopeUri?: string }[] = [];
  private configurationWaiters: { count: number; resolve: () => void }[] = [];
  /** Every window/logMessage text, in order. */
  readonly logs: string[] = [];
  /** With `configuration`: settles once the server has asked for its settings and been answered. */
  configured: Promise<void> = Promise.resolve();

  private constructor(
    readonly connection: ProtocolConnection,
    private readonly child: ChildProcess,
  ) {
    connection.onNotification(StatusNotification, (p) => {
      this.statuses.push(p);
      const index = this.statuses.length - 1;
      this.statusWaiters = this.statusWaiters.filter((w) => {
        if (index >= w.from && w.test(p)) {
          w.resolve(p);
          return false;
        }
        return true;
      });
    });
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      const list = this.published.get(p.uri) ?? [];
      list.push(p);
      this.published.set(p.uri, list);
      this.waiters = this.waiters.filter((w) => {
        if (w.uri === p.uri && w.test(p)) {
          w.resolve(p);
          return false;
        }
        return true;
      });
    });
  }

  /**
   * Starts the server with these environment variables (TAS_* for the service). `configuration`:
   * when given, the harness says it answers workspace/configuration and answers every request for
   * the `tas` section with it (the server's settings, as VS Code would send them), null for others.
   */
  static async start(
    env: Record<string, string | undefined> = {},
    initializationOptions?: unknown,
    configuration?: unknown,
    /** More of the client's text document capabilities (hierarchical symbols and the like). */
    textDocument: Record<string, unknown> = {},
    /** The workspace folders' uris (none unless given). */
    workspaceFolders?: string[],
    /** More of the client's workspace capabilities (file events and the like). */
    workspace: Record<string, unknown> = {},
    /** With `configuration`: the answer for the `http` section (the editor's proxy settings); null unless given. */
    http: unknown = null,
    /** Runs the server through another command (test/systemStore.ts). */
    wrap?: Parameters<typeof spawnServer>[1],
  ): Promise<LspHarness> {
    const { child, connection } = spawnServer(env, wrap);
    const h = new LspHarness(connection, child);
    child.stderr.on('data', (d: Buffer) => (h.stderr += d.toString()));
    // A server that dies fails every wait at once instead of leaving the test hanging.
    child.on('exit', (code) => {
      if (h.stopping) return;
      for (const w of [...h.waiters, ...h.statusWaiters])
        w.reject(new Error(`the server exited (${code}): ${h.stderr}`));
      h.waiters = [];
      h.statusWaiters = [];
    });
    connection.onNotification('window/logMessage', (p: { message: string }) => void h.logs.push(p.message));
    connection.onRequest(ApplyWorkspaceEditRequest.type, (p) => {
      h.applyEdits.push(p);
      return { applied: h.applyEditAnswer };
    });
    if (configuration !== undefined) {
      let answered!: () => void;
      h.configured = new Promise((resolve) => (answered = resolve));
      connection.onRequest('workspace/configuration', (p: { items: { section?: string; scopeUri?: string }[] }) => {
        h.configurationItems.push(...p.items);
        h.configurationWaiters = h.configurationWaiters.filter((w) =>
          h.configurationItems.length >= w.count ? (w.resolve(), false) : true,
        );
        setImmediate(answered);
        return p.items.map((item) => (item.section === 'tas' ? configuration : item.section === 'http' ? http : null));
      });
    }
    connection.onRequest(
      'client/registerCapability',
      (p: { registrations: { method: string; registerOptions?: unknown }[] }) => {
        h.registrations.push(...p.registrations);
        for (const wake of h.registrationWaiters.splice(0)) wake();
        return null;
      },
    );
    connection.listen();
    const answer = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: clientCapabilities(configuration !== undefined, textDocument, workspace),
      workspaceFolders: workspaceFolders?.map((uri, i) => ({ uri, name: `folder ${i}` })) ?? null,
      initializationOptions,
    });
    h.capabilities = answer.capabilities;
    await connection.sendNotification(InitializedNotification.type, {});
    return h;
  }

  /** The server's registration for `method`, once it has asked for it. */
  async registered(method: string): Promise<{ method: string; registerOptions?: unknown }> {
    for (;;) {
      const found = this.registrations.find((r) => r.method === method);
      if (found) return found;
      await new Promise<void>((resolve) => this.registrationWaiters.push(resolve));
    }
  }

  /** Settles once the server has asked for at least `count` configuration items in all. */
  configurationAsked(count: number): Promise<void> {
    if (this.configurationItems.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.configurationWaiters.push({ count, resolve }));
  }

  /** CPU time the server process has used, user and system, in seconds (Linux; benchmarks on a shared machine). */
  cpuSeconds(): number | undefined {
    return cpuSecondsOf(this.child.pid);
  }

  /** The server's resident memory in MB, from /proc (Linux); undefined elsewhere. */
  rssMb(): number | undefined {
    return rssMbOf(this.child.pid);
  }

  async open(uri: string, text: string, version = 1): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version, text },
    });
  }

  async change(uri: string, text: string, version: number): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
  }

  /** Incremental edits (ranges in the text before each edit, applied in order, as LSP says). */
  async edit(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  /** Says the settings changed, and settles once the server has asked for them again (with `configuration` only). */
  async changeConfiguration(): Promise<void> {
    const asked = this.configurationItems.length;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await this.configurationAsked(asked + 1);
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** The first publication (past or future) for `uri` that passes `test`. */
  diagnostics(
    uri: string,
    test: (p: PublishDiagnosticsParams) => boolean = () => true,
  ): Promise<PublishDiagnosticsParams> {
    const past = this.published.get(uri)?.find(test);
    if (past) return Promise.resolve(past);
    if (this.child.exitCode !== null) return Promise.reject(new Error(`the server has exited: ${this.stderr}`));
    return new Promise((resolve, reject) => this.waiters.push({ uri, test, resolve, reject }));
  }

  /**
   * The complete result for a version: the server publishes schema diagnostics first and the
   * full set (with references) second; this waits for the second.
   */
  async finalDiagnostics(uri: string, version = 1): Promise<PublishDiagnosticsParams> {
    let seen = 0;
    return this.diagnostics(uri, (p) => p.version === version && ++seen >= 2);
  }

  /** How many publications for `uri` have arrived so far: a mark for `diagnosticsAfter`. */
  mark(uri: string): number {
    return this.published.get(uri)?.length ?? 0;
  }

  /** The first publication for `uri` that passes `test`, among those after `mark` (past or future). */
  diagnosticsAfter(
    uri: string,
    mark: number,
    test: (p: PublishDiagnosticsParams) => boolean = () => true,
  ): Promise<PublishDiagnosticsParams> {
    let index = 0;
    return this.diagnostics(uri, (p) => index++ >= mark && test(p));
  }

  async completion(uri: string, position: Position): Promise<CompletionItem[]> {
    const r: CompletionItem[] | CompletionList | null = await this.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position,
    });
    return r === null ? [] : Array.isArray(r) ? r : r.items;
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  }

  async codeActions(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<(CodeAction | Command)[]> {
    return (
      (await this.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range,
        context: { diagnostics },
      })) ?? []
    );
  }

  async documentLinks(uri: string): Promise<DocumentLink[]> {
    return (await this.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } })) ?? [];
  }

  refresh(): Promise<Outcome<RefreshResult>> {
    return this.connection.sendRequest(RefreshRequest);
  }

  getRecord(kind: RemoteViewKind, id: number): Promise<Outcome<{ title: string; text: string }>> {
    return this.connection.sendRequest(GetRecordRequest, { kind, id });
  }

  async setEnvironment(
    environment: { name: string; baseUrl: string; clientId: string; clientSecret: string } | null,
  ): Promise<void> {
    await this.connection.sendNotification(SetEnvironmentNotification, { environment });
  }

  /**
   * A server whose environment comes from the client, as in the extension, signed in to the
   * emulator at `baseUrl` with `credentials` (a demo user's) before it is handed over.
   */
  static async signedIn(
    baseUrl: string,
    credentials: { clientId: string; clientSecret: string },
    configuration?: unknown,
  ): Promise<LspHarness> {
    const h = await LspHarness.start({}, { environmentFromClient: true }, configuration);
    await h.signIn(baseUrl, credentials);
    return h;
  }

  /** Sets the environment as the extension does (tas/setEnvironment) and waits for its final status. */
  async signIn(baseUrl: string, credentials: { clientId: string; clientSecret: string }): Promise<Status> {
    await this.configured;
    const from = this.statuses.length;
    await this.setEnvironment({ name: 'emulator', baseUrl, ...credentials });
    return this.finalStatus(from);
  }

  /** The first status at index `from` or later (past or future) that passes `test`. */
  status(from: number, test: (s: Status) => boolean = () => true): Promise<Status> {
    const past = this.statuses.slice(from).find(test);
    if (past) return Promise.resolve(past);
    if (this.child.exitCode !== null) return Promise.reject(new Error(`the server has exited: ${this.stderr}`));
    return new Promise((resolve, reject) => this.statusWaiters.push({ from, test, resolve, reject }));
  }

  /** The first final (not 'connecting') status at index `from` or later. */
  finalStatus(from: number): Promise<Status> {
    return this.status(from, (s) => s.state !== 'connecting');
  }

  checkEnvironment(environment: {
    name: string;
    baseUrl: string;
    clientId: string;
    clientSecret: string;
  }): Promise<CheckResult> {
    return this.connection.sendRequest(CheckEnvironmentRequest, { environment });
  }

  async stop(): Promise<number | null> {
    this.stopping = true;
    await this.connection.sendRequest(ShutdownRequest.type);
    const exited = once(this.child, 'exit');
    await this.connection.sendNotification(ExitNotification.type);
    const [code] = (await exited) as [number | null];
    this.connection.dispose();
    return code;
  }
}
