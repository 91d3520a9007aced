// Files and the service: how a local test case stands, and what import, export and run answer.
import type { ExecutionSummary } from './executions';
import type { EnvironmentInfo } from './environment';
import type { SyncReferenceKind } from './entityKinds';

/**
 * How a local test case stands against the current environment. `notLinked`: no test case of
 * this environment is linked to it (the file's `id`, if any, belongs to another environment or
 * names nothing). The change states compare file and service with the version last synced.
 */
export type FileSyncState =
  'notLinked' | 'unchanged' | 'localChanged' | 'serviceChanged' | 'conflict' | 'missingOnService' | 'unknown';

/** One test case of a local file: a `*.testcase.json`, or one item of a `*.testcases.json` bundle. */
export interface LocalCaseRef {
  uri: string;
  /** Index in a bundle; absent for a single test-case file. */
  index?: number;
}

export interface FileSyncStatus extends LocalCaseRef {
  name?: string;
  /** The linked test case in the current environment. */
  id?: number;
  state: FileSyncState;
  /** Why the state is `unknown` (unreadable file, service unreachable), in plain words. */
  message?: string;
}

/** What the user chose for a case the first pass did not push or write. */
export type SyncDecision = 'overwriteService' | 'takeService' | 'linkToExisting' | 'overwriteFile' | 'skip';

export type ImportOutcome =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'refused'
  | 'conflict'
  | 'serviceChanged'
  | 'nameTaken'
  | 'tookService'
  | 'skipped';

/**
 * Why an item asked for was not done, for the account of an import or export (and `tas`'s exit
 * code): the service has no such test case (`notOnService`, 404); its answer did not hold it
 * (`notInAnswer`); held it, or answered about it, in a form that cannot be used (`unusableRecord`:
 * an id that is not a number, a name that is not text, nesting too deep, an answer of another
 * shape); refused it (`refusedByService`: 400, 409, 422, ...); does not allow it (`notAllowed`:
 * 401, 403); failed or did not answer (`serviceFailed`: 5xx, timeouts, a lost answer); or a local
 * file is why (`fileProblem`: it cannot be read, written, or sent as it is).
 */
export type NotDoneReason =
  | 'notOnService'
  | 'notInAnswer'
  | 'unusableRecord'
  | 'refusedByService'
  | 'notAllowed'
  | 'serviceFailed'
  | 'fileProblem';

export interface ImportItemResult extends LocalCaseRef {
  name?: string;
  outcome: ImportOutcome;
  /** `refused`: why, as a kind (`message` says it in words); absent when the refusal waits for counterparts (`unmapped`). */
  reason?: NotDoneReason;
  /** The test case it created, updated or is linked to. */
  id?: number;
  /** Why it was refused, or what the user has to decide, in plain words. */
  message?: string;
  /** `conflict`/`serviceChanged`: the service's version as the file would hold it, for a diff. */
  serviceText?: string;
  /** `nameTaken`: the test case that holds the name (409), to link the file to. */
  takenById?: number;
  /**
   * `updated` (or would be, in a dry run), `conflict`, `serviceChanged`: the service's name of the
   * test case, when the file gives it another; the import renames it (says both names).
   */
  renamedFrom?: string;
  /** References translated to this environment's records (or that would be, in a dry run), in words. */
  mappings?: string[];
  /** `refused`: references with no single counterpart here; nothing of the case was sent. */
  unmapped?: UnmappedRef[];
}

/** A reference of another environment with no single counterpart here: what it is, and what a person may pick. */
export interface UnmappedRef {
  kind: SyncReferenceKind;
  id: number;
  /** Who it is in its home environment; absent when never recorded there. */
  identity?: { msisdn?: string; name?: string };
  /** The records here with its identity (none, or several). */
  candidates: number[];
  /** What a person may pick from: the candidates, else the records of the kind here (at most a few hundred). */
  choices: { id: number; msisdn?: string; name?: string }[];
  /** Where in the test case, e.g. `testStepList[2].mobileDeviceId`. */
  where: string;
  /** The environment it belongs to: the file's home (import), or the source (copy). */
  home?: string;
}

