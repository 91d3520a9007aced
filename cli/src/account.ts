import type { ExportItemResult, ImportItemResult, NotDoneReason } from '../../server/src/core';
import { Exit, type ExitCode } from './exitCodes';

// The account of an import or export as tas ends it: every item asked has one outcome, and the
// exit code follows what was not done and why (docs/cli.md, "Exit codes"): never 0 while something
// asked for was left undone.

/** An item not done, by why. */
const BY_REASON: Record<NotDoneReason, ExitCode> = {
  notOnService: Exit.failed,
  notInAnswer: Exit.failed,
  unusableRecord: Exit.failed,
  fileProblem: Exit.failed,
  refusedByService: Exit.refused,
  notAllowed: Exit.auth,
  serviceFailed: Exit.service,
};

const isNotDone = (reason: string | undefined): reason is NotDoneReason => reason !== undefined && reason in BY_REASON;

/**
 * Of the items' codes, the one the command ends with: what a person must fix first, an outage
 * last (trying again fixes only that, and only for its own items).
 */
const PRECEDENCE: readonly ExitCode[] = [Exit.usage, Exit.auth, Exit.conflict, Exit.refused, Exit.failed, Exit.service];

export function accountExit(codes: readonly ExitCode[]): ExitCode {
  return PRECEDENCE.find((c) => codes.includes(c)) ?? Exit.ok;
}

export function exportItemExit(r: Pick<ExportItemResult, 'outcome' | 'reason'>): ExitCode {
  switch (r.outcome) {
    case 'written':
    case 'unchanged':
      return Exit.ok;
    case 'needsDecision':
      return Exit.conflict;
    default:
      return isNotDone(r.reason) ? BY_REASON[r.reason] : Exit.failed;
  }
}

export function importItemExit(r: ImportItemResult): ExitCode {
  switch (r.outcome) {
    case 'created':
    case 'updated':
    case 'unchanged':
    case 'tookService':
      return Exit.ok;
    case 'conflict':
    case 'serviceChanged':
    case 'nameTaken':
      return Exit.conflict;
    default:
      if ((r.unmapped?.length ?? 0) > 0) return Exit.conflict;
      return isNotDone(r.reason) ? BY_REASON[r.reason] : Exit.failed;
  }
}
