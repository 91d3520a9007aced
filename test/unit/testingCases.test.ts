import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { casesIn, crlf, failedStep, logLines, stepOffset } from '../../client/src/testing/cases';

// Test Explorer's reading of files and logs, without `vscode`.

describe('test cases in a file', () => {
  test('a single test case: one case, its name, the object range', () => {
    const text = '{\n  "id": 1,\n  "name": "Voice call"\n}\n';
    assert.deepEqual(casesIn(text, false), [{ start: 0, end: text.length - 1, name: 'Voice call' }]);
  });

  test('a bundle: one case per array item, in order, nameless items kept by position', () => {
    const text = '[\n  { "name": "A" },\n  { "description": "no name" },\n  { "name": "C" }\n]';
    const cases = casesIn(text, true);
    assert.deepEqual(
      cases.map((c) => [c.index, c.name]),
      [
        [0, 'A'],
        [1, undefined],
        [2, 'C'],
      ],
    );
    assert.equal(text.slice(cases[2]!.start, cases[2]!.end), '{ "name": "C" }');
  });

  test('text being edited yields what parses; a bundle that is no array has no cases', () => {
    assert.equal(casesIn('[ { "name": "A" }, { "name": ', true)[0]?.name, 'A');
    assert.deepEqual(casesIn('{"name": "x"}', true), []);
  });

  test('a step of a case is found in the file and in a bundle', () => {
    const one = '{"testStepList": [{"function": "CALL"}, {"function": "HANGUP"}]}';
    const at = stepOffset(one, undefined, 2)!;
    assert.equal(one.slice(at.start, at.end), '{"function": "HANGUP"}');
    const bundle = `[{}, ${one}]`;
    const b = stepOffset(bundle, 1, 1)!;
    assert.equal(bundle.slice(b.start, b.end), '{"function": "CALL"}');
    assert.equal(stepOffset(one, undefined, 5), undefined);
  });
});

describe('execution logs', () => {
  const details = [
    'Execution 7: FAILED',
    'Test case: Voice call (id 1)',
    '',
    'Log (4 entries):',
    '2026-01-01T00:00:00Z INFO Started: 3 step(s)',
    '2026-01-01T00:00:01Z INFO Step 1/3 CALL: passed',
    '2026-01-01T00:00:02Z ERROR Step 3/3 HANGUP: failed',
    '2026-01-01T00:00:03Z ERROR Finished: FAILED',
    '',
    'Record:',
    '{}',
  ].join('\n');

  test('the log lines are those between the Log heading and the blank line', () => {
    const log = logLines(details);
    assert.equal(log.length, 4);
    assert.match(log[0]!, /Started/);
    assert.deepEqual(logLines('Execution 1\n\nLog (0 entries):\n(the service sent no log)\n\nRecord:'), []);
  });

  test('the failed step is named from the log', () => {
    assert.deepEqual(failedStep(logLines(details)), {
      step: 3,
      of: 3,
      name: 'HANGUP',
      line: '2026-01-01T00:00:02Z ERROR Step 3/3 HANGUP: failed',
    });
    assert.equal(failedStep(['INFO Finished: FAILED']), undefined);
  });

  test('run output lines end with CRLF', () => {
    assert.equal(crlf(['a', 'b']), 'a\r\nb\r\n');
  });
});
