import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EXIT_MEANINGS } from '../../cli/src/exitCodes';
import { startEmulator, type Emulator } from '../emulator/emulator';
import type { CliResult } from './harness';
import { exitRows, exitStatements, flatManual, headingWords, manualExamples, type Occurrence } from './readme/examples';
import {
  examplesOf,
  extends_,
  fills,
  hasPlaceholders,
  isSynopsis,
  optionsOf,
  type Scenario,
  type Step,
} from './readme/plan';
import { ASSISTANT_SCENARIOS } from './readme/scenariosAssistants';
import { FILE_SCENARIOS } from './readme/scenariosFiles';
import { LAB_SCENARIOS, NOT_RUN } from './readme/scenariosLab';
import { HISTORY_SCENARIOS } from './readme/scenariosHistory';
import { Workspace } from './readme/workspace';

// Every `tas` command example of the manual, README.md and the pages of docs/ (a line of a code
// block, or an inline code span that starts with `tas `), run through bash against the emulator in a clone-like folder
// (readme/workspace.ts), with its placeholders filled from the table of readme/scenarios*.ts.
// Each run's exit code must be the one the manual states next to it (the words that state it are
// quoted in the table and must still be in the manual), or 0 where the manual presents it as
// working; every code the manual states next to an example must be checked by a run, and be a code
// of cli/src/exitCodes.ts's table. An example the manual gains that the table neither runs nor
// lists (NOT_RUN, with the reason) fails here, and so does an entry for an example the manual lost.
// The CI examples' YAML blocks are run by ciExamples.test.ts.

const ROOT = resolve(__dirname, '../../..');
const SCENARIOS: Scenario[] = [...FILE_SCENARIOS, ...LAB_SCENARIOS, ...HISTORY_SCENARIOS, ...ASSISTANT_SCENARIOS];
const STEPS = SCENARIOS.flatMap((s) => s.steps);
const OCCURRENCES = manualExamples();
const MANUAL = flatManual();
const ROWS = exitRows();
/** Headings (their words) whose code blocks another test runs. */
const RUN_ELSEWHERE: Record<string, string> = { 'CI examples': 'test/cli/ciExamples.test.ts' };
/** Codes the manual may state beside the table's: the shells' convention for a signal (128 + its number). */
const SIGNAL_CODES: Record<number, string> = { 130: 'Ctrl-C: 128 + SIGINT (2), as shells report it' };
const KNOWN_CODES = new Set([...Object.keys(EXIT_MEANINGS), ...Object.keys(SIGNAL_CODES)].map(Number));

const ours = OCCURRENCES.filter((o) => !(o.unit === '' && headingWords(o.heading) in RUN_ELSEWHERE));
const where = (o: Occurrence) => `${o.page} line ${o.line} (${headingWords(o.heading)})`;
const planned = new Set(STEPS.flatMap(examplesOf));

/** Where the manual states what `says` quotes, and whether those words state `code`. */
function statesCode(says: string, code: number): boolean {
  if (new RegExp(`(?<![\\d.])${code}(?![\\d.])`).test(says)) return true;
  return ROWS.get(code)?.includes(says) === true;
}

/** What the step runs: its line, else its (first) example as written. */
function lineOf(step: Step): string {
  return step.line ?? examplesOf(step)[0]!;
}

