// npm run test:mutation [module...]: StrykerJS over the core modules of mutation/modules.mjs, one
// after the other, then the summary in docs/mutation.md (score per module, date, commit, every
// survivor with the reason it is left). Incremental (mutation/incremental/): a rerun tests only
// mutants whose code or tests changed. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MODULES } from '../mutation/modules.mjs';
import { EQUIVALENT } from '../mutation/equivalent.mjs';

// `--report`: only write docs/mutation.md again from mutation/results.json (after judging survivors).
const reportOnly = process.argv.includes('--report');
const asked = process.argv.slice(2).filter((a) => a !== '--report');
for (const a of asked) if (!(a in MODULES)) throw new Error(`No module "${a}": ${Object.keys(MODULES).join(', ')}.`);
const names = reportOnly ? [] : asked.length > 0 ? asked : Object.keys(MODULES);
const DOC = 'docs/mutation.md';
const TARGET = 80;

const sh = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
// The ajv code the schema validation imports is generated from schemas/ (and committed): brought up to date first.
if (!reportOnly && sh('node', ['scripts/schemaValidators.mjs']).status !== 0) process.exit(1);
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
// The run tests the working tree: uncommitted changes are said, not hidden behind the commit.
const dirty =
  spawnSync(
    'git',
    [
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      ':!docs/mutation.md',
      ':!mutation/results.json',
      ':!mutation/incremental',
    ],
    { encoding: 'utf8' },
  ).stdout.trim() !== '';
const commit = dirty ? `${head} + changes` : head;

/** The rows kept in the report, by module (a run of some modules keeps the others' rows). */
const rows = readRows();
if (reportOnly) writeReport(rows);
let failed = false;
for (const name of names) {
  const run = sh('npx', ['stryker', 'run', 'stryker.config.mjs'], { MUTATION_MODULE: name });
  if (run.status !== 0) {
    console.error(`Stryker failed on ${name}.`);
    failed = true;
    continue;
  }
  rows[name] = summarize(name, JSON.parse(readFileSync(`reports/mutation/${name}.json`, 'utf8')));
  writeReport(rows);
}
const low = names.filter((n) => rows[n] && rows[n].score < TARGET);
if (low.length > 0) console.error(`Below ${TARGET}% of covered mutants killed: ${low.join(', ')}.`);
process.exit(failed || low.length > 0 ? 1 : 0);

function summarize(name, report) {
  let killed = 0;
  let survived = 0;
  let noCoverage = 0;
  let other = 0;
  const survivors = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const m of mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') killed++;
      else if (m.status === 'Survived') {
        survived++;
        const where = `${file}:${m.location.start.line}`;
        const code = lines[m.location.start.line - 1].trim();
        survivors.push({
          where,
          mutator: m.mutatorName,
          replacement: (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60),
          code: code.slice(0, 100),
        });
      } else if (m.status === 'NoCoverage') noCoverage++;
      else other++;
    }
  }
  const covered = killed + survived;
  const score = covered === 0 ? 100 : Math.floor((1000 * killed) / covered) / 10;
  return {
    name,
    what: MODULES[name].what,
    killed,
    survived,
    noCoverage,
    other,
    score,
    date: new Date().toISOString().slice(0, 10),
    commit,
    survivors,
  };
}

function readRows() {
  if (!existsSync('mutation/results.json')) return {};
  return JSON.parse(readFileSync('mutation/results.json', 'utf8'));
}

function writeReport(all) {
  writeFileSync('mutation/results.json', `${JSON.stringify(all, null, 2)}\n`);
  const out = [
    '# Mutation testing of the core',
    '',
    'Written by `npm run test:mutation` (scripts/mutation.mjs, StrykerJS with the TAP runner over',
    '`node:test`); do not edit by hand: reasons for survivors live in `mutation/equivalent.mjs`.',
    `Score: killed (or timed out) of the covered mutants; target ${TARGET}% per module.`,
    '',
    '"Without equivalents": the same score with the survivors judged equivalent left out of the covered mutants.',
    'Commit: HEAD when the module ran (Stryker tests the working tree; "+ changes" marks uncommitted ones).',
    "Lines are the code's as it is now: when code moves, its survivors move with it in mutation/results.json and",
    'mutation/equivalent.mjs (test/unit/mutationKeys.test.ts fails until they do).',
    '',
    '| Module | Mutated | Killed | Survived | Not covered | Score | Without equivalents | Date | Commit |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const name of Object.keys(MODULES)) {
    const r = all[name];
    if (!r) {
      out.push(`| ${name} | ${MODULES[name].what} | | | | not run yet | | | |`);
      continue;
    }
    const equivalent = r.survivors.filter((x) =>
      EQUIVALENT[`${x.where} ${x.mutator}`]?.startsWith('equivalent'),
    ).length;
    const covered = r.killed + r.survived - equivalent;
    const net = covered === 0 ? 100 : Math.floor((1000 * r.killed) / covered) / 10;
    out.push(
      `| ${name} | ${r.what} | ${r.killed} | ${r.survived} | ${r.noCoverage} | ${r.score}% | ${net}% | ${r.date} | ${r.commit} |`,
    );
  }
  out.push(
    '',
    '## Survivors',
    '',
    'Each mutant no test kills, with why it is left (equivalent: no test could tell it from the original).',
    '',
  );
  for (const name of Object.keys(MODULES)) {
    const r = all[name];
    if (!r || r.survivors.length === 0) continue;
    out.push(`### ${name}`, '');
    for (const s of r.survivors) {
      const reason = EQUIVALENT[`${s.where} ${s.mutator}`] ?? 'not judged yet (may be a missing test)';
      out.push(
        `- \`${s.where}\` ${s.mutator} \`${s.replacement.replace(/`/g, "'")}\` in \`${s.code.replace(/`/g, "'")}\`: ${reason}`,
      );
    }
    out.push('');
  }
  writeFileSync(DOC, out.join('\n'));
}
