// Deletes the service refuses (409 "cannot be deleted") because other records hold the record:
// the words name what holds it, as read from the service, and the next step. The test cases'
// refusal has its own words beside its deletion (testCases/deletion.ts), as it names two kinds.

/** "a", "a and b", "a, b and c"; past `max`, "a, b and 3 more". */
export function listWords(items: string[], max = 5): string {
  const shown = items.length > max ? [...items.slice(0, max), `${items.length - max} more`] : items;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** `label`: 'project "Voice"'; `members`: 'test case "Call"', ... (empty when they could not be read). */
export function projectHeldWords(label: string, members: string[]): string {
  if (members.length === 0) {
    return `The service refused to delete ${label}: records are still assigned to it. Expand the project to see them, remove them with Assign to Projects..., then delete it.`;
  }
  return `The service refused to delete ${label}: ${listWords(members)} ${members.length === 1 ? 'is' : 'are'} still assigned to it. Remove ${members.length === 1 ? 'it' : 'them'} with Assign to Projects..., then delete the project.`;
}

/** `label`: 'trace filter "SIP only"'; `testCases`: names of the test cases whose traceFilters name it (empty when unknown). */
export function traceFilterHeldWords(label: string, testCases: string[], said: string): string {
  if (testCases.length === 0) {
    return `The service refused to delete ${label}: something still uses it, such as a test case whose traceFilters name it (Delete Trace Filter... names the workspace files that do).${said}`;
  }
  const one = testCases.length === 1;
  return `The service refused to delete ${label}: test case${one ? '' : 's'} ${listWords(testCases.map((n) => `"${n}"`))} still use${one ? 's' : ''} it (traceFilters). Remove it from ${one ? 'that test case' : 'them'}, then delete it again.`;
}

/** `label`: 'test suite "Nightly"'; `executionIds`: its queued or running executions (empty when unknown). */
export function suiteHeldWords(label: string, executionIds: number[]): string {
  if (executionIds.length === 0) {
    return `The service refused to delete ${label}: executions of it are still queued or running. Cancel them (Cancel Test Suite) or wait for them to end, then delete it again.`;
  }
  const one = executionIds.length === 1;
  return `The service refused to delete ${label}: execution${one ? '' : 's'} ${listWords(executionIds.map(String))} of it ${one ? 'is' : 'are'} still queued or running. Cancel ${one ? 'it' : 'them'} (Cancel Test Suite) or wait for ${one ? 'it' : 'them'} to end, then delete it again.`;
}
