import { SECRET_PLACEHOLDER, secretPaths } from '../secrets/secrets';
import { DiagnosticCode, Severity, type Finding } from './diagnostics';
import type { FileKind } from '../document/fileKind';
import { checkSipCodes } from './sipCodes';
import { exactStr } from '../api/read';
import { itemsOf, testCasesIn } from '../document/testCaseModel';

/** Checks that need no service: our rules beyond the schema. */
export function localChecks(kind: FileKind, value: unknown): Finding[] {
  return testCasesIn(kind, value).flatMap((tc) => [
    ...itemsOf(tc, 'sipTraceFilters').flatMap((item) => {
      const codes = exactStr(item.value['sipMessageCodes']);
      return codes === undefined ? [] : checkSipCodes(codes, [...item.path, 'sipMessageCodes']);
    }),
    ...plaintextSecrets(tc.path, tc.value),
  ]);
}

/** Secrets must not be committed (the interface document): each one written in plain text. */
function plaintextSecrets(at: readonly (string | number)[], testCase: unknown): Finding[] {
  return secretPaths(testCase).map((p) => ({
    path: [...at, ...p],
    on: 'value',
    message: `A secret in plain text: it must not be committed. Replace it with ${JSON.stringify(SECRET_PLACEHOLDER)}; the service keeps the real value, and import never sends the placeholder.`,
    code: DiagnosticCode.plaintextSecret,
    severity: Severity.Warning,
  }));
}
