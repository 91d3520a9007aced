import type { ImportItemResult, LocalCaseRef } from '../model/sync';
import { mapLimit } from '../base/pool';
import { caseKey, expandUris, Placement, readLocalFile, type LocalCase } from './local';
import type { SyncRun } from './types';

// The cases an import is asked for: every file under the uris read (a file that cannot be read is
// refused), `only` narrowing them to some cases, and each bundle item that is no test case
// refused, so every item asked ends in the account.

export async function casesAsked(
  run: SyncRun,
  uris: string[],
  asked: LocalCaseRef[] | undefined,
): Promise<{ cases: LocalCase[]; results: ImportItemResult[] }> {
  const results: ImportItemResult[] = [];
  const cases: LocalCase[] = [];
  const place = new Placement();
  const files = await mapLimit(await expandUris(uris), 16, (uri) =>
    readLocalFile(uri, run.host.openText, place).catch((err: unknown) => {
      results.push({
        uri,
        outcome: 'refused',
        reason: 'fileProblem',
        message: err instanceof Error ? err.message : String(err),
      });
      return undefined;
    }),
  );
  const only = asked && new Set(asked.map((r) => caseKey(r.uri, r.index)));
  // A ref without an index stands for every case of its file.
  for (const f of files)
    if (f) cases.push(...(only ? f.items.filter((c) => only.has(c.key) || only.has(c.uri)) : f.items));
  // A bundle item that is no test case is asked for too: it is accounted for, never left out silently.
  for (const f of files) {
    for (const { index, why } of f?.notCases ?? []) {
      if (!f || (only && !only.has(caseKey(f.uri, index)) && !only.has(f.uri))) continue;
      results.push({
        uri: f.uri,
        index,
        outcome: 'refused',
        reason: 'fileProblem',
        message: `${f.path} (item ${index}) ${why}: every item of a bundle is a test case (a JSON object). Fix it, then import again.`,
      });
    }
  }
  return { cases, results };
}
