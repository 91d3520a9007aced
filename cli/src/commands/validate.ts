import { writeFileSync } from 'node:fs';
import { SETTING_RANGES } from '../../../server/src/core';
import { parseCount } from '../args';
import { flag, str, type CommandSpec } from '../command';
import { Exit, UsageError } from '../exitCodes';
import { displayPath, findFiles, outputFile } from '../files';
import { sarifLog } from '../sarif';
import { githubAnnotations, githubCommand, validationJunit } from '../validateReports';
import { appendSummary, SUMMARY_HELP, SUMMARY_OPTIONS, summaryFile, validateSummary } from '../summary';
import { DEFAULT_MAX_PROBLEMS, messageText } from '../validation';
import { checkFiles, jsonDiagnostic, SEVERITY } from '../validateFiles';

const FORMATS = ['text', 'json', 'sarif', 'github', 'junit'];

export const validate: CommandSpec = {
  name: 'validate',
  summary: 'Check test-case files like the editor does.',
  action: 'check the files',
  usage:
    'tas validate [paths, folders or globs...] [--offline] [--format text|json|sarif|github|junit] [--max-warnings N] [--max-problems N] [--output FILE] [--summary FILE]',
  description: [
    'Checks *.testcase.json and *.testcases.json files: syntax, the schema and local rules, and',
    'with credentials set, the devices, trace filters, test cases and API clients they name and',
    "each step against its function's parameters (functionparams), as the editor does.",
    'Folders are searched (node_modules, .git and .tas left out). Quote globs: "cases/**/*.json",',
    '"cases/{smoke,nightly}", "[a-m]*.testcase.json"; one starting with ! leaves out what it',
    "matches: '!cases/drafts' (single quotes keep an interactive shell from reading the !).",
    'Without paths: the current folder. Output like a compiler: file:line:col: severity code message.',
    'Exit 1 on errors (or more warnings than --max-warnings); 3 or 4 when references could not',
    'be checked (refused credentials, service unreachable): --offline checks without the service.',
    'In GitHub Actions a Markdown summary goes to the job page (GITHUB_STEP_SUMMARY); --summary FILE elsewhere.',
  ].join('\n'),
  options: {
    offline: { type: 'boolean' },
    format: { type: 'string', short: 'f' },
    'max-warnings': { type: 'string' },
    'max-problems': { type: 'string' },
    output: { type: 'string', short: 'o' },
    ...SUMMARY_OPTIONS,
  },
  optionHelp: {
    offline: ['', 'schema and local rules only; no service requests'],
    format: [
      'FORMAT',
      'text (default), json, sarif (SARIF 2.1.0 for code scanning), github (workflow annotations), or junit (JUnit XML)',
    ],
    'max-warnings': ['N', 'exit 1 when there are more than N warnings (like ESLint)'],
    'max-problems': [
      'N',
      `at most N problems per file, plus one saying how many more (default ${DEFAULT_MAX_PROBLEMS}, at most ${SETTING_RANGES['tas.validation.maxProblems'].max}, as the editor's tas.validation.maxProblems)`,
    ],
    output: ['FILE', 'write the report to FILE instead of stdout'],
    ...SUMMARY_HELP,
  },
  positionals: { min: 0 },
  complete: { positionals: 'files', options: { format: FORMATS, output: 'files', summary: 'files' } },
  async run(ctx, values, args) {
    const format = str(values['format']) ?? (ctx.options.json ? 'json' : 'text');
    if (!FORMATS.includes(format))
      throw new UsageError(`--format takes text, json, sarif, github or junit, not "${format}".`);
    const maxWarnings =
      values['max-warnings'] === undefined ? undefined : parseCount(str(values['max-warnings']), '--max-warnings', 0);
    const maxProblems = parseCount(str(values['max-problems']), '--max-problems', DEFAULT_MAX_PROBLEMS);
    const range = SETTING_RANGES['tas.validation.maxProblems'];
    if (maxProblems < range.min || maxProblems > range.max)
      throw new UsageError(`--max-problems takes ${range.min} to ${range.max}, not ${maxProblems}.`);
    const files = findFiles(args, ctx.cwd);
    const outputArg = str(values['output']);
    const output = outputArg === undefined ? undefined : outputFile(outputArg, ctx.cwd, '--output');
    const summary = summaryFile(ctx, values);
    const online = !flag(values['offline']) && ctx.hasCredentials();
    const { results, states, unverified } = await checkFiles(ctx, files, maxProblems, online);
    const all = results.flatMap((r) => r.diagnostics);
    const errors = all.filter((d) => (d.severity ?? 1) === 1).length;
    const warnings = all.filter((d) => d.severity === 2).length;

    let report: string | undefined;
    if (format === 'sarif') report = JSON.stringify(sarifLog(results, ctx.cwd), null, 2);
    else if (format === 'junit') report = validationJunit(results, ctx.cwd).trimEnd();
    else if (format === 'github') report = githubAnnotations(results, ctx.cwd).join('\n');
    else if (format === 'json') {
      report = JSON.stringify(
        {
          files: results
            .filter((r) => r.diagnostics.length > 0)
            .map((r) => ({ path: displayPath(r.path, ctx.cwd), diagnostics: r.diagnostics.map(jsonDiagnostic) })),
          checked: files.length,
          errors,
          warnings,
          referencesChecked: states !== undefined,
        },
        null,
        2,
      );
    }
    if (report !== undefined) {
      if (output) writeFileSync(output, report ? `${report}\n` : '');
      else if (report) ctx.out.out(report);
    } else {
      const lines = results.flatMap((r) =>
        r.diagnostics.map((d) => {
          const sev = SEVERITY[d.severity ?? 1];
          const painted = ctx.out.paint(sev, sev === 'error' ? 'red' : sev === 'warning' ? 'yellow' : 'cyan');
          return `${displayPath(r.path, ctx.cwd)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${painted} ${String(d.code ?? '')} ${messageText(d)}`;
        }),
      );
      if (output) writeFileSync(output, lines.map((l) => `${l}\n`).join(''));
      else for (const l of lines) ctx.out.out(l);
    }
    const withProblems = results.filter((r) => r.diagnostics.length > 0).length;
    ctx.out.err(
      `${files.length} ${files.length === 1 ? 'file' : 'files'} checked${states ? ' (with references)' : online ? '' : ' (offline: references not checked)'}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}${withProblems > 0 ? ` in ${withProblems} ${withProblems === 1 ? 'file' : 'files'}` : ''}.`,
    );
    if (summary) {
      const problems = results.flatMap((r) =>
        r.diagnostics.map((d) => ({ path: displayPath(r.path, ctx.cwd), ...jsonDiagnostic(d) })),
      );
      const counts = { files: files.length, errors, warnings, ...(unverified && { unverified: unverified.reason }) };
      appendSummary(ctx, summary, validateSummary(counts, problems));
    }
    // Said whatever else failed: a run with errors also checked no reference.
    if (unverified) {
      const said = `References not verified: ${unverified.reason} Use --offline to check without the service.`;
      if (format === 'github' && !output) ctx.out.out(githubCommand('warning', said));
      ctx.out.err(said);
    }
    if (errors > 0) return Exit.failed;
    if (maxWarnings !== undefined && warnings > maxWarnings) {
      ctx.out.err(`More than ${maxWarnings} ${maxWarnings === 1 ? 'warning' : 'warnings'} (--max-warnings).`);
      return Exit.failed;
    }
    return unverified ? unverified.code : Exit.ok;
  },
};
