import type { ExecutionSummary } from '../../server/src/core';

// A JUnit XML report of followed executions: one <testcase> per execution, what CI systems show
// as test results. A failed run is a <failure>, a cancelled one <skipped>, one still running
// when --timeout ended (or in a state we cannot read) an <error>.

const escape = (s: string): string =>
  // Characters XML 1.0 does not allow at all are dropped; markup characters are escaped.
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);

export function junitXml(suiteName: string, executions: ExecutionSummary[], timedOut: boolean): string {
  const cases = executions.map((e) => {
    const name = escape(e.testCaseName ?? (e.testCaseId !== undefined ? `Test case ${e.testCaseId}` : `Execution ${e.id}`));
    const classname = escape(e.testSuiteName ?? suiteName);
    const time = e.durationMs !== undefined ? (e.durationMs / 1000).toFixed(3) : '0';
    const head = `    <testcase name="${name}" classname="${classname}" time="${time}">`;
    const said = escape(`execution ${e.id}: ${e.status}`);
    let body: string;
    if (!e.final) body = `      <error message="${escape(timedOut ? `still ${e.status} when --timeout ended` : `still ${e.status}`)}" type="${escape(e.status)}">${said}</error>`;
    else if (e.kind === 'passed') body = '';
    else if (e.kind === 'failed') body = `      <failure message="${said}" type="${escape(e.status)}">${said}</failure>`;
    else if (e.kind === 'cancelled') body = `      <skipped message="${said}"/>`;
    else body = `      <error message="${said}" type="${escape(e.status)}">${said}</error>`;
    const props = `      <properties><property name="executionId" value="${e.id}"/></properties>`;
    return [head, props, ...(body ? [body] : []), '    </testcase>'].join('\n');
  });
  const count = (test: (e: ExecutionSummary) => boolean) => executions.filter(test).length;
  const failures = count((e) => e.final && e.kind === 'failed');
  const skipped = count((e) => e.final && e.kind === 'cancelled');
  const errors = count((e) => !e.final || (e.kind !== 'passed' && e.kind !== 'failed' && e.kind !== 'cancelled'));
  const time = (executions.reduce((n, e) => n + (e.durationMs ?? 0), 0) / 1000).toFixed(3);
  const attrs = `tests="${executions.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(suiteName)}" ${attrs}>`,
    `  <testsuite name="${escape(suiteName)}" ${attrs}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
