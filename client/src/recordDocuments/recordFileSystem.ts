import * as vscode from 'vscode';
import {
  createTextDocument,
  metaOf,
  parseRecordDocumentUri,
  recordFieldPosition,
  ENTITY_KIND_WORDS,
  RECORD_SCHEME,
  type RecordDocumentKind,
  type SaveResult,
} from '../../../server/src/core';
import {
  ReadRecordDocumentRequest,
  RecordDocumentBaseNotification,
  SaveRecordDocumentRequest,
} from '../../../server/src/protocol';
import { ExtensionError } from '../log';
import { askModal } from '../modal';
import { confirmDone } from '../notify';
import { recordConflictQuestion } from '../questions';
import { ask, type RequestPort } from '../serverPort';

// Records of the service as documents (`tas-record:/mobileDevice/12.json`): a file system with
// nothing on disk. Reading asks the language server for the record; saving sends the document
// through it (the server checks it, compares the service's record with the one the document was
// read from, sends only what the interface allows, and reads the record back). A save someone
// else's change would overwrite shows the diff and asks first; a refused save fails, so the
// document stays dirty, with the service's reason on the field it names.

const THEIRS_SCHEME = 'tas-record-theirs';

/**
 * A save the service did not take. The editor shows it as "Unable to write file '...' (NAME:
 * message)": the name says where the refusal comes from, not a class of ours.
 */
class NotSavedError extends ExtensionError {
  constructor(message: string) {
    super(message);
    this.name = 'Test Automation Service';
  }
}

interface Entry {
  kind: RecordDocumentKind;
  /** What readFile gives: the record as last read, or the text a save wrote until the service's version is shown. */
  text: string;
  /** The text the document was read as, for a merge. */
  base: string;
  mtime: number;
}

