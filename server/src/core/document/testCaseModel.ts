import { isRecord } from '../base/read';
import type { FileKind } from './fileKind';

// Where the test cases of a document are: the whole document for a test case file, each
// element of the array for an export bundle.

export type Path = (string | number)[];
export type Obj = Record<string, unknown>;

export interface TestCaseAt {
  path: Path;
  value: Obj;
}

export function testCasesIn(kind: FileKind, value: unknown): TestCaseAt[] {
  if (kind === 'testCase') return isRecord(value) ? [{ path: [], value }] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v, i) => (isRecord(v) ? [{ path: [i], value: v }] : []));
}

/** Each object of an array field, with its path. */
export function itemsOf(tc: TestCaseAt, field: string): { path: Path; value: Obj }[] {
  const list = tc.value[field];
  if (!Array.isArray(list)) return [];
  return list.flatMap((v, i) => (isRecord(v) ? [{ path: [...tc.path, field, i], value: v }] : []));
}
