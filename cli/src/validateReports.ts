import type { Diagnostic } from '../../server/src/core';
import { displayPath } from './files';
import { xmlText } from './junit';
import { messageText, type FileResult } from './validation';

// `tas validate --format github` and `--format junit`: the reports CI systems read besides SARIF.

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;
const severityOf = (d: Diagnostic) => SEVERITY[d.severity ?? 1];

/** A GitHub Actions workflow command's message: %, CR and LF escaped (as @actions/core does). */
const commandData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A workflow command's property value: also : and , escaped. */
const commandProperty = (s: string): string => commandData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A workflow command without a place: `::warning title=tas validate::text`. */
export const githubCommand = (command: 'error' | 'warning' | 'notice', text: string): string =>
  `::${command} title=${commandProperty('tas validate')}::${commandData(text)}`;

/**
 * One workflow command per problem (`::error file=...,line=...,col=...::message`): GitHub
 * Actions shows them as annotations on the lines of the pull request, as it does for ESLint.
 */
export function githubAnnotations(results: FileResult[], cwd: string): string[] {
  return results.flatMap((r) =>
    r.diagnostics.map((d) => {
      const command = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' }[severityOf(d)];
      const props = {
        file: displayPath(r.path, cwd),
        line: d.range.start.line + 1,
        endLine: d.range.end.line + 1,
        col: d.range.start.character + 1,
        endColumn: d.range.end.character + 1,
        title: `tas ${String(d.code ?? 'problem')}`,
      };
      const list = Object.entries(props).map(([k, v]) => `${k}=${commandProperty(String(v))}`);
      return `::${command} ${list.join(',')}::${commandData(messageText(d))}`;
    }),
  );
}

const lineOf = (path: string, d: Diagnostic): string =>
  `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityOf(d)} ${String(d.code ?? '')} ${messageText(d)}`;

/**
 * A JUnit XML report: one test case per file checked, failed when the file has errors (the
 * failure lists them, one compiler-style line each); warnings and notes go to its output.
 */
export function validationJunit(results: FileResult[], cwd: string): string {
  const suite = 'tas validate';
  let failures = 0;
  const cases = results.map((r) => {
    const path = displayPath(r.path, cwd);
    const errors = r.diagnostics.filter((d) => severityOf(d) === 'error');
    const others = r.diagnostics.filter((d) => severityOf(d) !== 'error');
    const lines = [`    <testcase name="${xmlText(path)}" classname="${suite}" file="${xmlText(path)}" time="0">`];
    if (errors.length > 0) {
      failures++;
      const said = `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}: ${messageText(errors[0]!)}`;
      lines.push(
        `      <failure message="${xmlText(said)}" type="validation">${xmlText(errors.map((d) => lineOf(path, d)).join('\n'))}</failure>`,
      );
    }
    if (others.length > 0)
      lines.push(`      <system-out>${xmlText(others.map((d) => lineOf(path, d)).join('\n'))}</system-out>`);
    if (lines.length === 1) return lines[0]!.replace(/>$/, '/>');
    lines.push('    </testcase>');
    return lines.join('\n');
  });
  const attrs = `tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${suite}" ${attrs}>`,
    `  <testsuite name="${suite}" ${attrs}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