const encode = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const parseLoosely = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export class RecordFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly theirs = new Map<string, string>();
  private readonly problems = vscode.languages.createDiagnosticCollection('Test Automation records');
  private readonly disposables: vscode.Disposable[] = [];
  private newCount = 0;
  /** Saved documents whose text the service changed: shown once the editor has saved them. */
  private readonly kept = new Map<string, string>();
  /** Documents whose service's version is being reloaded, with what the file held before. */
  private readonly reloads = new Map<string, { kept: string; written: Entry }>();

  constructor(
    private readonly server: RequestPort,
    private readonly log: vscode.LogOutputChannel,
    /** A record was saved: the views that show its kind read their lists again. */
    private readonly saved: (kind: RecordDocumentKind) => void,
  ) {
    this.disposables.push(
      vscode.workspace.registerFileSystemProvider(RECORD_SCHEME, this, { isCaseSensitive: true }),
      vscode.workspace.registerTextDocumentContentProvider(THEIRS_SCHEME, {
        provideTextDocumentContent: (uri) => this.theirs.get(uri.toString()) ?? '',
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== RECORD_SCHEME || e.contentChanges.length === 0) return;
        this.problems.delete(e.document.uri);
        this.reloadSettled(e.document);
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        const kept = this.kept.get(doc.uri.toString());
        if (kept === undefined) return;
        this.kept.delete(doc.uri.toString());
        this.showKept(doc, kept);
      }),
      this.problems,
      this.changes,
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Opens a record's document, read from the service now (a document already open and unsaved is shown as it is). */
  async open(kind: RecordDocumentKind, id: number): Promise<void> {
    // A record created in this window is already open at its new-N address: that document, not a second one.
    const created = this.createdAs(kind, id);
    const uri = created ?? vscode.Uri.parse(`${RECORD_SCHEME}:/${kind}/${id}.json`);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!open?.isDirty) await this.load(uri, kind, id);
    await vscode.window.showTextDocument(uri, { preview: false });
  }

  /** The open new-N document that became record `id` of `kind` when saved. */
  private createdAs(kind: RecordDocumentKind, id: number): vscode.Uri | undefined {
    for (const [key, e] of this.entries) {
      if (e.kind !== kind || !/\/new-\d+\.json$/.test(key)) continue;
      if (metaOf(parseLoosely(e.base))?.id !== id) continue;
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) return vscode.Uri.parse(key);
    }
    return undefined;
  }

  /** Opens a new record's document with the template's text; Save creates the record. */
  async openNew(kind: RecordDocumentKind, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.parse(`${RECORD_SCHEME}:/${kind}/new-${++this.newCount}.json`);
    this.entries.set(uri.toString(), { kind, text, base: text, mtime: Date.now() });
    this.tellBase(uri, text);
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri;
  }

  private async load(uri: vscode.Uri, kind: RecordDocumentKind, id: number): Promise<Entry> {
    const { text } = await ask(this.server, ReadRecordDocumentRequest, { kind, id });
    const key = uri.toString();
    const before = this.entries.get(key);
    const entry: Entry = { kind, text, base: text, mtime: before && before.text === text ? before.mtime : Date.now() };
    this.entries.set(key, entry);
    this.tellBase(uri, text);
    if (before && before.text !== text) this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return entry;
  }

  private tellBase(uri: vscode.Uri, text: string): void {
    void this.server.client?.sendNotification(RecordDocumentBaseNotification, { uri: uri.toString(), text });
  }

  private async entry(uri: vscode.Uri): Promise<Entry> {
    const known = this.entries.get(uri.toString());
    if (known) return known;
    const target = parseRecordDocumentUri(uri.toString());
    if (!target || target.id === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return this.load(uri, target.kind, target.id);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (!/\.json$/.test(uri.path)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const e = await this.entry(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: e.mtime, size: encode(e.text).byteLength };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return encode((await this.entry(uri)).text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const e = await this.entry(uri);
    const text = decode(content);
    if (text === e.base) {
      // The record as the service last gave it: nothing to send.
      this.entries.set(uri.toString(), { ...e, text, mtime: Date.now() });
      return;
    }
    // Named by its id once it has one (a new record's document keeps its new-N address).
    const what = `${ENTITY_KIND_WORDS[e.kind]} ${
      /"id":\s*(\d+)/.exec(text)?.[1] ??
      uri.path
        .split('/')
        .pop()
        ?.replace(/\.json$/, '') ??
      ''
    }`;
    // The editor shows a failed save itself (the document stays unsaved); the log keeps it.
    const failed = (message: string) => {
      this.log.warn(`${what} not saved: ${message}`);
      return new NotSavedError(message);
    };
    let r: SaveResult;
    try {
      r = await ask(this.server, SaveRecordDocumentRequest, { text, base: e.base });
      if (r.status === 'conflict') r = await this.resolveConflict(uri, r, text, e.base, what);
    } catch (err) {
      throw failed(err instanceof Error ? err.message : String(err));
    }
    if (r.status === 'refused') {
      this.placeRefusal(uri, text, r);
      throw failed(r.message);
    }
    if (r.status === 'conflict') throw failed(`${r.message} Your document is unsaved.`);
    this.problems.delete(uri);
    // The file holds what the editor wrote until the save is done; then it shows what the service kept.
    this.entries.set(uri.toString(), { kind: e.kind, text, base: r.text, mtime: Date.now() });
    this.tellBase(uri, r.text);
    if (r.text !== text) this.kept.set(uri.toString(), r.text);
    this.saved(e.kind);
    confirmDone(
      this.log,
      r.created ? `${ENTITY_KIND_WORDS[e.kind]} ${r.id} created.` : `${ENTITY_KIND_WORDS[e.kind]} ${r.id} saved.`,
    );
  }

  /**
   * Shows the service's version in a saved document: the file changes under it and the editor
   * reloads it, which it does only while the document is unchanged, so a keystroke typed meanwhile
   * is never replaced. Typed into already, it stays as typed: its next save compares the base
   * saved last, not the revision its text still shows.
   */
  private showKept(doc: vscode.TextDocument, kept: string): void {
    const key = doc.uri.toString();
    const e = this.entries.get(key);
    if (!e || doc.isDirty || doc.getText() === kept) return;
    this.reloads.set(key, { kept, written: e });
    this.entries.set(key, { ...e, text: kept, mtime: Math.max(Date.now(), e.mtime + 1) });
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri: doc.uri }]);
  }

  /**
   * The first change after showKept: the reload itself, or a keystroke that came first (the editor
   * then skips the reload). After a keystroke the file goes back to what the save wrote, so the
   * next save is not refused by the editor as "the file is newer"; the service's version shows at
   * that save.
   */
  private reloadSettled(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const pending = this.reloads.get(key);
    if (!pending) return;
    this.reloads.delete(key);
    if (doc.getText() === pending.kept) return;
    if (this.entries.get(key)?.text === pending.kept) this.entries.set(key, pending.written);
  }

  private async resolveConflict(
    uri: vscode.Uri,
    r: Extract<SaveResult, { status: 'conflict' }>,
    text: string,
    base: string,
    what: string,
  ): Promise<SaveResult> {
    const theirs = vscode.Uri.parse(`${THEIRS_SCHEME}:${uri.path}?${Date.now()}`);
    this.theirs.set(theirs.toString(), r.current);
    await vscode.commands.executeCommand('vscode.diff', theirs, uri, `${what}: the service's version ↔ yours`, {
      preview: true,
    });
    const choice = await askModal(recordConflictQuestion(what, r.mergeable));
    if (choice === 'merge') return ask(this.server, SaveRecordDocumentRequest, { text, base, merge: true });
    if (choice === 'overwrite') return ask(this.server, SaveRecordDocumentRequest, { text, base, force: true });
    return {
      status: 'refused',
      sent: false,
      message: `${r.message} Your document is unsaved: take what you need from the service's version in the diff, then save again.`,
    };
  }

  /** The refusal on the field it names (its key's line; `id`, not `$record`'s), else on the first line. */
  private placeRefusal(uri: vscode.Uri, text: string, r: { message: string; field?: string }): void {
    const lines = text.split('\n');
    const { line } = recordFieldPosition(createTextDocument(uri.toString(), text), r.field);
    const range = new vscode.Range(line, 0, line, lines[line]?.length ?? 0);
    const d = new vscode.Diagnostic(range, r.message, vscode.DiagnosticSeverity.Error);
    d.source = 'Test Automation Service';
    this.problems.set(uri, [d]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(
      'Records are created with New Device..., New Test Node..., New API Client... or New Trace Filter....',
    );
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions('Records are deleted with Delete Device... or Delete API Client....');
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('A record document cannot be renamed: change its name field and save.');
  }
}
