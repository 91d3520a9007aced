import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import type { Scenario } from './plan';
import { RUN } from './scenariosFiles';
import type { Workspace } from './workspace';

// The manual's examples about history and reruns: tas history's synopsis, tas run --retries and
// --fail-on-flaky, and the summary of a run. The emulator's outcomes are given in advance (its
// failure model's `scripted`: each test case fails once, then passes). See readmeExamples.test.ts.

const HISTORY =
  'tas history [ids, files, folders, "globs"] [--all] [--format text|json|markdown] [--limit N] [--runs N] [--output FILE]';

/** Every test case's next runs: failed, then passed. */
function failOnce(w: Workspace): void {
  for (const t of w.home.store.testCases.all()) w.home.lab.scripted[String(t.id)] = ['FAILED', 'PASSED'];
}

export const HISTORY_SCENARIOS: Scenario[] = [
  {
    title: 'tas run --retries: a pass on a rerun is flaky; --fail-on-flaky; the summary',
    setup: async (w) => {
      await w.prep('tas import cases');
    },
    steps: [
      {
        example: 'tas run cases --retries 2 --junit reports/run.xml',
        before: failOnce,
        check: (r, w) => {
          assert.match(r.stderr, /^2 tests were flaky \(passed only on a rerun\)/m);
          assert.match(readFileSync(w.path('reports/run.xml'), 'utf8'), /<flakyFailure /);
        },
      },
      {
        example: 'tas run cases --retries 2 --fail-on-flaky',
        before: failOnce,
        exit: {
          code: 1,
          says: [
            'exit 1 when one passed only on a rerun',
            '`--fail-on-flaky` makes a flaky test fail the run (exit 1)',
          ],
        },
      },
      {
        example: RUN,
        line: 'tas run cases/voice-call-mo.testcase.json --retries 1 --fail-on-flaky --summary reports/run.md',
        check: (_r, w) => assert.match(readFileSync(w.path('reports/run.md'), 'utf8'), /^### tas run: 1 of 1 passed/),
      },
      {
        example: HISTORY,
        line: 'tas history cases --format markdown --limit 1000 --runs 3 --output reports/history.md',
        exit: { code: 0, says: ['exit 0 whatever the history says'] },
        check: (_r, w) =>
          assert.match(readFileSync(w.path('reports/history.md'), 'utf8'), /^\*\*Flaky test cases:\*\* 2$/m),
      },
      {
        example: 'tas history',
        line: 'tas history cases',
        check: (r) => assert.match(r.stdout, /^Flaky test cases: 2$/m),
      },
      {
        example: HISTORY,
        line: 'tas history --all --format json',
        check: (r) => assert.ok(JSON.parse(r.stdout).cases.length > 2),
      },
      {
        example: HISTORY,
        line: 'tas history 1 --format text',
        check: (r) => assert.match(r.stdout, /^Voice call MO LTE #001 \(test case 1\)/m),
      },
    ],
  },
];
