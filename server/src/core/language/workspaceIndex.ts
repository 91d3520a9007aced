import { stat } from 'node:fs/promises';
import { createTextDocument, type TextDocument } from '../text/textDocument';
import { SymbolKind, type Location, type SymbolInformation } from '../text/editingShapes';
import type { Position } from '../text/shapes';
import { fileKindOf } from '../document/fileKind';
import { locate, pathKey } from '../jsonText';
import { exactStr } from '../base/read';
import { testCasesIn } from '../document/testCaseModel';
import { readRegularText } from '../files/safeRead';
import { expandUris, uriToPath } from '../sync/local';
import { findSyncRoot, RootCache } from '../sync/syncRoot';
import { referencesIn } from './referenceNavigation';
import type { ReferenceKind } from '../model/entityKinds';
import { HERE, Homes, sameRecord, type HereContext, type Owner } from './workspaceHomes';

// The workspace's test-case files, read without opening them, for Find All References on a
// device, trace filter or API client id and for workspace symbols (test cases by name). Built in
// the background once the workspace is known, a few files at a time with every waiting message
// let through in between, so no file's diagnostics wait for it. Then kept current by the client's
// file events when it sends them (a file is read again only when it changed); without them each
// query looks at the files' modification times. Open documents count as they are.

interface CaseEntry {
  /** The case's place in a bundle (undefined: a single test-case file). */
  index?: number;
  refs: { kind: ReferenceKind; id: number; location: Location }[];
  symbol?: SymbolInformation;
}

interface FileEntry {
  mtimeMs: number;
  path: string;
  /** The file's sync root, whose `.tas/sync.json` says its cases' home environment. */
  root: string;
  cases: CaseEntry[];
}

/** Files read at once while building; between two batches other messages go first. */
const BATCH = 32;
const letOthersFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

export class WorkspaceIndex {
  private readonly files = new Map<string, FileEntry>();
  private readonly open = new Map<string, { version: number; entry: FileEntry | undefined }>();
  private readonly homes = new Homes();
  private roots = new RootCache();
  /** Changed or created files (from the client's events), read again before the next answer. */
  private readonly stale = new Set<string>();
  private built: Promise<void> | undefined;

  constructor(
    /** The workspace folders, as file uris. */
    private readonly folders: () => string[],
    /** The open documents, whose text wins over the files on disk. */
    private readonly openDocs: () => readonly (TextDocument & { version: number })[],
    /** Whether the client reports changes of test-case files (workspace/didChangeWatchedFiles). */
    private readonly watched: () => boolean,
  ) {}

  /** Reads every test-case file of the workspace (once; later calls wait for the same build). */
  build(): Promise<void> {
    this.built ??= (async () => {
      const uris = await expandUris(this.folders());
      const batch = (i: number) => Promise.all(uris.slice(i, i + BATCH).map((uri) => this.load(uri)));
      let next = batch(0);
      for (let i = 0; i < uris.length; i += BATCH) {
        // A batch is read at once (the next one while this one is indexed); each file is then
        // indexed in a turn of its own, so a message (an edit, a file opened) waits for one file
        // at most, never for a whole batch.
        const read = await next;
        if (i + BATCH < uris.length) next = batch(i + BATCH);
        for (const [k, file] of read.entries()) {
          await letOthersFirst();
          await this.store(uris[i + k]!, file);
        }
      }
    })();
    return this.built;
  }

  /** How many files the index holds. */
  get size(): number {
    return this.files.size;
  }

  /** The client says a file was created, changed or deleted. */
  changed(uri: string, deleted: boolean): void {
    if (uri.endsWith('/.tas/sync.json')) {
      // A new sync root may have appeared; the states themselves are checked at each query.
      this.roots = new RootCache();
      return;
    }
    if (!fileKindOf(uri)) return;
    if (deleted) {
      this.files.delete(uri);
      this.stale.delete(uri);
    } else this.stale.add(uri);
  }

  /**
   * Every use in the workspace of the record the id at `from` names: ids of the same environment
   * (a file's home by its sync state, else the active one) by value, others by who they are.
   */
  async references(
    kind: ReferenceKind,
    id: number,
    from: { uri: string; position: Position },
    here: HereContext,
  ): Promise<Location[]> {
    const entries = await this.current([from.uri]);
    await this.homes.refresh(entries.map(([, e]) => e.root));
    const owner = (e: FileEntry, c: CaseEntry): Owner => this.homes.ownerOf(e.root, e.path, c.index, here.env);
    const origin = entries.find(([uri]) => uri === from.uri)?.[1];
    const originCase = origin?.cases.find((c) =>
      c.refs.some((r) => r.location.uri === from.uri && contains(r.location.range, from.position)),
    );
    const targetOwner = origin && originCase ? owner(origin, originCase) : HERE;
    let list: Awaited<ReturnType<HereContext['directory']>>;
    let listRead = false;
    const out: Location[] = [];
    for (const [, e] of entries) {
      for (const c of e.cases) {
        let o: Owner | undefined;
        for (const r of c.refs) {
          if (r.kind !== kind) continue;
          o ??= owner(e, c);
          if (o.env !== targetOwner.env && !listRead) {
            listRead = true;
            list = await here.directory(kind).catch(() => undefined);
          }
          if (sameRecord(kind, r.id, o, id, targetOwner, list)) out.push(r.location);
        }
      }
    }
    return out;
  }

