import type { FileKind } from './fileKind';

// Where the test cases of a document are: the whole document for a test case file, each
// element of the array for an export bundle.

export type Path = (string | number)[];
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface TestCaseAt {
  path: Path;
  value: Obj;
}

export function testCasesIn(kind: FileKind, value: unknown): TestCaseAt[] {
  if (kind === 'testCase') return isObj(value) ? [{ path: [], value }] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v, i) => (isObj(v) ? [{ path: [i], value: v }] : []));
}

/** Each object of an array field, with its path. */
export function itemsOf(tc: TestCaseAt, field: string): { path: Path; value: Obj }[] {
  const list = tc.value[field];
  if (!Array.isArray(list)) return [];
  return list.flatMap((v, i) => (isObj(v) ? [{ path: [...tc.path, field, i], value: v }] : []));
}

export const intOf = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined);
export const strOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
