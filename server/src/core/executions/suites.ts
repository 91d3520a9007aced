import type { TasClient } from '../api/client';
import { ApiError } from '../api/errors';
import { asOpen } from '../api/parse';
import { WordedFailure } from '../failures/classify';
import { suiteHeldWords } from '../failures/held';
import { isRecord } from '../base/read';
import { executionIdsOf } from '../api/resources/executions';
import type { TestSuite, TestSuiteUpdate } from '../api/types';
import type {
  ExecuteSuiteResult,
  ExecutionSummary,
  SuiteSummary,
  TestCaseChoice,
  TestCaseRef,
} from '../model/executions';
import type { ExecutionFollow } from './follow';
import { summarizeExecution } from './state';

// Test suites for the view: read leniently (the document does not show the suite record) and
// acted on. Execute and create are never repeated: the API client does not retry them either.

/** "every 2 hours from 2026-11-23T06:00:00Z", "once at ...": a schedule in a few words. */
export function scheduleText(schedule: unknown): string | undefined {
  if (!isRecord(schedule)) return undefined;
  const start = typeof schedule['startTime'] === 'string' ? schedule['startTime'] : undefined;
  const period = typeof schedule['repeatPeriod'] === 'number' ? schedule['repeatPeriod'] : undefined;
  const unit = typeof schedule['repeatUnit'] === 'string' ? schedule['repeatUnit'].toLowerCase() : undefined;
  if (schedule['repeating'] === true && period !== undefined && unit) {
    const units = period === 1 ? unit.replace(/s$/, '') : unit.endsWith('s') ? unit : `${unit}s`;
    return `every ${period === 1 ? '' : `${period} `}${units}${start ? ` from ${start}` : ''}`;
  }
  return start ? `once at ${start}` : undefined;
}

/** The suite's test cases, whether the service lists ids or `{id, name}` objects. */
function testCasesOf(raw: unknown, names: ReadonlyMap<number, string>): TestCaseRef[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): TestCaseRef[] => {
    const id =
      typeof item === 'number' ? item : isRecord(item) && typeof item['id'] === 'number' ? item['id'] : undefined;
    if (id === undefined) return [];
    const given = isRecord(item) && typeof item['name'] === 'string' ? item['name'] : undefined;
    return [{ id, name: given ?? names.get(id) ?? `Test case ${id}` }];
  });
}

export function summarizeSuite(
  suite: TestSuite,
  names: ReadonlyMap<number, string>,
  activeIds: (suiteId: number) => number[],
): SuiteSummary | undefined {
  if (typeof suite.id !== 'number') return undefined;
  const summary: SuiteSummary = {
    id: suite.id,
    name: typeof suite.name === 'string' && suite.name !== '' ? suite.name : `Test suite ${suite.id}`,
    disabled: suite.disabled === true,
    testCases: testCasesOf(suite['testCaseIds'] ?? suite['testCases'], names),
    activeExecutionIds: activeIds(suite.id),
  };
  if (typeof suite.description === 'string' && suite.description !== '') summary.description = suite.description;
  const schedule = scheduleText(suite.schedule);
  if (schedule) summary.schedule = schedule;
  return summary;
}

/**
 * Without a follower, what the action read itself: the last reading of each execution, if still
 * active (as a follower would keep them).
 */
function activeOf(readings: readonly ExecutionSummary[]): Map<number, ExecutionSummary> {
  const last = new Map(readings.map((e) => [e.id, e]));
  for (const [id, e] of last) if (e.final) last.delete(id);
  return last;
}

export class SuiteActions {
  constructor(
    private readonly client: TasClient,
    private readonly testCaseNames: () => Promise<ReadonlyMap<number, string>>,
    private readonly extraFinal: () => readonly string[],
    private readonly follower?: ExecutionFollow,
  ) {}

  async list(): Promise<SuiteSummary[]> {
    // One read of the newest executions finds the active ones, which are followed from then on.
    const [suites, names, read] = await Promise.all([
      this.client.testSuites.list(),
      this.testCaseNames().catch(() => new Map<number, string>()),
      this.discover(),
    ]);
    const active = this.follower ? this.follower.active() : [...activeOf(read).values()];
    const activeIds = (suiteId: number) => active.filter((e) => e.testSuiteId === suiteId).map((e) => e.id);
    return suites.flatMap((s) => summarizeSuite(s, names, activeIds) ?? []);
  }