  /** The workspace's test cases whose name contains the query (case ignored). */
  async symbols(query: string): Promise<SymbolInformation[]> {
    const q = query.toLowerCase();
    return (await this.current()).flatMap(([, e]) =>
      e.cases.flatMap((c) => (c.symbol && c.symbol.name.toLowerCase().includes(q) ? [c.symbol] : [])),
    );
  }

  /** Every file's entry as it is now; `extra`: files outside the folders that count too (the one a query starts from). */
  private async current(extra: string[] = []): Promise<[string, FileEntry][]> {
    await this.build();
    if (this.watched()) {
      const stale = [...this.stale];
      this.stale.clear();
      await Promise.all(stale.map((uri) => this.read(uri)));
    } else await this.rescan();
    const out = new Map<string, FileEntry>(this.files);
    for (const doc of this.openDocs()) {
      if (!fileKindOf(doc.uri)) continue;
      if (!out.has(doc.uri) && !extra.includes(doc.uri)) continue;
      const known = this.open.get(doc.uri);
      const entry = known && known.version === doc.version ? known.entry : await this.entryOf(doc, -1);
      this.open.set(doc.uri, { version: doc.version, entry });
      if (entry) out.set(doc.uri, entry);
      else out.delete(doc.uri);
    }
    for (const uri of this.open.keys()) if (!this.openDocs().some((d) => d.uri === uri)) this.open.delete(uri);
    return [...out];
  }

  /** Without the client's events: the folders listed again, each file read again when its time changed. */
  private async rescan(): Promise<void> {
    const uris = await expandUris(this.folders());
    const seen = new Set(uris);
    for (const uri of this.files.keys()) if (!seen.has(uri)) this.files.delete(uri);
    await Promise.all(
      uris.map(async (uri) => {
        const mtimeMs = await stat(uriToPath(uri)).then(
          (s) => s.mtimeMs,
          () => undefined,
        );
        if (mtimeMs === undefined) this.files.delete(uri);
        else if (this.files.get(uri)?.mtimeMs !== mtimeMs) await this.read(uri);
      }),
    );
  }

  private async read(uri: string): Promise<void> {
    await this.store(uri, await this.load(uri));
  }

  /** A file's text and time; undefined when it cannot be read or is gone (it names nothing). */
  private async load(uri: string): Promise<{ text: string; mtimeMs: number } | undefined> {
    try {
      let mtimeMs = -1;
      const text = await readRegularText(uriToPath(uri), { stats: (st) => (mtimeMs = st.mtimeMs) });
      return { text, mtimeMs };
    } catch {
      return undefined;
    }
  }

  private async store(uri: string, file: { text: string; mtimeMs: number } | undefined): Promise<void> {
    const e = file && (await this.entryOf(createTextDocument(uri, file.text), file.mtimeMs).catch(() => undefined));
    if (e) this.files.set(uri, e);
    else this.files.delete(uri);
  }

  private async entryOf(doc: TextDocument, mtimeMs: number): Promise<FileEntry | undefined> {
    const kind = fileKindOf(doc.uri);
    if (!kind || !doc.uri.startsWith('file:')) return undefined;
    const path = uriToPath(doc.uri);
    const root = await findSyncRoot(path, this.roots);
    let value: unknown;
    try {
      value = JSON.parse(doc.getText().replace(/^\uFEFF/, ''));
    } catch {
      return { mtimeMs, path, root, cases: [] };
    }
    const refs = referencesIn(kind, value);
    const cases = testCasesIn(kind, value);
    const located = locate(doc.getText(), [...refs.map((r) => r.path), ...cases.map((c) => c.path)]);
    // The locating pass counts lines: no line offsets of the whole text are needed.
    const range = (p: (string | number)[]) => {
      const at = located.get(pathKey(p));
      return (
        at && { start: at.valueAt ?? doc.positionAt(at.value.start), end: at.endAt ?? doc.positionAt(at.value.end) }
      );
    };
    const byCase = new Map<string, CaseEntry['refs']>();
    for (const r of refs) {
      const where = range(r.path);
      const key = pathKey(r.testCase);
      if (!where) continue;
      let list = byCase.get(key);
      if (!list) byCase.set(key, (list = []));
      list.push({ kind: r.kind, id: r.id, location: { uri: doc.uri, range: where } });
    }
    return {
      mtimeMs,
      path,
      root,
      cases: cases.map((c) => {
        const at = range(c.path);
        const name = exactStr(c.value['name']);
        return {
          ...(kind === 'bundle' && { index: c.path[0] as number }),
          refs: byCase.get(pathKey(c.path)) ?? [],
          ...(at && name && { symbol: { name, kind: SymbolKind.Class, location: { uri: doc.uri, range: at } } }),
        };
      }),
    };
  }
}

const contains = (r: { start: Position; end: Position }, p: Position): boolean =>
  (p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character)) &&
  (p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character));
