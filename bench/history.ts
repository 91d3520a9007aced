import { TasClient } from '../server/src/core/api/client';
import { historyOn } from '../server/src/core/facades/history';
import { summarizeExecution } from '../server/src/core/executions/state';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';
import { DEMO_LAB } from '../test/emulator/lab';
import { table } from './sections';
import { collect, ms } from './stats';

// The history for a lab of 10,000 executions and 1,000 test cases (issue 39): each test case's
// runs, the flaky and suspect marks, from a fresh History (the newest 10,000 executions, the test
// cases' list, the records of those that ran, the phones) against reading the same executions
// alone through the same reader; and a second report on the history already read, after one new
// execution is merged as the watcher would (the computation alone; an unchanged history answers
// from its last report). The emulator's demo lab is on, so the marks have something to find. Nine
// rounds, taking turns, each contender after a garbage collection (as stats.ts does for the
// others); medians. Target: within 2x.

const EXECUTIONS = 10_000;
const TEST_CASES = 1_000;
const ROUNDS = 9;

export interface HistoryBenchResult {
  executions: number;
  testCases: number;
  /** The executions read as the product reads them: the list, and each record by the lenient reader. */
  readAloneMs: number;
  /** The list alone, its records not read. */
  listAloneMs: number;
  historyMs: number;
  recomputeMs: number;
  /** Requests of one fresh history, by what they read. */
  requests: { executions: number; testCases: number; devices: number; other: number };
  flaky: number;
  suspects: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchHistory(): Promise<HistoryBenchResult> {
  const emu = await startEmulator({
    lab: DEMO_LAB,
    scale: { extraTestCases: TEST_CASES - 50, extraExecutions: EXECUTIONS },
  });
  const client = new TasClient({ baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
  try {
    await client.executions.newest(0, 10); // the token, and a warm-up
    const alone: number[] = [];
    const listOnly: number[] = [];
    const fresh: number[] = [];
    const again: number[] = [];
    let requests: HistoryBenchResult['requests'] | undefined;
    let marks = { flaky: 0, suspects: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Reading them as the Executions view and the follower do: the list, each record by the lenient reader.
      const readAlone = async () => {
        collect();
        const t = performance.now();
        const window = await client.executions.newest(0, EXECUTIONS);
        const listed = performance.now();
        for (const item of window.items) summarizeExecution(item);
        alone.push(performance.now() - t);
        listOnly.push(listed - t);
      };
      const history = async () => {
        const from = emu.requests.length;
        const h = historyOn(client, { limit: EXECUTIONS });
        collect();
        const t = performance.now();
        const report = await h.report();
        fresh.push(performance.now() - t);
        const paths = emu.requests.slice(from).map((r) => r.path);
        const count = (re: RegExp) => paths.filter((p) => re.test(p)).length;
        if (!requests) {
          const executions = count(/^\/api\/v2\/testexecutions/);
          const testCases = count(/^\/api\/v2\/testcases/);
          const devices = count(/^\/api\/v2\/(mobiledevices|devices)/);
          requests = { executions, testCases, devices, other: paths.length - executions - testCases - devices };
        }
        marks = { flaky: report.flaky.length, suspects: report.suspects.length };
        // The report is kept while nothing changes: the watcher's reading of one new execution
        // makes it be computed again, as between two of its polls.
        h.merge([{ id: 1e9 + round, status: 'PASSED', kind: 'passed', final: true, testCaseId: 1 }]);
        collect();
        const t2 = performance.now();
        await h.report();
        again.push(performance.now() - t2);
      };
      // Each round starts with the other contender.
      if (round % 2 === 0) await readAlone().then(history);
      else await history().then(readAlone);
    }
    return {
      executions: emu.store.executions.all().length,
      testCases: emu.store.testCases.all().length,
      readAloneMs: median(alone),
      listAloneMs: median(listOnly),
      historyMs: median(fresh),
      recomputeMs: median(again),
      requests: requests!,
      ...marks,
    };
  } finally {
    await client.close();
    await emu.close();
  }
}

export function historySection(r: HistoryBenchResult): string {
  const ratio = r.historyMs / r.readAloneMs;
  const q = r.requests;
  return [
    `### History, flaky and suspect marks (${r.executions.toLocaleString('en')} executions, ${r.testCases.toLocaleString('en')} test cases in the emulator)`,
    '',
    table(
      ['Measure', `Median of ${ROUNDS}`, 'Target'],
      [
        [
          `Reading the newest ${EXECUTIONS.toLocaleString('en')} executions alone, as the views read them (the list, each record summarized)`,
          `${ms(r.readAloneMs)} ms`,
          '',
        ],
        [`Of which the list alone (records not read)`, `${ms(r.listAloneMs)} ms`, ''],
        [
          'A fresh history: executions, test cases, records, phones, marks',
          `${ms(r.historyMs)} ms (${ratio.toFixed(2)}x; ${(r.historyMs / r.listAloneMs).toFixed(2)}x the list alone)`,
          `within 2x: ${ratio <= 2 ? 'met' : '**not met**'}`,
        ],
        ['The report again after the watcher read one new execution (computation only)', `${ms(r.recomputeMs)} ms`, ''],
      ],
    ),
    '',
    `One fresh history made ${q.executions} executions requests, ${q.testCases} test case requests (list and exports), ${q.devices} device requests and ${q.other} others; it found ${r.flaky} flaky test cases and ${r.suspects} suspect phones.`,
  ].join('\n');
}

/** The verdict line of the targets list. */
export function historyVerdict(r: HistoryBenchResult): string {
  const ratio = r.historyMs / r.readAloneMs;
  return `- History for ${r.executions.toLocaleString('en')} executions: ${ratio.toFixed(2)}x reading them alone (target 2x): ${ratio <= 2 ? 'met' : '**not met**'}`;
}

if (require.main === module) {
  benchHistory()
    .then((r) => console.log(historySection(r)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
