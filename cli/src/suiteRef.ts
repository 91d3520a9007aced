import { type Actions, actionsOn, type ExecutionSummary, type TasClient } from '../../server/src/core';
import { UsageError } from './exitCodes';
import { TERMINAL_WORDS } from './words';

// The language server's suite and execution actions, hosted without a follower: the CLI follows
// executions itself (follow.ts) only when asked to wait.

// Suites that list bare ids are named by reading the test cases (no cached list here). Neither
// action words failures itself: the commands do, in the terminal's words.
export const suiteActions = (client: TasClient): Actions['suites'] =>
  actionsOn(client, { words: TERMINAL_WORDS }).suites;

export const executionActions = (client: TasClient): Actions['executions'] =>
  actionsOn(client, { words: TERMINAL_WORDS }).executions;

/** A suite named by id or by its exact name. */
export async function suiteId(client: TasClient, ref: string, signal: AbortSignal): Promise<number> {
  if (/^\d+$/.test(ref)) return Number(ref);
  const suites = await client.testSuites.list(signal);
  const found = suites.filter((s) => s.name === ref);
  if (found.length === 1 && typeof found[0]?.id === 'number') return found[0].id;
  if (found.length > 1)
    throw new UsageError(`${found.length} test suites are named "${ref}": name it by id (tas suites lists them).`);
  throw new UsageError(`No test suite is named "${ref}". tas suites lists them.`);
}

/**
 * A suite's name for a report: the one given, else the suite's own (read once), else as its
 * executions say it; a report is never refused for its title, so the id stands in at worst.
 */
export async function suiteName(
  client: TasClient,
  ref: string,
  id: number,
  executions: readonly ExecutionSummary[],
  signal: AbortSignal,
): Promise<string> {
  if (!/^\d+$/.test(ref)) return ref;
  const read = await client.testSuites.get(id, signal).catch(() => undefined);
  if (typeof read?.name === 'string' && read.name !== '') return read.name;
  return (
    executions.find((e) => e.testSuiteName !== undefined && e.testSuiteName !== '')?.testSuiteName ?? `test suite ${id}`
  );
}
