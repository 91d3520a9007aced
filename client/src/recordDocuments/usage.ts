// What a delete question says uses the record: the test cases the service names and the
// workspace's test-case files that refer to it. No `vscode` import, so unit tests read it.

import { counted } from '../../../server/src/core';

const listed = (items: string[], max = 5) =>
  `${items.slice(0, max).join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}`;

export function usersDetail(testCases: string[], files: string[], kind: string): string {
  const parts: string[] = [];
  if (testCases.length > 0)
    parts.push(
      `The service says ${testCases.length === 1 ? 'test case' : `${testCases.length} test cases`} use${testCases.length === 1 ? 's' : ''} it: ${listed(testCases.map((n) => `"${n}"`))}.`,
    );
  if (files.length > 0)
    parts.push(
      `${counted(files.length, 'test-case file')} in this workspace refer${files.length === 1 ? 's' : ''} to it: ${listed(files)}.`,
    );
  if (parts.length === 0) return `Nothing the service lists and no test-case file in this workspace uses this ${kind}.`;
  return `${parts.join(' ')} They will name a ${kind} that no longer exists.`;
}
