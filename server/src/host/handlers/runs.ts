import type { Connection } from 'vscode-languageserver/node';
import type { Sync } from '../../core';
import { RunTestCaseRequest } from '../../protocol';

// Thin adapter from RunTestCaseRequest to the runs of the sync façade (a file runs through its link).

export function registerRunFeatures(connection: Connection, s: { sync: Sync }): void {
  connection.onRequest(RunTestCaseRequest, (p) => s.sync.run(p));
}
