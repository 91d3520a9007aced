import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fileKindOf, type LanguageService } from '../core';

// When documents are validated: after a delay per document that follows what its last
// validation cost (none for a cheap one, the setting as the upper bound), versioned so that a
// result computed for an older text never replaces a newer one, schema diagnostics first,
// references after.
// Between the stages the scheduler lets every waiting message go first: on a 2 MB file a stage
// takes tens of milliseconds, and a hover or an edit must not wait for all of them; a run whose
// text has changed meanwhile stops there.

/** Lets the messages that arrived meanwhile be read and answered (a timer runs after them). */
const letOthersFirst = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly seen = new Set<string>();
  /** What the last validation of each document cost, in ms of its own work (no waiting counted). */
  private readonly cost = new Map<string, number>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly language: LanguageService,
    private readonly settings: () => { debounceMs: number; maxProblems: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Validates after the delay its last cost calls for; at once when asked, and for a newly opened document. */
  schedule(doc: TextDocument, immediate = false): void {
    if (!fileKindOf(doc.uri)) return;
    if (!this.seen.has(doc.uri)) {
      this.seen.add(doc.uri);
      immediate = true;
    }
    clearTimeout(this.timers.get(doc.uri));
    const timer = setTimeout(
      () => {
        this.timers.delete(doc.uri);
        this.run(doc.uri, doc.version).catch((err: unknown) =>
          this.connection.console.error(
            `validation of ${doc.uri} failed: ${err instanceof Error ? err.stack : String(err)}`,
          ),
        );
      },
      immediate ? 0 : this.delayFor(doc.uri),
    );
    this.timers.set(doc.uri, timer);
  }

  /** The delay before the next validation of a document after an edit (ms). */
  delayFor(uri: string): number {
    return this.language.checkDelay(this.cost.get(uri), this.settings().debounceMs);
  }

  revalidateAll(): void {
    for (const doc of this.documents.all()) this.schedule(doc, true);
  }

  forget(uri: string): void {
    this.seen.delete(uri);
    this.cost.delete(uri);
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
    const checks = doc && this.language.checks(doc, this.settings().maxProblems);
    if (!doc || !checks) return;
    // The cost of this validation: its own steps, not the turns given to other messages.
    let spent = 0;
    const timed = <T>(work: () => T): T => {
      const start = this.now();
      try {
        return work();
      } finally {
        spent += this.now() - start;
      }
    };
    const steps = checks.localSteps();
    let step = timed(() => steps.next());
    while (!step.done) {
      await letOthersFirst();
      if (!this.current(uri, version)) return;
      step = timed(() => steps.next());
    }
    const local = step.value;
    await this.connection.sendDiagnostics({ uri, version, diagnostics: timed(() => checks.diagnostics([local])) });
    if (local.value === undefined) {
      this.cost.set(uri, spent);
      return;
    }
    await letOthersFirst();
    if (!this.current(uri, version)) return; // a newer version is on its way
    const duplicates = timed(() => checks.duplicateKeys(local));
    this.cost.set(uri, spent);
    const live = await checks.live(local, () => this.current(uri, version) !== undefined, letOthersFirst);
    if (!live) return; // a newer version or another environment is on its way
    await this.connection.sendDiagnostics({
      uri,
      version,
      diagnostics: checks.diagnostics([local, duplicates, ...live]),
    });
  }
}
