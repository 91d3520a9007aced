// Which of our formats a document is, by its name (the language id differs between editors).

export type FileKind = 'testCase' | 'bundle';

export function fileKindOf(uri: string): FileKind | undefined {
  const path = decodeURIComponent(uri.split(/[?#]/)[0] ?? '').toLowerCase();
  if (path.endsWith('.testcases.json')) return 'bundle';
  if (path.endsWith('.testcase.json')) return 'testCase';
  return undefined;
}
