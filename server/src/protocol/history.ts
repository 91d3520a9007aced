// Messages of the history (each test case's runs, flaky test cases, suspect phones): the CodeLens,
// the Test Cases and Devices views, the history document. Declared once here, re-exported by
// server/src/protocol.ts.

import type { HistoryShown, KnownLink, Outcome } from '../core';
import { clientRequest, clientRequest0, serverNotification, type TitledText } from './message';

export interface HistoryCasesParams {
  testCaseIds: number[];
  /** What the sync state tells of linked files (their test case's time at the last sync): a change the history counts. */
  links?: KnownLink[];
}

export interface HistoryDocumentParams {
  /** These test cases; every one that ran when absent. */
  testCaseIds?: number[];
}

export interface HistoryChangedParams {
  /** The test cases whose history changed (the follower read their executions); empty: all of it (it is read again). */
  testCaseIds: number[];
}

/** client -> server: these test cases' history in words (line, Markdown, marks), and the suspect phones they use. */
export const HistoryCasesRequest = clientRequest<HistoryCasesParams, Outcome<HistoryShown>>('tas/history/cases');

/** client -> server: every suspect phone, with its evidence and what the marks rest on. */
export const HistorySuspectsRequest =
  clientRequest0<Outcome<Pick<HistoryShown, 'suspects' | 'notes'>>>('tas/history/suspects');

/** client -> server: the history as a read-only document. */
export const HistoryDocumentRequest = clientRequest<HistoryDocumentParams, Outcome<TitledText>>('tas/history/document');

/** server -> client: the history of these test cases changed; views and lenses that show it ask again. */
export const HistoryChangedNotification = serverNotification<HistoryChangedParams>('tas/history/changed');
