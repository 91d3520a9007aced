import type { TasClient } from '../api/client';
import type { LocalCaseRef, SyncDecision } from '../model/sync';
import type { ListSource } from './identities';
import type { SyncReferenceKind } from '../model/entityKinds';
import type { HostWords } from '../failures/failures';

// What the sync engine and the modules it calls share: the host's port, progress, the
// parameters of import and export, and one run's context. Its own module, so the engine imports
// the importer and exporter and nothing imports the engine back.

/** A text edit as LSP describes it (no import of the protocol package here). */
export interface TextEditLike {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/** What the host gives the core: the environment, open buffers, and edits of open documents. */
export interface SyncHost {
  /** The current environment, or undefined when signed out. */
  environment: () => { baseUrl: string; client: TasClient } | undefined;
  /** The text of an open document (its unsaved buffer), or undefined when it is not open. */
  openText: (uri: string) => string | undefined;
  /** Applies edits to an open document (workspace/applyEdit); false when the editor refused. */
  applyEdit: (uri: string, edits: TextEditLike[]) => Promise<boolean>;
  /** The device, API client and trace filter lists the host caches for the environment of `client`; absent: each run reads its own. */
  lists?: (client: TasClient) => ListSource;
  /** The host's next steps in the failures of single items. */
  words: HostWords;
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
  /** Replace the service version of every case changed there since the last sync (conflicts included). */
  force?: boolean;
  /** Plan only: the same outcomes, read from the service as usual, but nothing sent and no file or sync state written. */
  dryRun?: boolean;
  /** Only these cases of the files (one item of a bundle, to run it); the others are left alone and not reported. */
  only?: LocalCaseRef[];
  /** The user's counterparts for references of another environment (mapping.ts), per kind: home id to this environment's id. */
  map?: Partial<Record<SyncReferenceKind, Record<string, number>>>;
  /** Keep the counterparts of `map` that were used in the sync state, for later imports (the editor's picks). */
  remember?: boolean;
  /** When a case would be sent with mapped references, or is stopped at one, send nothing: answer a dry run to confirm. */
  confirmMappings?: boolean;
}

export interface ExportParams {
  ids: number[];
  folder: string;
  bundle?: string;
  dirtyUris?: string[];
  decisions?: Record<string, SyncDecision>;
  /** Plan only: the same outcomes, read from the service as usual, but no file or sync state written. */
  dryRun?: boolean;
  /** The ids were named by a person: when one names nothing, nothing at all is written (the command was mistyped). */
  allNamed?: boolean;
  /** The ids come from the service's own list: one its export answer leaves out is said to have been listed. */
  listed?: boolean;
  /** Counterparts a person named for a file's home (mapping.ts), as for import: per kind, home id to this environment's id. */
  map?: ImportParams['map'];
  /** Keep the counterparts of `map` that were used in the sync state (not in a dry run). */
  remember?: boolean;
}

/** One import or export: the host, the current environment's client and key, and how to report. */
export interface SyncRun {
  host: SyncHost;
  client: TasClient;
  /** The environment key of the current environment. */
  env: string;
  signal: AbortSignal | undefined;
  progress: ProgressSink | undefined;
  batchSize: number | undefined;
  /** The host's cached lists of this environment (SyncHost.lists). */
  lists?: ListSource;
}