  /** Reads the newest executions; active ones are followed from now on. */
  async discover(count = 100): Promise<ExecutionSummary[]> {
    const { items } = await this.client.executions.newest(0, count);
    const read = items.flatMap((raw) => summarizeExecution(raw, this.extraFinal()) ?? []);
    this.follower?.observe(read);
    return read;
  }

  async execute(id: number): Promise<ExecuteSuiteResult> {
    const answer = await this.client.testSuites.execute(id);
    const executionIds = executionIdsOf(answer);
    const skipped =
      isRecord(answer) && Array.isArray(answer['skipped'])
        ? (answer['skipped'] as unknown[]).flatMap((s) =>
            isRecord(s)
              ? [
                  {
                    ...(typeof s['testCaseId'] === 'number' && { testCaseId: s['testCaseId'] }),
                    reason: typeof s['reason'] === 'string' ? s['reason'] : 'not started',
                  },
                ]
              : [],
          )
        : [];
    // Read them once, so the view shows them at once; a failed read only delays that. Following
    // them afterwards then needs no request of its own.
    const read = await this.discover(Math.max(20, executionIds.length + 10)).catch(() => []);
    this.follower?.follow(executionIds);
    const known = this.follower ?? activeOf(read);
    const executions = executionIds.flatMap((e) => known.get(e) ?? []);
    return { executionIds, skipped, executions };
  }

  async cancel(id: number): Promise<{ cancelledExecutionIds: number[] }> {
    const answer = asOpen(await this.client.testSuites.cancel(id));
    const raw = isRecord(answer) ? (answer['cancelledExecutionIds'] ?? answer['executionIds']) : answer;
    const cancelledExecutionIds = Array.isArray(raw) ? raw.filter((x): x is number => typeof x === 'number') : [];
    // Their next reading says CANCELLED, and views and the status bar learn it from the follower.
    this.follower?.follow(cancelledExecutionIds);
    return { cancelledExecutionIds };
  }

  /** Deletes; a refusal (409) names the suite's queued or running executions, as read now. */
  async delete(id: number, label = `test suite ${id}`): Promise<null> {
    try {
      await this.client.testSuites.delete(id);
      return null;
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'conflict')) throw err;
      const read = await this.discover().catch(() => []);
      const active = [...(this.follower ? this.follower.active() : []), ...read.filter((e) => !e.final)]
        .filter((e) => e.testSuiteId === id)
        .map((e) => e.id);
      throw new WordedFailure({
        kind: 'conflict',
        message: suiteHeldWords(
          label,
          [...new Set(active)].sort((a, b) => a - b),
        ),
      });
    }
  }

  async create(name: string, testCaseIds: number[], description?: string): Promise<{ id: number }> {
    const id = await this.client.testSuites.create({ name, testCaseIds, ...(description && { description }) });
    return { id };
  }

  /** Replaces the suite's test cases; every other field is sent back as it was read. */
  async setTestCases(id: number, testCaseIds: number[]): Promise<null> {
    const [suite, names] = await Promise.all([
      this.client.testSuites.get(id),
      this.testCaseNames().catch(() => new Map<number, string>()),
    ]);
    const known = new Map(testCasesOf(suite['testCaseIds'] ?? suite['testCases'], names).map((t) => [t.id, t.name]));
    const update: TestSuiteUpdate = {
      testCaseIds: testCaseIds.map((t) => ({ id: t, name: known.get(t) ?? names.get(t) ?? '' })),
    };
    for (const k of [
      'name',
      'description',
      'schedule',
      'tags',
      'notifyFailureThresholdPercentage',
      'disabled',
      'notifEmail',
      'failureNotifEmail',
      'skipInitialization',
      'projects',
    ] as const) {
      if (suite[k] !== undefined && suite[k] !== null) (update as Record<string, unknown>)[k] = suite[k];
    }
    if (Array.isArray(update.projects))
      update.projects = update.projects.filter(isRecord).map((p) => ({ id: p['id'], name: p['name'] }));
    await this.client.testSuites.update(id, update);
    return null;
  }

  async testCaseChoices(): Promise<TestCaseChoice[]> {
    const out: TestCaseChoice[] = [];
    for await (const item of this.client.testCases.iterate({ size: 200 })) {
      const projects = Array.isArray(item.projects)
        ? item.projects.flatMap((p) => (typeof p?.name === 'string' ? [p.name] : []))
        : [];
      out.push({ id: item.id, name: item.name, projects, ...(item.description && { description: item.description }) });
    }
    return out;
  }
}
