import { stat } from 'node:fs/promises';
import { createTextDocument, type TextDocument } from '../text/textDocument';
import { SymbolKind, type Location, type SymbolInformation } from '../text/editingShapes';
import { fileKindOf } from '../document/fileKind';
import { locate, pathKey } from '../document/jsonLocator';
import { exactStr } from '../api/read';
import { testCasesIn } from '../document/testCaseModel';
import { readRegularText } from '../files/safeRead';
import { expandUris, uriToPath } from '../sync/local';
import { referencesIn } from './referenceNavigation';

// The workspace's test-case files, read without opening them, for Find All References on a
// device, trace filter or API client id and for workspace symbols (test cases by name). Each
// file is read again only when its modification time changed; open documents count as they are.

type RefKind = 'mobileDevice' | 'traceFilter' | 'apiClient';

interface FileEntry {
  mtimeMs: number;
  refs: { kind: RefKind; id: number; location: Location }[];
  cases: SymbolInformation[];
}

export class WorkspaceIndex {
  private readonly files = new Map<string, FileEntry>();

  constructor(
    /** The workspace folders, as file uris. */
    private readonly roots: () => string[],
    /** An open document's current text, which wins over the file on disk. */
    private readonly openDoc: (uri: string) => TextDocument | undefined,
  ) {}

  /** Every use of the id in the workspace's test-case files. */
  async references(kind: RefKind, id: number): Promise<Location[]> {
    return (await this.all()).flatMap((e) => e.refs.filter((r) => r.kind === kind && r.id === id).map((r) => r.location));
  }

  /** The workspace's test cases whose name contains the query (case ignored). */
  async symbols(query: string): Promise<SymbolInformation[]> {
    const q = query.toLowerCase();
    return (await this.all()).flatMap((e) => e.cases.filter((c) => c.name.toLowerCase().includes(q)));
  }

  private async all(): Promise<FileEntry[]> {
    const uris = await expandUris(this.roots());
    const seen = new Set(uris);
    for (const uri of this.files.keys()) if (!seen.has(uri)) this.files.delete(uri);
    const out: FileEntry[] = [];
    for (const uri of uris) {
      const e = await this.entry(uri);
      if (e) out.push(e);
    }
    return out;
  }

  private async entry(uri: string): Promise<FileEntry | undefined> {
    const open = this.openDoc(uri);
    if (open) return index(open, -1);
    try {
      const mtimeMs = (await stat(uriToPath(uri))).mtimeMs;
      const known = this.files.get(uri);
      if (known && known.mtimeMs === mtimeMs) return known;
      const e = index(createTextDocument(uri, await readRegularText(uriToPath(uri))), mtimeMs);
      if (e) this.files.set(uri, e);
      return e;
    } catch {
      // Unreadable or gone: it names nothing.
      return undefined;
    }
  }
}

function index(doc: TextDocument, mtimeMs: number): FileEntry | undefined {
  const kind = fileKindOf(doc.uri);
  if (!kind) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(doc.getText().replace(/^\uFEFF/, ''));
  } catch {
    return { mtimeMs, refs: [], cases: [] };
  }
  const refs = referencesIn(kind, value);
  const cases = testCasesIn(kind, value);
  const located = locate(doc.getText(), [...refs.map((r) => r.path), ...cases.map((c) => c.path)]);
  const range = (path: (string | number)[]) => {
    const at = located.get(pathKey(path));
    return at && { start: doc.positionAt(at.value.start), end: doc.positionAt(at.value.end) };
  };
  return {
    mtimeMs,
    refs: refs.flatMap((r) => {
      const at = range(r.path);
      return at ? [{ kind: r.kind, id: r.id, location: { uri: doc.uri, range: at } }] : [];
    }),
    cases: cases.flatMap((c) => {
      const at = range(c.path);
      const name = exactStr(c.value['name']);
      return at && name ? [{ name, kind: SymbolKind.Class, location: { uri: doc.uri, range: at } }] : [];
    }),
  };
}
