import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { largeBundle, validationDocuments } from './documents';
import { benchCli, cliSection } from './cli';
import { authoringParts } from './authoring';
import { benchHostileValidate, hostileValidateSection } from './hostileValidate';
import { benchExecutions } from './executions';
import { benchHover, type HoverResult } from './hover';
import { benchRequests, benchTyping, type RequestCountResult, type TypingResult } from './lsp';
import { LARGE_PLAN, SMALL_PLAN, type Plan } from './stats';
import { benchStartup } from './startup';
import { benchSync } from './sync';
import { benchMapping, mappingSection } from './mapping';
import { baselineService, benchValidation, breakdown, type ValidationResult } from './validation';
import {
  executionsSection,
  hoverSection,
  requestsSection,
  startupSection,
  syncSection,
  typingSection,
  validationSection,
  verdicts,
} from './sections';

// `npm run bench`: validation against vscode-json-languageservice, diagnostics latency over LSP
// with a slow service, and the service requests for many files and edits. Prints the tables and
// writes them to bench/RESULTS.md. Parts can be chosen: `node out/bench/run.js validation typing
// requests hover` (all when none is named). Exits non-zero when a validator reports the wrong
// diagnostics (its timing would mean nothing) or an LSP run fails; never for a missed target.

const PARTS = [
  'validation',
  'typing',
  'startup',
  'requests',
  'hover',
  'executions',
  'sync',
  'mapping',
  'cli',
  'hostile',
  'editing',
  'workspace',
] as const;
type Part = (typeof PARTS)[number];

const STAGE_PLAN: Plan = { rounds: 3, warmup: 2, iterations: 10 };
const EDITS = 30;
const FILES = 100;
const MANY_EDITS = 1000;
const STARTS = 20;

const resultsPath = resolve(__dirname, '../../bench/RESULTS.md');

function machine(): string {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // not Linux: os.cpus() has it
  }
  const [l1] = loadavg();
  return `${cpus().length} CPUs (nproc), ${model}, node ${process.version}, load average ${l1!.toFixed(2)} at the start`;
}

/** The commit measured, and whether the working tree differed from it. */
function commit(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: resolve(__dirname, '../..'), encoding: 'utf8' }).trim();
    const changed =
      git(
        'status',
        '--porcelain',
        '--untracked-files=no',
        '--',
        'server',
        'client',
        'cli',
        'bench',
        'schemas',
        'scripts',
      ) !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((a): a is Part => (PARTS as readonly string[]).includes(a));
  const parts = new Set<Part>(asked.length > 0 ? asked : PARTS);
  const startLoad = loadavg()[0]!;
  const header = [`Machine: ${machine()}.`, `Date: ${new Date().toISOString()}.`, `Commit: ${commit()}.`];
  console.log(header.join('\n'));
  const sections: string[] = [];
  let validation: ValidationResult[] | undefined;
  let typing: TypingResult[] | undefined;
  let requests: RequestCountResult | undefined;
  let hover: HoverResult[] | undefined;

  if (parts.has('validation')) {
    const ls = baselineService();
    validation = [];
    for (const d of validationDocuments()) {
      console.error(`validation: ${d.label}`);
      validation.push(await benchValidation(d, ls, d.kind === 'bundle' ? LARGE_PLAN : SMALL_PLAN));
    }
    console.error('validation: stages');
    const stages = [
      { label: 'valid', stages: await breakdown(largeBundle(false), STAGE_PLAN) },
      { label: `${largeBundle(true).expectedErrors} errors`, stages: await breakdown(largeBundle(true), STAGE_PLAN) },
    ];
    sections.push(validationSection(validation, stages));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('typing')) {
    console.error('typing over LSP');
    typing = await benchTyping(EDITS);
    sections.push(typingSection(typing));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('startup')) {
    console.error('startup: initialize, bundle and .vsix sizes');
    sections.push(startupSection(await benchStartup(STARTS)));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('requests')) {
    console.error('requests for many files and edits');
    requests = await benchRequests(FILES, MANY_EDITS);
    sections.push(requestsSection(requests));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('hover')) {
    console.error('hover on large documents');
    hover = await benchHover();
    sections.push(hoverSection(hover));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('executions')) {
    console.error('executions: 10,000 in the emulator, watcher request rates');
    sections.push(executionsSection(await benchExecutions()));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('sync')) {
    console.error('sync: export and import of 10,000 test cases');
    sections.push(syncSection(await benchSync()));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('mapping')) {
    console.error('mapping: 10,000 test cases imported into another environment, and without mapping');
    sections.push(mappingSection(await benchMapping()));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('cli')) {
    console.error('cli: tas validate over 1,000 files');
    sections.push(cliSection(await benchCli()));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  if (parts.has('hostile')) {
    console.error('hostile: tas validate on 1 MB and 10 MB of wrong-type items');
    sections.push(hostileValidateSection(await benchHostileValidate()));
    console.log(`\n${sections[sections.length - 1]}`);
  }
  const authoring = await authoringParts((p) => parts.has(p), LARGE_PLAN);
  sections.push(...authoring.sections);
  const summary = [verdicts(validation, typing, requests, hover), ...authoring.targets]
    .filter((l) => l !== '')
    .join('\n');
  console.log(`\n### Targets\n\n${summary}`);
  const [l1] = loadavg();
  const busy = Math.max(startLoad, l1!) > cpus().length;
  const doc = [
    '## Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts); parts: ${[...parts].join(', ')}.`,
    '',
    ...header,
    `Load average at the end: ${l1!.toFixed(2)}.`,
    ...(busy
      ? [
          '',
          `**The machine was busy during this run** (load average above its ${cpus().length} CPUs): absolute times are inflated and`,
          'noisy; the ratios less so, since the contenders take turns. Compare runs made on a quiet machine.',
        ]
      : []),
    '',
    ...sections.flatMap((s) => [s, '']),
    '### Targets (from the design card)',
    '',
    summary,
    '',
  ].join('\n');
  // RESULTS.md is the latest full run (docs/speed.md's figures come from it): a partial run only prints.
  if (parts.size === PARTS.length) {
    writeFileSync(resultsPath, doc);
    console.error(`written: ${resultsPath}`);
  } else console.error(`a partial run (${[...parts].join(', ')}): ${resultsPath} is left as it is`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
