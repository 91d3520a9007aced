import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CompletionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator, type Emulator } from '../test/emulator/emulator';
import { largeBundle, smallTestCase, type BenchDocument } from './documents';
import { summarize, type Sample } from './stats';

// The built server (dist/server.js) over stdio against the emulator, as an editor drives it:
// how long after a didChange the diagnostics for that version arrive while the service is slow,
// and how many requests the service sees for many files and edits.

const serverPath = resolve(__dirname, '../../dist/server.js');
const WAIT_LIMIT_MS = 30_000;

/** The server's settings, answered to workspace/configuration as VS Code would. */
export interface ServerSettings {
  debounceMs: number;
  cacheTtlSeconds: number;
}

interface Publication {
  version: number | undefined;
  at: number;
  count: number;
  messages: string[];
}

type Waiter = { uri: string; version: number; nth: number; resolve: (p: Publication) => void };

/** A minimal LSP client that timestamps every publishDiagnostics on arrival. */
export class BenchClient {
  private readonly published = new Map<string, Publication[]>();
  private waiters: Waiter[] = [];
  private stderr = '';
  private exited = false;
  private readonly logs: string[] = [];
  private logWaiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];

  private constructor(
    private readonly connection: ProtocolConnection,
    private readonly child: ChildProcess,
  ) {}

  /** `workspaceFolders`: the folders' uris, given as a client with file events (VS Code) gives them. */
  static async start(emu: Emulator, settings: ServerSettings, workspaceFolders?: string[]): Promise<BenchClient> {
    const env = {
      ...process.env,
      TAS_BASE_URL: emu.url,
      TAS_CLIENT_ID: DEMO_CREDENTIALS.admin.clientId,
      TAS_CLIENT_SECRET: DEMO_CREDENTIALS.admin.clientSecret,
    };
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const c = new BenchClient(connection, child);
    child.stderr.on('data', (d: Buffer) => (c.stderr += d.toString()));
    child.on('exit', () => (c.exited = true));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      const at = performance.now();
      const list = c.published.get(p.uri) ?? [];
      const pub = {
        version: p.version,
        at,
        count: p.diagnostics.length,
        messages: p.diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)),
      };
      list.push(pub);
      c.published.set(p.uri, list);
      c.waiters = c.waiters.filter((w) => !(w.uri === p.uri && c.settle(w)));
    });
    let ready!: () => void;
    const isReady = new Promise<void>((r) => (ready = r));
    connection.onNotification(LogMessageNotification.type, (m) => {
      if (/\bready\b/.test(m.message)) ready();
      c.logs.push(m.message);
      c.logWaiters = c.logWaiters.filter((w) => !(w.pattern.test(m.message) && (w.resolve(m.message), true)));
    });
    connection.onNotification('tas/status', () => undefined);
    const tas = { validation: { debounceMs: settings.debounceMs }, cache: { ttlSeconds: settings.cacheTtlSeconds } };
    connection.onRequest(ConfigurationRequest.type, (p) =>
      p.items.map((item) => (item.section === 'tas' ? tas : null)),
    );
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: { publishDiagnostics: { versionSupport: true } },
        workspace: {
          configuration: true,
          didChangeConfiguration: { dynamicRegistration: true },
          ...(workspaceFolders && { didChangeWatchedFiles: { dynamicRegistration: true } }),
        },
      },
      workspaceFolders: workspaceFolders?.map((uri, i) => ({ uri, name: `folder ${i}` })) ?? null,
    });
    await connection.sendNotification(InitializedNotification.type, {});
    // The server logs "ready" once it has read its settings.
    await c.within(isReady, 'the server to read its settings');
    return c;
  }

  async open(d: BenchDocument, uri = d.uri): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'tas-testcase', version: 1, text: d.text },
    });
  }

  /** Sends a hover or completion request; resolves with the time its answer took (ms). */
  async timed(
    method: 'hover' | 'completion',
    uri: string,
    position: { line: number; character: number },
  ): Promise<number> {
    const sent = performance.now();
    const params = { textDocument: { uri }, position };
    const answer: Promise<unknown> =
      method === 'hover'
        ? this.connection.sendRequest(HoverRequest.type, params)
        : this.connection.sendRequest(CompletionRequest.type, params);
    await this.within(answer, `the ${method} at ${position.line}:${position.character}`);
    return performance.now() - sent;
  }

  /** The first log line of the server matching `pattern` (one logged already counts). */
  logged(pattern: RegExp): Promise<string> {
    const seen = this.logs.find((l) => pattern.test(l));
    return this.within(
      seen !== undefined
        ? Promise.resolve(seen)
        : new Promise<string>((resolve) => this.logWaiters.push({ pattern, resolve })),
      `a log line ${pattern}`,
    );
  }

  /** Sends any request; resolves with its answer and the time it took (ms). */
  async request<R>(method: string, params: unknown): Promise<{ answer: R; ms: number }> {
    const sent = performance.now();
    const answer = await this.within(this.connection.sendRequest<R>(method, params), `the answer to ${method}`);
    return { answer, ms: performance.now() - sent };
  }

  /** Sends an incremental edit and returns the time it was sent. */
  async edit(uri: string, version: number, at: { line: number; character: number }, text: string): Promise<number> {
    const sent = performance.now();
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + text.length } }, text }],
    });
    return sent;
  }

  /** The `nth` publication (1: schema diagnostics, 2: with references) for a version of a document. */
  publication(uri: string, version: number, nth: number): Promise<Publication> {
    return new Promise<Publication>((resolve, reject) => {
      const w: Waiter = { uri, version, nth, resolve };
      if (this.settle(w)) return;
      if (this.exited) return reject(new Error(`the server has exited: ${this.stderr}`));
      this.waiters.push(w);
    });
  }

  /**
   * Waits for a publication; `expectDiagnostics` guards the run: a final publication that says
   * "references not verified" (a failed sign-in, say) would otherwise look fast.
   */
  async waitFor(uri: string, version: number, nth: number, expectDiagnostics?: number): Promise<Publication> {
    const p = await this.within(this.publication(uri, version, nth), `publication ${nth} of ${uri} version ${version}`);
    if (expectDiagnostics !== undefined && p.count !== expectDiagnostics) {
      throw new Error(
        `${uri} version ${version}: ${p.count} diagnostics, expected ${expectDiagnostics}: ${p.messages.join(' | ')}`,
      );
    }
    return p;
  }

  /** How many versions of a document got their final publication. */
  finalPublications(uri: string): number {
    const perVersion = new Map<number | undefined, number>();
    for (const p of this.published.get(uri) ?? []) perVersion.set(p.version, (perVersion.get(p.version) ?? 0) + 1);
    return [...perVersion.values()].filter((n) => n >= 2).length;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = once(this.child, 'exit');
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    await exited;
    this.connection.dispose();
  }

  private settle(w: Waiter): boolean {
    const matching = (this.published.get(w.uri) ?? []).filter((p) => p.version === w.version);
    const p = matching[w.nth - 1];
    if (p) w.resolve(p);
    return p !== undefined;
  }

  async within<T>(p: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`waited ${WAIT_LIMIT_MS} ms for ${what}; server stderr: ${this.stderr}`)),
        WAIT_LIMIT_MS,
      );
    });
    try {
      return await Promise.race([p, limit]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Where the "edit 00000" marker's digits are, so each edit rewrites them in place. */
function marker(text: string): { line: number; character: number } {
  const offset = text.indexOf('edit 00000') + 'edit '.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - before.lastIndexOf('\n') - 1 };
}

export interface TypingResult {
  label: string;
  settings: ServerSettings;
  latencyMs: number;
  edits: number;
  /** didOpen to the first and to the final publication, caches cold. */
  openFirst: number;
  openFinal: number;
  first: Sample;
  final: Sample;
}

/**
 * didChange to the first publication for that version (schema diagnostics: must not wait for
 * the network) and to the final one (with references), edit after edit, while every request to
 * the service takes `latencyMs`.
 */
async function typing(
  label: string,
  doc: BenchDocument,
  settings: ServerSettings,
  latencyMs: number,
  edits: number,
): Promise<TypingResult> {
  const emu = await startEmulator({ faults: { latencyMs } });
  const client = await BenchClient.start(emu, settings);
  try {
    const opened = performance.now();
    await client.open(doc);
    const openFirst = (await client.waitFor(doc.uri, 1, 1, 0)).at - opened;
    const openFinal = (await client.waitFor(doc.uri, 1, 2, 0)).at - opened;
    const at = marker(doc.text);
    const first: number[] = [];
    const final: number[] = [];
    for (let v = 2; v < edits + 2; v++) {
      const sent = await client.edit(doc.uri, v, at, String(v).padStart(5, '0'));
      first.push((await client.waitFor(doc.uri, v, 1, 0)).at - sent);
      final.push((await client.waitFor(doc.uri, v, 2, 0)).at - sent);
    }
    return {
      label,
      settings,
      latencyMs,
      edits,
      openFirst,
      openFinal,
      first: summarize(first),
      final: summarize(final),
    };
  } finally {
    await client.stop();
    await emu.close();
  }
}

export async function benchTyping(edits: number): Promise<TypingResult[]> {
  const latency = 500;
  const defaults: ServerSettings = { debounceMs: 200, cacheTtlSeconds: 300 };
  const expired: ServerSettings = { debounceMs: 200, cacheTtlSeconds: 0 };
  return [
    await typing('test case 5 KB, lists cached', smallTestCase(false), defaults, latency, edits),
    await typing('bundle 1 MB, lists cached', largeBundle(false), defaults, latency, edits),
    await typing('bundle 1 MB, cache expired on every edit', largeBundle(false), expired, latency, edits),
  ];
}

export interface RequestCountResult {
  files: number;
  edits: number;
  validations: number;
  latencyMs: number;
  cacheTtlSeconds: number;
  seconds: number;
  /** GET requests per /api/v2 path, and the token requests. */
  counts: Map<string, number>;
}

/**
 * Opens `files` documents at once (nine test cases to one small bundle), then edits each of
 * them in rounds until `edits` edits are made, every edit validated to the end (debounce 0, so
 * no edit is merged into another), and counts what the emulator was asked.
 */
export async function benchRequests(files: number, edits: number): Promise<RequestCountResult> {
  const latencyMs = 50;
  const settings: ServerSettings = { debounceMs: 0, cacheTtlSeconds: 300 };
  const emu = await startEmulator({ faults: { latencyMs } });
  const client = await BenchClient.start(emu, settings);
  const started = performance.now();
  try {
    const testCase = smallTestCase(false);
    const bundle = smallBundle();
    const docs = Array.from({ length: files }, (_, i) => {
      const d = i % 10 === 9 ? bundle : testCase;
      return {
        doc: d,
        uri: `file:///bench/many/file-${String(i).padStart(3, '0')}.${d.kind === 'bundle' ? 'testcases' : 'testcase'}.json`,
      };
    });
    await Promise.all(docs.map(({ doc, uri }) => client.open(doc, uri)));
    await Promise.all(docs.map(({ uri }) => client.waitFor(uri, 1, 2, 0)));
    let made = 0;
    for (let v = 2; made < edits; v++) {
      const round = docs.slice(0, Math.min(docs.length, edits - made));
      await Promise.all(round.map(({ doc, uri }) => client.edit(uri, v, marker(doc.text), String(v).padStart(5, '0'))));
      await Promise.all(round.map(({ uri }) => client.waitFor(uri, v, 2, 0)));
      made += round.length;
    }
    const validations = docs.reduce((n, { uri }) => n + client.finalPublications(uri), 0);
    const counts = new Map<string, number>();
    for (const r of emu.requests) {
      const key = r.method === 'GET' || r.path.endsWith('/connect/token') ? `${r.method} ${r.path}` : undefined;
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return {
      files,
      edits: made,
      validations,
      latencyMs,
      cacheTtlSeconds: settings.cacheTtlSeconds,
      seconds: (performance.now() - started) / 1000,
      counts,
    };
  } finally {
    await client.stop();
    await emu.close();
  }
}

/** A bundle of two test cases, so the bundle-only lists (test nodes, device models) are asked for too. */
function smallBundle(): BenchDocument {
  const big = JSON.parse(largeBundle(false).text) as { testStepList: unknown[] }[];
  const two = big.slice(0, 2).map((tc) => ({ ...tc, testStepList: tc.testStepList.slice(0, 5) }));
  return {
    label: 'bundle, 2 test cases',
    kind: 'bundle',
    uri: 'file:///bench/small.testcases.json',
    text: JSON.stringify(two, null, 2) + '\n',
    expectedErrors: 0,
  };
}