describe("the manual's tas examples", () => {
  test('every example the manual shows is run here or listed with the reason it is not', () => {
    const missing = [...new Set(ours.map((o) => o.text))].filter((t) => !planned.has(t) && !(t in NOT_RUN));
    assert.deepEqual(
      missing.map((t) => `${where(ours.find((o) => o.text === t)!)}: ${t}`),
      [],
      'the manual shows examples that test/cli/readme/scenarios*.ts neither runs nor lists in NOT_RUN: add a step that runs each (its exit code as the manual says) or say why it cannot run here',
    );
    for (const file of Object.values(RUN_ELSEWHERE))
      assert.ok(existsSync(join(ROOT, file)), `${file}, which runs the manual's CI examples, is there`);
    const texts = new Set(OCCURRENCES.map((o) => o.text));
    const stale = [...planned, ...Object.keys(NOT_RUN)].filter((t) => !texts.has(t));
    assert.deepEqual(
      stale,
      [],
      "entries for examples the manual no longer shows (changed them?): update the entry to the manual's words",
    );
  });

  test('each step runs its example as written, filled, or a synopsis made concrete; every option of a synopsis is run', () => {
    for (const step of STEPS) {
      for (const example of examplesOf(step)) {
        const line = lineOf(step);
        const command = (text: string) =>
          text
            .replace(/^(\w+=\S* )+/, '')
            .split(' ')
            .slice(0, 2)
            .join(' ');
        if (isSynopsis(example))
          assert.equal(command(line), command(example), `${line} runs the command of ${example}`);
        else if (hasPlaceholders(example))
          assert.ok(fills(example, line), `${line} fills the placeholders of ${example}, one word each`);
        else assert.ok(extends_(example, line), `${line} keeps the words of ${example}`);
      }
    }
    for (const synopsis of [...planned].filter(isSynopsis)) {
      const lines = STEPS.filter((s) => examplesOf(s).includes(synopsis)).map((s) => lineOf(s));
      for (const option of optionsOf(synopsis))
        assert.ok(
          lines.some((l) => l.split(/\s+/).includes(option)),
          `no step runs ${option} of ${synopsis}`,
        );
    }
  });

  test("each exit code the manual states next to an example is checked by a step, and is a code of the code's table", () => {
    for (const step of STEPS.filter((s) => s.exit)) {
      const { code, says } = step.exit!;
      assert.ok(KNOWN_CODES.has(code), `exit ${code} (${says[0]}) is not a code of cli/src/exitCodes.ts's table`);
      for (const words of says) {
        assert.ok(
          MANUAL.includes(words),
          `the manual (README.md, docs/) no longer says: ${words}\n(the step running ${lineOf(step)} quotes it for exit ${code}: update the quote, or the expected code if the manual now states another)`,
        );
        assert.ok(statesCode(words, code), `"${words}" does not state exit ${code}`);
      }
    }
    for (const o of ours.filter((x) => x.unit !== '')) {
      const statements = [...exitStatements(o.unit), ...(o.rowCode === undefined ? [] : [{ code: o.rowCode, at: -1 }])];
      const inUnit = new Set(ours.filter((x) => x.unit === o.unit).map((x) => x.text));
      const quoted = STEPS.filter((s) => s.exit && examplesOf(s).some((e) => inUnit.has(e))).flatMap((s) =>
        s.exit!.says.map((words) => ({ code: s.exit!.code, words })),
      );
      for (const { code, at } of statements) {
        assert.ok(
          KNOWN_CODES.has(code),
          `${where(o)} states exit ${code}, which cli/src/exitCodes.ts's table does not have`,
        );
        const covered = quoted.some((q) => {
          const start = o.unit.indexOf(q.words);
          return q.code === code && start >= 0 && (at < 0 || (start <= at && at < start + q.words.length));
        });
        assert.ok(
          covered,
          `${where(o)} states exit ${code} near ${o.text} (${o.unit.slice(Math.max(0, at), at + 80)}...), and no step checks it: add one whose exit.says quotes those words`,
        );
      }
    }
  });
});

describe("the manual's tas examples, run", () => {
  let home: Emulator;
  let staging: Emulator;
  before(async () => {
    [home, staging] = await Promise.all([startEmulator(), startEmulator()]);
  });
  after(async () => {
    await Promise.all([home.close(), staging.close()]);
  });

  for (const scenario of SCENARIOS) {
    test(scenario.title, { timeout: 90_000 }, async () => {
      const w = new Workspace(home, staging);
      try {
        await scenario.setup?.(w);
        for (const step of scenario.steps) await runStep(w, step);
      } finally {
        home.settings.executionStepMs = 20;
        w.dispose();
      }
    });
  }
});

async function runStep(w: Workspace, step: Step): Promise<void> {
  const example = examplesOf(step)[0]!;
  w.vars['last'] = w.last.stdout.trim();
  await step.before?.(w);
  const line = lineOf(step).replace(/\{(\w+)\}/g, (_, name: string) => w.vars[name] ?? `{${name}}`);
  const r = await w.shell(line, {
    ...(step.env && { env: step.env }),
    ...(step.input !== undefined && { input: step.input }),
    ...(step.interrupt && { interrupt: step.interrupt }),
  });
  const expected = step.exit?.code ?? 0;
  const why = step.exit ? `the manual: "${step.exit.says[0]}"` : 'the manual presents it as working';
  const at = OCCURRENCES.filter((o) => examplesOf(step).includes(o.text)).map((o) => `${o.page}:${o.line}`);
  assert.equal(
    r.code,
    expected,
    report(`expected exit ${expected} (${why}), got ${r.code}`, examplesOf(step), at, line, r),
  );
  try {
    step.check?.(r, w);
    for (const o of OCCURRENCES.filter((x) => x.text === example && x.transcript)) checkTranscript(o, r);
  } catch (err) {
    throw new Error(report((err as Error).message, examplesOf(step), at, line, r), { cause: err });
  }
}

/** Each output line the manual shows after the command: its words up to the first colon begin a line tas printed. */
function checkTranscript(o: Occurrence, r: CliResult): void {
  const printed = `${r.stdout}\n${r.stderr}`.split('\n').map((l) => l.replace(/\s+/g, ' '));
  for (const shown of o.transcript ?? []) {
    const head = shown.split(': ')[0]!.replace(/\s+/g, ' ');
    assert.ok(
      printed.some((l) => l.startsWith(head)),
      `${o.page} line ${o.line} shows the output "${head}: ...", and tas printed no such line`,
    );
  }
}

function report(problem: string, examples: readonly string[], places: string[], line: string, r: CliResult): string {
  const cut = (s: string) => (s.length > 3000 ? `${s.slice(0, 3000)}...` : s);
  return [
    `the manual's example: ${examples.join('  |  ')} (${places.join(', ')})`,
    `ran: ${line}`,
    problem,
    `stdout:\n${cut(r.stdout)}`,
    `stderr:\n${cut(r.stderr)}`,
  ].join('\n');
}