/** A reference of the environment exported from that has no known counterpart in the file's home environment. */
export interface RefUnknownAtHome {
  kind: SyncReferenceKind;
  id: number;
  /** Who it is in the environment exported from; absent when that environment does not list it. */
  identity?: { msisdn?: string; name?: string };
  /** Where in the test case, e.g. `testStepList[2].mobileDeviceId`. */
  where: string;
  /** The file's home environment. */
  home: string;
  /** The id the file holds at that place (its home's), when it holds one. */
  fileId?: number;
}

/** Counterparts a person chose: per kind, a home id (as text) to the id in the target environment. */
export type RefChoices = Partial<Record<SyncReferenceKind, Record<string, number>>>;

export interface ImportReport {
  results: ImportItemResult[];
  /**
   * Asked with `confirmMappings` and some case would be sent with mapped references (or stopped
   * at one): nothing was sent or written, the results are a dry run's, for the user to confirm.
   */
  needsConfirmation?: boolean;
  /** Said once for the whole import: links of `.tas/sync.json` that were ignored, and why. */
  warnings?: string[];
}

export type ExportOutcome = 'written' | 'unchanged' | 'needsDecision' | 'skipped' | 'failed';

export interface ExportItemResult {
  id: number;
  name?: string;
  /** The file written, or that would be. */
  uri: string;
  index?: number;
  outcome: ExportOutcome;
  /**
   * `needsDecision`: the file has unsaved changes, changes since it was last synced, was never
   * synced, or is no file sync writes (`foreignFile`: a symbolic link, not UTF-8; `message` says which).
   * `failed`: why it was not written (NotDoneReason; `notOnService` when the id names no test case).
   */
  reason?: 'unsavedChanges' | 'localChanges' | 'notSynced' | 'foreignFile' | 'unknownAtHome' | NotDoneReason;
  /**
   * `needsDecision` with `unknownAtHome`: exported from another environment than the file's home,
   * references with no known counterpart there; overwriting does not settle it, naming them does.
   */
  unknownAtHome?: RefUnknownAtHome[];
  /** `needsDecision`: what the export would write, for a diff with the local file. */
  serviceText?: string;
  message?: string;
}

export interface ExportReport {
  results: ExportItemResult[];
  /** Secret values written as placeholders (said once to the user). */
  secretsReplaced: number;
  /** Said once for the whole export: links of `.tas/sync.json` that were ignored, and why. */
  warnings?: string[];
}

export type RunChoice = 'importAndRun' | 'runServiceVersion' | 'importNew';

export type RunTestCaseResult =
  | { kind: 'started'; testCaseId: number; execution: ExecutionSummary }
  /** The file is not as on the service (or not on it at all): the user picks, then asks again. */
  | {
      kind: 'needsChoice';
      reason: 'unsavedChanges' | 'localChanges' | 'conflict' | 'notOnService';
      message: string;
      testCaseId?: number;
    };

export type CopyOutcome = 'created' | 'refused' | 'nameTaken' | 'skipped';

/** One test case copied from one environment to another (or that would be, in a dry run). */
export interface CopyItemResult {
  /** The test case in the environment it comes from. */
  sourceId: number;
  name?: string;
  outcome: CopyOutcome;
  /** The test case created in the target environment. */
  id?: number;
  /** `nameTaken`: the target's test case that already has the name. */
  takenById?: number;
  /** References translated to the target's records, in words. */
  mappings?: string[];
  /** `refused`: references with no single counterpart in the target; nothing of the case was sent. */
  unmapped?: UnmappedRef[];
  /** `refused`: `notOnService` when the id names no test case of the environment copied from. */
  reason?: 'notOnService';
  message?: string;
}

export interface CopyReport {
  /** The environment keys (base URLs) copied from and to. */
  from: string;
  to: string;
  dryRun?: boolean;
  results: CopyItemResult[];
}

/** Copy to Environment as the editor asks it: the target's secret travels in memory only. */
export interface CopyRequest {
  ids: number[];
  target: EnvironmentInfo & { clientSecret: string };
  /** The preview: nothing sent. */
  dryRun?: boolean;
  map?: RefChoices;
  /** Keep the counterparts of `map` used in the sync state of `choicesAt` (a folder). */
  remember?: boolean;
  choicesAt?: string;
  operation?: string;
}
