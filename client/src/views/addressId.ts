import type * as vscode from 'vscode';

// The id a read-only document's address carries in its query (`tas-execution:/Execution 7.log?id=7`,
// `tas-history:/History of test case 7.txt?id=7`): the one reader for both schemes.

/** The id in `uri`'s query, or undefined when it has none. */
export function addressId(uri: vscode.Uri): number | undefined {
  const m = /(?:^|&)id=(\d+)/.exec(uri.query);
  return m ? Number(m[1]) : undefined;
}
