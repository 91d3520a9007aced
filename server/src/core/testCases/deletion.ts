import { ApiError } from '../api/errors';
import type { TasClient } from '../api/client';
import { summarizeExecution } from '../executions/state';
import type { ExecutionFollow } from '../executions/follow';
import { describeFailure, type HostWords, recordWords } from '../failures/failures';

// Deleting test cases. The service refuses (409) while a suite contains the test case or an
// execution of it is queued or running; the refusal is then explained from what the service
// shows: the suites containing it and the active executions of it.

/** How far back the execution list is read for active executions of a refused test case. */
const RECENT_EXECUTIONS = 200;

export interface Holders {
  suites: string[];
  executionIds: number[];
}

const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Why a test case could not be deleted, in words with the next step. */
export function refusalWords(label: string, h: Holders): string {
  const parts: string[] = [];
  const steps: string[] = [];
  if (h.suites.length > 0) {
    parts.push(`it is in test suite${h.suites.length === 1 ? '' : 's'} ${list(h.suites.map((s) => `"${s}"`))}`);
    steps.push(
      `remove it from ${h.suites.length === 1 ? 'that suite' : 'those suites'} (Add/Remove Test Cases in Test Suites)`,
    );
  }
  if (h.executionIds.length > 0) {
    const one = h.executionIds.length === 1;
    parts.push(
      `execution${one ? '' : 's'} ${list(h.executionIds.map(String))} of it ${one ? 'is' : 'are'} still queued or running`,
    );
    steps.push(`wait for ${one ? 'it' : 'them'} to end or cancel ${one ? 'it' : 'them'} in Executions`);
  }
  if (parts.length === 0) {
    return `The service refused to delete ${label}: something still uses it (a test suite or a running execution). Check Test Suites and Executions, then try again.`;
  }
  const step = steps.join(' and ');
  return `The service refused to delete ${label}: ${parts.join('; ')}. ${step.charAt(0).toUpperCase()}${step.slice(1)}, then delete it again.`;
}

export class TestCaseDeletion {
  constructor(
    private readonly client: TasClient,
    private readonly extraFinal: () => readonly string[],
    /** The host's next steps in failures worded here. */
    private readonly words: HostWords,
    private readonly follower?: Pick<ExecutionFollow, 'active'>,
  ) {}

  /**
   * One request per test case; never stops at the first failure. `names`: as shown, by id;
   * `gone`: told of each test case the service no longer has (404).
   */
  async deleteAll(
    ids: number[],
    names: ReadonlyMap<number, string> = new Map(),
    gone: (id: number) => void = () => undefined,
  ): Promise<{ deleted: number[]; failed: { id: number; message: string }[] }> {
    const deleted: number[] = [];
    const failed: { id: number; message: string }[] = [];
    for (const id of ids) {
      const name = names.get(id);
      const record = { kind: 'testCase' as const, id, ...(name !== undefined && { name }) };
      const label = recordWords(record);
      try {
        await this.client.testCases.delete(id);
        deleted.push(id);
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'notFound') gone(id);
        const message =
          err instanceof ApiError && err.kind === 'conflict'
            ? refusalWords(label, await this.holders(id))
            : describeFailure(err, { action: `delete ${label}`, record }, this.words).message;
        failed.push({ id, message });
      }
    }
    return { deleted, failed };
  }

  /** What holds a test case; what cannot be read is left out (the words then stay general). */
  async holders(id: number): Promise<Holders> {
    const [suites, recent] = await Promise.all([
      this.client.testCases.suites(id).catch(() => []),
      this.client.executions.newest(0, RECENT_EXECUTIONS).then(
        (w) => w.items,
        () => [],
      ),
    ]);
    const active = new Set<number>();
    for (const e of this.follower?.active() ?? []) if (e.testCaseId === id) active.add(e.id);
    for (const raw of recent) {
      const e = summarizeExecution(raw, this.extraFinal());
      if (e && !e.final && e.testCaseId === id) active.add(e.id);
    }
    return {
      suites: suites.flatMap((s) => (typeof s?.name === 'string' && s.name !== '' ? [s.name] : [])),
      executionIds: [...active].sort((a, b) => a - b),
    };
  }
}
