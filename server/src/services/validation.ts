import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDuplicateKeys, analyzeLocal, analyzeReferences } from '../core/analyze';
import { fileKindOf } from '../core/fileKind';
import type { EnvironmentState } from './environment';
import type { ReferenceCache } from './referenceCache';
import type { ConnectionStatusReporter } from './status';

// When documents are validated: debounced per document, versioned so that a result computed
// for an older text never replaces a newer one, schema diagnostics first, references after.

export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly refs: ReferenceCache,
    private readonly env: EnvironmentState,
    private readonly status: ConnectionStatusReporter,
    private readonly debounceMs: () => number,
  ) {}

  /** Validates after the debounce delay; at once when asked, and for a newly opened document. */
  schedule(doc: TextDocument, immediate = false): void {
    if (!fileKindOf(doc.uri)) return;
    if (!this.seen.has(doc.uri)) {
      this.seen.add(doc.uri);
      immediate = true;
    }
    clearTimeout(this.timers.get(doc.uri));
    const timer = setTimeout(() => {
      this.timers.delete(doc.uri);
      this.run(doc.uri, doc.version).catch((err: unknown) =>
        this.connection.console.error(`validation of ${doc.uri} failed: ${err instanceof Error ? err.stack : String(err)}`),
      );
    }, immediate ? 0 : this.debounceMs());
    this.timers.set(doc.uri, timer);
  }

  revalidateAll(): void {
    for (const doc of this.documents.all()) this.schedule(doc, true);
  }

  forget(uri: string): void {
    this.seen.delete(uri);
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private current(uri: string, version: number): TextDocument | undefined {
    const doc = this.documents.get(uri);
    return doc && doc.version === version ? doc : undefined;
  }

  private async run(uri: string, version: number): Promise<void> {
    const doc = this.current(uri, version);
    const kind = fileKindOf(uri);
    if (!doc || !kind) return;
    const local = analyzeLocal(doc, kind);
    await this.connection.sendDiagnostics({ uri, version, diagnostics: local.diagnostics });
    if (local.value === undefined) return;
    const duplicates = analyzeDuplicateKeys(doc, local.value);
    const generation = this.env.current?.generation;
    const state = await this.refs.state(kind);
    // Asked of an environment that has since been replaced (its client closed): the switch
    // revalidates every document, so this result must not overwrite the newer one.
    if (this.env.current?.generation !== generation) return;
    this.status.update(state.status === 'ok' ? { ok: true } : { ok: false, error: state.cause });
    if (!this.current(uri, version)) return; // a newer version is on its way
    const references = analyzeReferences(doc, kind, local.value, state);
    await this.connection.sendDiagnostics({ uri, version, diagnostics: [...local.diagnostics, ...duplicates, ...references] });
  }
}
