import type { Connection } from 'vscode-languageserver/node';
import type { ServiceSession } from '../../core';
import {
  HistoryCasesRequest,
  HistoryChangedNotification,
  HistoryDocumentRequest,
  HistorySuspectsRequest,
} from '../../protocol';

// Thin adapters from the history's requests to the session's history views; the follower's
// readings that change a test case's history are told to the client.

export function registerHistoryFeatures(connection: Connection, s: { session: ServiceSession }): void {
  const views = s.session.historyViews;
  views.onChange((testCaseIds) => void connection.sendNotification(HistoryChangedNotification, { testCaseIds }));
  connection.onRequest(HistoryCasesRequest, ({ testCaseIds, links }) =>
    s.session.act({ action: 'read the history of the test cases' }, () => views.cases(testCaseIds, links)),
  );
  connection.onRequest(HistorySuspectsRequest, () =>
    s.session.act({ action: 'read the history of the devices' }, () => views.suspects()),
  );
  connection.onRequest(HistoryDocumentRequest, ({ testCaseIds }) =>
    s.session.act({ action: 'read the history' }, () => views.document(testCaseIds)),
  );
}
