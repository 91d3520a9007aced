import type { TasClient } from '../api/client';
import type {
  ExportReport,
  FileSyncStatus,
  ImportReport,
  LocalCaseRef,
  SyncDecision,
} from '../protocol';

// The sync core: links between local test-case files and test cases of an environment, import
// and export. Transport-free: the language server and the CLI host it alike (handlers.ts adapts).

/** A text edit as LSP describes it (no import of the protocol package here). */
export interface TextEditLike {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/** What the host gives the core: the environment, open buffers, and edits of open documents. */
export interface SyncHost {
  /** The current environment, or undefined when signed out. */
  environment(): { baseUrl: string; client: TasClient } | undefined;
  /** The text of an open document (its unsaved buffer), or undefined when it is not open. */
  openText(uri: string): string | undefined;
  /** Applies edits to an open document (workspace/applyEdit); false when the editor refused. */
  applyEdit(uri: string, edits: TextEditLike[]): Promise<boolean>;
}

export interface SyncProgress {
  done: number;
  total: number;
  message?: string;
}

export type ProgressSink = (p: SyncProgress) => void;

export interface ImportParams {
  uris: string[];
  decisions?: Record<string, SyncDecision>;
}

export interface ExportParams {
  ids: number[];
  folder: string;
  bundle?: string;
  dirtyUris?: string[];
  decisions?: Record<string, SyncDecision>;
}

export class SyncService {
  constructor(private readonly host: SyncHost) {}

  /** The links of these files in the current environment, from the sync state alone. */
  linked(uris: string[]): Promise<(LocalCaseRef & { id: number; name?: string })[]> {
    void uris;
    return Promise.resolve([]);
  }

  /** The change state of these local cases against the service. */
  status(refs: LocalCaseRef[], signal?: AbortSignal): Promise<FileSyncStatus[]> {
    void signal;
    return Promise.resolve(refs.map((r): FileSyncStatus => ({ ...r, state: 'unknown', message: 'Not available yet.' })));
  }

  importFiles(params: ImportParams, signal?: AbortSignal, progress?: ProgressSink): Promise<ImportReport> {
    void signal;
    void progress;
    void this.host;
    return Promise.resolve({ results: params.uris.map((uri) => ({ uri, outcome: 'skipped' as const, message: 'Import is not available yet.' })) });
  }

  exportCases(params: ExportParams, signal?: AbortSignal, progress?: ProgressSink): Promise<ExportReport> {
    void signal;
    void progress;
    void params;
    return Promise.resolve({ results: [], secretsReplaced: 0 });
  }
}
