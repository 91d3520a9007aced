import type { Finding } from './diagnostics';
import type { FileKind } from './fileKind';
import { checkSipCodes } from './sipCodes';
import { itemsOf, strOf, testCasesIn } from './testCaseModel';

/** Checks that need no service: our rules beyond the schema. */
export function localChecks(kind: FileKind, value: unknown): Finding[] {
  return testCasesIn(kind, value).flatMap((tc) =>
    itemsOf(tc, 'sipTraceFilters').flatMap((item) => {
      const codes = strOf(item.value['sipMessageCodes']);
      return codes === undefined ? [] : checkSipCodes(codes, [...item.path, 'sipMessageCodes']);
    }),
  );
}
