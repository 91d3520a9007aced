// Messages of sync: files and the service (links, import, export, copy, counterparts). Declared
// once here, re-exported by server/src/protocol.ts.

import type {
  CopyReport,
  CopyRequest,
  CounterpartChoice,
  ExportReport,
  FileSyncStatus,
  ImportReport,
  LocalCaseRef,
  Outcome,
  RefChoices,
  SyncDecision,
} from '../core';
import { clientRequest, serverNotification } from './message';

/** Files by uri. */
export interface UrisParams {
  uris: string[];
}

/** A local test case linked to a test case of the current environment. */
export interface LinkedCase extends LocalCaseRef {
  id: number;
  name?: string;
  /** The service's time of the test case at the last sync (a change the history knows of). */
  updated?: string;
}

export interface ImportFilesParams extends UrisParams {
  /** By `uri` or `uri#index`. */
  decisions?: Record<string, SyncDecision>;
  operation?: string;
  map?: RefChoices;
  remember?: boolean;
  confirmMappings?: boolean;
}

export interface ExportTestCasesParams {
  ids: number[];
  folder: string;
  bundle?: string;
  dirtyUris?: string[];
  /** By file uri. */
  decisions?: Record<string, SyncDecision>;
  /** The ids come from the service's list (a pick), not from a link: said of one its export answer leaves out. */
  listed?: boolean;
  operation?: string;
}

export interface SyncProgressParams {
  operation: string;
  done: number;
  total: number;
  message?: string;
}

/**
 * client -> server: the links of these files in the current environment, from the sync state
 * alone (no service request): for Test Explorer, the views' "open the linked file" and markers.
 */
export const LinkedCasesRequest = clientRequest<UrisParams, Outcome<LinkedCase[]>>('tas/sync/linked');

/** client -> server: the change state of these files against the service (reads the service). */
export const SyncStatusRequest = clientRequest<UrisParams, Outcome<FileSyncStatus[]>>('tas/sync/status');

/**
 * client -> server: import files (test-case files, bundles, or folders holding them) into the
 * current environment, batched, never retried. Safe items are pushed; conflicts, changes on the
 * service only and taken names come back undecided until `decisions` (by `uri` or `uri#index`)
 * settle them. New ids are written back into the files (open buffers through workspace/applyEdit).
 * Cancellable; progress through SyncProgressNotification under `operation`. References of another
 * environment: `map` names counterparts (kept in the sync state with `remember`); with
 * `confirmMappings` an import that would map one sends nothing and answers a dry run
 * (`needsConfirmation`) for the preview. The report is the account: every file and bundle item
 * asked has one result, and one not imported carries why (`reason`, `message`).
 */
export const ImportFilesRequest = clientRequest<ImportFilesParams, Outcome<ImportReport>>('tas/sync/import');

/**
 * client -> server: export test cases into `folder`, one `*.testcase.json` each, or into one
 * bundle file (`bundle`, a `*.testcases.json` uri) with their devices and API clients. Files whose
 * local content would be lost come back `needsDecision` until `decisions` (by file uri) settle
 * them. `dirtyUris`: files with unsaved changes in the editor. Writes are atomic. The report is
 * the account: every id asked has one result (each distinct id once; a bundle's item each), and
 * one not written carries why (`reason`, `message`): not on the service, left out of its answer,
 * unusable there, refused, or a file problem.
 */
export const ExportTestCasesRequest = clientRequest<ExportTestCasesParams, Outcome<ExportReport>>('tas/sync/export');

/**
 * client -> server: create test cases of the active environment in `target`, references mapped
 * by identity (sync/copy.ts), created once and never retried; `dryRun` is the preview. The
 * target's secret travels in memory only. Cancellable; progress under `operation`.
 */
export const CopyTestCasesRequest = clientRequest<CopyRequest, Outcome<CopyReport>>('tas/testCases/copy');

/**
 * client -> server: keep `to` (an id here) as the counterpart of `from` (an id of the file's home
 * environment `home`) in the file's sync state: the quick fix of `foreign-reference`. The file is
 * not edited; open documents are checked again.
 */
export const ChooseCounterpartRequest = clientRequest<CounterpartChoice, Outcome<void>>('tas/sync/chooseCounterpart');

/** server -> client: progress of an import, export or copy the client started with `operation`. */
export const SyncProgressNotification = serverNotification<SyncProgressParams>('tas/sync/progress');
