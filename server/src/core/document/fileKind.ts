// Which of our formats a document is, by its name (the language id differs between editors).

export type FileKind = 'testCase' | 'bundle';

export function fileKindOf(uri: string): FileKind | undefined {
  const raw = uri.split(/[?#]/)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw).toLowerCase();
  } catch {
    // A stray % (not an escape): the name as it is.
    path = raw.toLowerCase();
  }
  if (path.endsWith('.testcases.json')) return 'bundle';
  if (path.endsWith('.testcase.json')) return 'testCase';
  return undefined;
}
