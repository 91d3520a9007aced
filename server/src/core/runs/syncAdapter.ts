import type { FileSyncStatus, ImportItemResult, LocalCaseRef, SyncDecision } from '../model/sync';
import type { SyncEngine } from '../sync/engine';
import { caseKey } from '../sync/local';
import type { RunSync } from './run';

// The run's view of sync: one case's state and one case's import, picked from the sync engine's
// answers for the whole file (a bundle answers for each of its cases).

const same = (a: LocalCaseRef, b: LocalCaseRef) => a.uri === b.uri && (a.index ?? -1) === (b.index ?? -1);

export function runSyncOf(engine: SyncEngine): RunSync {
  return {
    async status(ref): Promise<FileSyncStatus> {
      const all = await engine.status([ref]);
      return (
        all.find((s) => same(s, ref)) ??
        all.find((s) => s.uri === ref.uri && ref.index === undefined) ?? {
          ...ref,
          state: 'unknown',
          message: 'the file holds no such test case',
        }
      );
    },
    async importOne(ref, decision?: SyncDecision): Promise<ImportItemResult> {
      // Only this case: the other items of its bundle are not sent with it (nor linked).
      const report = await engine.importFiles({
        uris: [ref.uri],
        decisions: decision ? { [caseKey(ref.uri, ref.index)]: decision } : {},
        only: [ref],
      });
      return (
        report.results.find((r) => same(r, ref)) ?? {
          ...ref,
          outcome: 'refused',
          message: 'The import did not report this test case.',
        }
      );
    },
  };
}
