import type { TasClient } from '../api/client';
import { isRecord } from '../base/read';
import { executionIdsOf } from '../api/resources/executions';
import type { ExecutionPage, ExecutionSummary } from '../model/executions';
import { summarizeExecution } from './state';
import type { ExecutionFollow } from './follow';

// Executions for the view and the details document. Pages of the list go to the follower, so an
// execution the view shows as running is followed until it ends.

export class ExecutionActions {
  constructor(
    private readonly client: TasClient,
    private readonly extraFinal: () => readonly string[],
    private readonly follower?: Pick<ExecutionFollow, 'follow' | 'observe' | 'get'>,
  ) {}

  /** Newest first, whatever the service makes of start/end and in whichever order it lists. */
  async page(start: number, count: number, search?: string): Promise<ExecutionPage> {
    const window = await this.client.executions.newest(start, count, { ...(search && { search }) });
    const items = window.items.flatMap((r) => summarizeExecution(r, this.extraFinal()) ?? []);
    this.follower?.observe(items);
    return { items, hasMore: window.hasMore };
  }

  async details(id: number): Promise<{ title: string; text: string; summary: ExecutionSummary }> {
    const record = await this.client.executions.get(id);
    const summary = summarizeExecution(record, this.extraFinal()) ?? {
      id,
      status: 'UNKNOWN',
      kind: 'unknown',
      final: false,
    };
    if (!summary.final) this.follower?.follow([id], [summary]);
    // Shown as the service sent it but for secrets (the run's parameters, a token in its log).
    return { title: `Execution ${id}`, text: this.client.session.scrub(detailsText(summary, record)), summary };
  }

  async rerun(id: number): Promise<{ execution: ExecutionSummary }> {
    const answer = await this.client.executions.rerun(id);
    const [newId] = executionIdsOf(answer);
    if (newId === undefined) throw new Error('the service did not say which execution it started; check Executions');
    const base = this.follower?.get(id);
    const execution: ExecutionSummary = {
      id: newId,
      status: 'QUEUED',
      kind: 'queued',
      final: false,
      ...(base?.testCaseId !== undefined && { testCaseId: base.testCaseId }),
      ...(base?.testCaseName !== undefined && { testCaseName: base.testCaseName }),
      ...(base?.testSuiteId !== undefined && { testSuiteId: base.testSuiteId }),
      ...(base?.testSuiteName !== undefined && { testSuiteName: base.testSuiteName }),
      ...(isRecord(answer) && typeof answer['testCaseId'] === 'number' && { testCaseId: answer['testCaseId'] }),
      ...(isRecord(answer) && typeof answer['source'] === 'string' && { source: answer['source'] }),
      rerunOf: id,
    };
    this.follower?.follow([newId], [execution]);
    return { execution };
  }

  /** One delete per execution, never stopping at the first failure. */
  async delete(
    ids: number[],
    describe: (err: unknown, id: number) => string,
  ): Promise<{ deleted: number[]; failed: { id: number; message: string }[] }> {
    const deleted: number[] = [];
    const failed: { id: number; message: string }[] = [];
    for (const id of ids) {
      try {
        await this.client.executions.delete(id);
        deleted.push(id);
      } catch (err) {
        failed.push({ id, message: describe(err, id) });
      }
    }
    return { deleted, failed };
  }
}

function line(label: string, value: string | number | undefined): string[] {
  return value === undefined || value === '' ? [] : [`${label}: ${value}`];
}

/** The details document: a summary, the log as `<time> <LEVEL> <message>` lines, the record. */
export function detailsText(s: ExecutionSummary, record: unknown): string {
  const rec = isRecord(record) ? record : {};
  const log = Array.isArray(rec['log']) ? (rec['log'] as unknown[]) : [];
  const { log: _log, ...rest } = rec;
  void _log;
  const progress = s.stepCount !== undefined ? `step ${s.currentStep ?? 0}/${s.stepCount}` : undefined;
  const head = [
    `Execution ${s.id}: ${s.status}${s.final ? '' : ' (following: this view updates while it runs)'}`,
    ...line(
      'Test case',
      s.testCaseName !== undefined
        ? `${s.testCaseName}${s.testCaseId !== undefined ? ` (id ${s.testCaseId})` : ''}`
        : s.testCaseId,
    ),
    ...line(
      'Test suite',
      s.testSuiteName !== undefined
        ? `${s.testSuiteName}${s.testSuiteId !== undefined ? ` (id ${s.testSuiteId})` : ''}`
        : s.testSuiteId,
    ),
    ...line('Source', s.source),
    ...line('Rerun of execution', s.rerunOf),
    ...line('Progress', progress),
    ...line('Queued', s.createdAt),
    ...line('Started', s.startedAt),
    ...line('Finished', s.finishedAt),
    ...line('Duration', s.durationMs !== undefined ? `${(s.durationMs / 1000).toFixed(1)} s` : undefined),
    ...line('Triggered by', s.triggeredBy),
  ];
  const logLines = log.map((entry) => {
    if (!isRecord(entry)) return String(entry);
    const time =
      typeof entry['time'] === 'string'
        ? entry['time']
        : typeof entry['timestamp'] === 'string'
          ? entry['timestamp']
          : '';
    const level = typeof entry['level'] === 'string' ? entry['level'].toUpperCase() : 'INFO';
    const message = typeof entry['message'] === 'string' ? entry['message'] : JSON.stringify(entry);
    return `${time} ${level} ${message}`.trim();
  });
  return [
    ...head,
    '',
    `Log (${logLines.length} ${logLines.length === 1 ? 'entry' : 'entries'}):`,
    ...(logLines.length > 0 ? logLines : ['(the service sent no log)']),
    '',
    'Record:',
    JSON.stringify(rest, null, 2),
    '',
  ].join('\n');
}
