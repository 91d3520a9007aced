import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { analyzeDuplicateKeys, analyzeLocal, analyzeLocalSteps } from '../../server/src/core/validation/analyze';
import { MAX_DEPTH } from '../../server/src/core/jsonText/nesting';
import { createTextDocument } from '../../server/src/core/text/textDocument';

// The local pass runs as one function (the CLI) or in steps (the server): both must say the same,
// and the duplicate pass must not depend on what was validated in between.

const doc = (text: string, name = 'a') => createTextDocument(`file:///w/${name}.testcase.json`, text);

function drained(
  d: ReturnType<typeof doc>,
  maxProblems = Infinity,
): { result: ReturnType<typeof analyzeLocal>; turns: number } {
  const steps = analyzeLocalSteps(d, 'testCase', maxProblems);
  for (let turns = 0; ; turns++) {
    const step = steps.next();
    if (step.done) return { result: step.value, turns };
  }
}

const deep = (levels: number) => `{"name": "x", "a": ${'['.repeat(levels)}1${']'.repeat(levels)}, "b": 1, "b": 2}`;
const big = `{"name": "big", "notes": "${'x'.repeat(70_000)}", "password": "p", "n": 1, "n": 2}`;
const texts = [
  '{"name": "a"}',
  '{"name": 1, "password": "p:q", "x": {"y": "1:2"}, "x": 3}',
  '{"name": ',
  deep(MAX_DEPTH + 5),
  deep(MAX_DEPTH - 2),
  big,
  '{"a:b": 1, "a\\u003ab": 2}',
];

describe('analyzeLocal and its steps', () => {
  test('give the same diagnostics, value and key facts, whatever the limit', () => {
    for (const text of texts) {
      for (const max of [Infinity, 0, 1]) {
        const { result } = drained(doc(text), max);
        assert.deepEqual(result, analyzeLocal(doc(text), 'testCase', max), `${text.slice(0, 60)} (max ${max})`);
      }
    }
  });

  test('a small file takes one step; a large one gives turns between parse, schema and positions', () => {
    assert.equal(drained(doc('{"name": 1}')).turns, 0);
    assert.equal(drained(doc(big)).turns, 2, 'findings to place: a turn before positions too');
    assert.equal(drained(doc(big.replace('"password": "p", ', ''))).turns, 2);
  });
});

describe('analyzeDuplicateKeys after analyzeLocal', () => {
  test('finds the same repeats when other documents were read in between', () => {
    for (const text of texts) {
      const d = doc(text);
      const local = analyzeLocal(d, 'testCase');
      if (local.value === undefined) continue;
      const right = analyzeDuplicateKeys(d, local);
      analyzeLocal(doc(deep(MAX_DEPTH + 1), 'other'), 'testCase');
      analyzeLocal(doc('{"other": 1}', 'other'), 'testCase');
      assert.deepEqual(analyzeDuplicateKeys(d, local), right, text.slice(0, 60));
      assert.deepEqual(analyzeDuplicateKeys(d), right, `${text.slice(0, 60)}: without the local facts`);
    }
    const found = (text: string) =>
      analyzeDuplicateKeys(doc(text), analyzeLocal(doc(text), 'testCase')).diagnostics.map((x) => x.message);
    assert.deepEqual(
      found(deep(MAX_DEPTH + 5)),
      ["Duplicate key 'b': JSON readers keep only the last one."],
      'beside a part too deep to read',
    );
    assert.deepEqual(found('{"a:b": 1, "a\\u003ab": 2}'), [
      "Duplicate key 'a:b': JSON readers keep only the last one.",
    ]);
    assert.deepEqual(found('{"a:b": "c:d", "e": {"f:g": ["h:i"]}}'), [], 'colons in keys and texts are no repeat');
  });

  test('with findings to place, the placing pass settles whether keys repeat, wherever the repeat is', () => {
    const settled = (text: string) => analyzeLocal(doc(text), 'testCase').keys?.unique;
    // Each has a schema finding (the name is no text), so the placing pass runs.
    assert.equal(settled('{"name": 1, "a": "x:y", "b" : {"c": [{"d": "e"}]}}'), true);
    assert.equal(settled('{"name": 1, "a": 1, "a": 2}'), false, 'beside the wanted key');
    assert.equal(settled('{"name": 1, "x": {"k": 1, "k": 2}}'), false, 'in a part the pass skips');
    assert.equal(
      settled('{"testStepList": [{"mobileDeviceId": "1"}, {"a": 1, "a": 2}], "name": "n"}'),
      false,
      'in an item past the last wanted one',
    );
    assert.equal(settled('{"name": 1, "a\\"": ":", "a\\"": 2}'), false, 'keys with escapes');
    assert.equal(
      settled('{"name": 1}'.replace('}', ', "u": "\\u0022:"}')),
      true,
      'an escaped quote before a colon in a text',
    );
    for (const text of ['{"name": 1, "a": 1, "a": 2}', '{"name": 1, "x": {"k": 1, "k": 2}}']) {
      const d = doc(text);
      assert.equal(analyzeDuplicateKeys(d, analyzeLocal(d, 'testCase')).diagnostics.length, 1, text);
    }
  });
});
