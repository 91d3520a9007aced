import type { ExecutionSummary } from '../../server/src/core';

// A JUnit XML report of followed executions: one <testcase> per test, what CI systems show as
// test results. A failed run is a <failure> that names the failed step and carries the end of
// the execution's log, a cancelled one <skipped>, one still running when --timeout ended (or in
// a state we cannot read) an <error>. With --retries, earlier failures are Surefire's
// <flakyFailure> (passed on a rerun) or <rerunFailure> (failed again).

/** What the final record of an execution that did not pass says: the failed step, its log. */
export interface FailureDetails {
  /** The step that failed, as the log names it (`Step 3/5 HANGUP`), else `step k of n` from the progress. */
  step?: string;
  /** The log, one line per entry. */
  log: string[];
}

/** Log lines kept in a report: the end of the log, where a failure is. */
export const LOG_EXCERPT_LINES = 40;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads an execution record leniently (the interface shows no fields): its `log` and progress. */
export function failureDetails(s: ExecutionSummary, record: unknown): FailureDetails {
  const entries = isRecord(record) && Array.isArray(record['log']) ? (record['log'] as unknown[]) : [];
  const parsed = entries.map((entry) => {
    if (!isRecord(entry)) return { level: '', message: String(entry), line: String(entry) };
    const time =
      typeof entry['time'] === 'string'
        ? entry['time']
        : typeof entry['timestamp'] === 'string'
          ? entry['timestamp']
          : '';
    const level = typeof entry['level'] === 'string' ? entry['level'].toUpperCase() : '';
    const message = typeof entry['message'] === 'string' ? entry['message'] : JSON.stringify(entry);
    return { level, message, line: `${time} ${level} ${message}`.trim() };
  });
  const errors = parsed.filter((p) => p.level === 'ERROR' || p.level === 'FATAL');
  const named = errors
    .find((p) => /\bstep\b/i.test(p.message))
    ?.message.replace(/[:\s]*\b(failed|failure|error)\b[.!]?$/i, '');
  const step =
    named ||
    (s.currentStep !== undefined && s.stepCount !== undefined ? `step ${s.currentStep} of ${s.stepCount}` : undefined);
  return { ...(step !== undefined && { step }), log: parsed.map((p) => p.line) };
}

const failureMessage = (e: ExecutionSummary, d: FailureDetails | undefined): string =>
  `execution ${e.id}: ${e.status}${d?.step ? ` at ${d.step}` : ''}`;

function failureBody(e: ExecutionSummary, d: FailureDetails | undefined): string {
  const head = failureMessage(e, d);
  if (!d || d.log.length === 0) return head;
  const shown = d.log.slice(-LOG_EXCERPT_LINES);
  const which =
    shown.length < d.log.length
      ? `the last ${shown.length} of ${d.log.length} lines`
      : `${d.log.length} ${d.log.length === 1 ? 'line' : 'lines'}`;
  return [head, '', `Log (${which}; tas api GET /testexecutions/${e.id} has the record):`, ...shown].join('\n');
}

export const xmlText = (s: string): string =>
  // Characters XML 1.0 does not allow at all are dropped; markup characters are escaped.
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);

/** One test of a run: the execution started for it, then each rerun asked for it (`--retries`), in order. */
export type Attempts = ExecutionSummary[];

/** A test that passed on a rerun after failing: flaky. */
export const isFlaky = (a: Attempts): boolean =>
  a.length > 1 && a[a.length - 1]!.kind === 'passed' && a.some((e) => e.kind === 'failed');

/**
 * An earlier attempt's failure as Surefire writes reruns, which CI systems read: `flakyFailure`
 * when the test passed in the end, `rerunFailure` when it failed again; the log in `stackTrace`.
 */
function rerunElement(
  tag: 'flakyFailure' | 'rerunFailure',
  e: ExecutionSummary,
  d: FailureDetails | undefined,
): string {
  return [
    `      <${tag} message="${xmlText(failureMessage(e, d))}" type="${xmlText(e.status)}">`,
    `        <stackTrace>${xmlText(failureBody(e, d))}</stackTrace>`,
    `      </${tag}>`,
  ].join('\n');
}

export function junitXml(
  suiteName: string,
  tests: readonly Attempts[],
  timedOut: boolean,
  details: ReadonlyMap<number, FailureDetails> = new Map(),
): string {
  const executions = tests.map((a) => a[a.length - 1]!);
  const cases = tests.map((chain) => {
    const e = chain[chain.length - 1]!;
    const earlier = chain.slice(0, -1).filter((x) => x.kind === 'failed');
    const name = xmlText(
      e.testCaseName ?? (e.testCaseId !== undefined ? `Test case ${e.testCaseId}` : `Execution ${e.id}`),
    );
    const classname = xmlText(e.testSuiteName ?? suiteName);
    const time = e.durationMs !== undefined ? (e.durationMs / 1000).toFixed(3) : '0';
    const head = `    <testcase name="${name}" classname="${classname}" time="${time}">`;
    const said = xmlText(`execution ${e.id}: ${e.status}`);
    let body: string[];
    if (!e.final)
      body = [
        `      <error message="${xmlText(timedOut ? `still ${e.status} when --timeout ended` : `still ${e.status}`)}" type="${xmlText(e.status)}">${said}</error>`,
      ];
    else if (e.kind === 'passed') body = earlier.map((x) => rerunElement('flakyFailure', x, details.get(x.id)));
    else if (e.kind === 'failed') {
      // Surefire's order for a test that failed every time: the first failure, then each rerun's.
      const [firstFailed, ...reruns] = [...earlier, e];
      const d = details.get(firstFailed.id);
      body = [
        `      <failure message="${xmlText(failureMessage(firstFailed, d))}" type="${xmlText(firstFailed.status)}">${xmlText(failureBody(firstFailed, d))}</failure>`,
        ...reruns.map((x) => rerunElement('rerunFailure', x, details.get(x.id))),
      ];
    } else if (e.kind === 'cancelled') body = [`      <skipped message="${said}"/>`];
    else body = [`      <error message="${said}" type="${xmlText(e.status)}">${said}</error>`];
    const reruns =
      chain.length > 1 ? `<property name="executionIds" value="${chain.map((x) => x.id).join(',')}"/>` : '';
    const props = `      <properties><property name="executionId" value="${e.id}"/>${reruns}</properties>`;
    return [head, props, ...body, '    </testcase>'].join('\n');
  });
  const count = (test: (e: ExecutionSummary) => boolean) => executions.filter(test).length;
  const failures = count((e) => e.final && e.kind === 'failed');
  const skipped = count((e) => e.final && e.kind === 'cancelled');
  const errors = count((e) => !e.final || (e.kind !== 'passed' && e.kind !== 'failed' && e.kind !== 'cancelled'));
  const time = (executions.reduce((n, e) => n + (e.durationMs ?? 0), 0) / 1000).toFixed(3);
  const attrs = `tests="${executions.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(suiteName)}" ${attrs}>`,
    `  <testsuite name="${xmlText(suiteName)}" ${attrs}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
