import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { secretPaths } from '../../server/src/core/secrets/secrets';
import { localChecks, walkLocal } from '../../server/src/core/validation/localChecks';
import { MAX_DEPTH, deeperThan } from '../../server/src/core/jsonText/nesting';
import { noRepeatedKeys } from '../../server/src/core/jsonText/duplicateKeys';

// Our rules run in one walk over the value (with the depth check and the key counts); the secret
// rule's own walk (`secretPaths`) is the reference it must agree with, path for path and in order.

const cases: unknown[] = [
  {
    name: 'a',
    testStepList: [
      { function: 'CALL', params: { password: 'abc', authParams: { scope: 'x', key: 'v', client_id: 'c' } } },
    ],
  },
  {
    password: { old: 'p1', list: ['p2', '', '${VAR}', { deeper: 'p3' }] },
    token: ['t1', 't2'],
    apiKey: '<secret: kept on the service>',
  },
  {
    headers: { Authorization: 'Bearer x', 'X-Api-Key': 'k', accept: 'json' },
    nested: [{ clientSecret: 's' }, [{ dbPassword: 'd' }]],
  },
  { b: 1, a: { password: 'x' }, 10: { token: 'y' }, 2: { token: 'z' }, authParams: ['not', { secret: 'q' }] },
  { sipTraceFilters: [{ sipMessageCodes: '180,,99,180' }, 'x', { sipMessageCodes: '200, 183' }], password: 'p' },
  { name: 'no secrets here', testStepList: [] },
];

const secretFindings = (kind: 'testCase' | 'bundle', v: unknown) =>
  localChecks(kind, v)
    .filter((f) => f.code === 'plaintext-secret')
    .map((f) => f.path);

describe('walkLocal', () => {
  test('finds the plain-text secrets the secret rule finds, in its order', () => {
    for (const v of cases) assert.deepEqual(secretFindings('testCase', v), secretPaths(v), JSON.stringify(v));
    const expected = cases.flatMap((v, i) => secretPaths(v).map((p) => [i, ...p]));
    assert.deepEqual(secretFindings('bundle', cases), expected);
  });

  test('outside a test case nothing is a secret, but keys are still counted', () => {
    const value = [[{ password: 'x:y' }], 'a:b'];
    assert.deepEqual(secretFindings('bundle', value), []);
    assert.deepEqual(walkLocal('bundle', value)?.counts, { keys: 1 });
    assert.deepEqual(walkLocal('testCase', { 'k:1': { 'k:2': ['v:3:4'] } })?.counts, { keys: 2 });
    assert.deepEqual(walkLocal('testCase', 'a:b:c')?.counts, { keys: 0 }, 'a file that is one text');
  });

  test('a SIP code list: each wrong or repeated code, only those', () => {
    const found = localChecks('testCase', cases[4]).filter((f) => f.code === 'sip-codes');
    assert.deepEqual(
      found.map((f) => [f.path, f.inner]),
      [
        [['sipTraceFilters', 0, 'sipMessageCodes'], { start: 5, end: 6 }],
        [['sipTraceFilters', 0, 'sipMessageCodes'], { start: 6, end: 8 }],
        [['sipTraceFilters', 0, 'sipMessageCodes'], { start: 9, end: 12 }],
      ],
    );
  });

  test('a value nested deeper than the limit is left to the text scan', () => {
    // The object itself is level 1: MAX_DEPTH levels in all are read, one more is not.
    const nested = (levels: number) => {
      let v: unknown = 'x';
      for (let i = 0; i < levels; i++) v = [v];
      return { a: v };
    };
    assert.ok(walkLocal('testCase', nested(MAX_DEPTH - 1)));
    assert.equal(walkLocal('testCase', nested(MAX_DEPTH)), undefined);
    assert.equal(deeperThan(nested(MAX_DEPTH), MAX_DEPTH), true);
    assert.equal(deeperThan(nested(MAX_DEPTH - 1), MAX_DEPTH), false);
  });

  test('a clean test case, with or without SIP filters, has nothing to say', () => {
    for (const v of [
      { name: 'a' },
      { name: 'a', sipTraceFilters: [] },
      { sipTraceFilters: [{ sipMessageCodes: '180' }] },
    ])
      assert.deepEqual(localChecks('testCase', v), [], JSON.stringify(v));
    assert.deepEqual(localChecks('bundle', [{ name: 'a' }, 'x', 3]), []);
  });

  test('a plain-text secret: a warning on its value, with the placeholder to use', () => {
    assert.deepEqual(localChecks('testCase', { password: 'p' }), [
      {
        path: ['password'],
        on: 'value',
        message:
          'A secret in plain text: it must not be committed. Replace it with "<secret: kept on the service>"; the service keeps the real value, and import never sends the placeholder.',
        code: 'plaintext-secret',
        severity: 2,
      },
    ]);
  });

  test('a file that is not the shape its name says is not read as test cases: only counted', () => {
    const one = { password: 'p', sipTraceFilters: [{ sipMessageCodes: '99' }], 'a:b': 1 };
    assert.deepEqual(localChecks('bundle', one), []);
    assert.deepEqual(walkLocal('bundle', one)?.counts, { keys: 4 });
    assert.deepEqual(localChecks('testCase', [one]), []);
    assert.deepEqual(localChecks('bundle', [[one]]), [], 'a list inside a bundle is no test case');
  });

  test('a value too deep for the walk has no local findings (the text scan says why)', () => {
    let v: unknown = { password: 'p' };
    for (let i = 0; i < MAX_DEPTH; i++) v = [v];
    assert.deepEqual(localChecks('testCase', { a: v }), []);
  });

  test('numbers, null and booleans at the deepest level read are values, not one more level', () => {
    const nested = (levels: number, leaf: (inner: unknown) => unknown) => {
      let v: unknown = leaf(undefined);
      for (let i = 0; i < levels; i++) v = [v];
      return { a: v };
    };
    assert.ok(
      walkLocal(
        'testCase',
        nested(MAX_DEPTH - 2, () => [1, null, true, 'x']),
      ),
    );
    assert.ok(
      walkLocal(
        'testCase',
        nested(MAX_DEPTH - 2, () => ({ n: 1, z: null, b: false, s: 'x' })),
      ),
    );
  });

  test("with the walk's counts, noRepeatedKeys says exactly whether some key repeats", () => {
    const texts: [string, boolean][] = [
      ['{"a":"b:c","d":[":",{"e":"::"}]}', true],
      ['{"a:b":1,"c":{"d:e:f":"g:h"}}', true],
      ['{"a:b":1,"a:b":2}', false],
      ['{"a":1, "b" : 2,\r\n "a"\n:\t3}', false],
      ['{"a":{"x":"1:2"},"b":{"x":"1:2","x":"1:2"}}', false],
      ['{"a\\u003ab":1,"c":"\\\\"}', true],
      ['{"a\\u003ab":1,"a:b":2}', false],
      ['[{"name":"a","params":{"password":"p:q"}},{"name":"b","name":"c"}]', false],
      ['"a:b"', true],
      ['{"a":":x","b":[" :y", "z:"]}', true],
      ['{"a": ":x", "a" : " :y"}', false],
      ['{":a":1,"b":":"}', true],
      ['{":a":1,":a":2}', false],
      ['{"a":[":", ":"],\n"a"\n:\n":"}', false],
    ];
    for (const [text, unique] of texts) {
      for (const kind of ['testCase', 'bundle'] as const) {
        const value: unknown = JSON.parse(text);
        const walked = walkLocal(kind, value);
        assert.ok(walked, text);
        assert.equal(noRepeatedKeys(text, walked.counts, value), unique, `${kind}: ${text}`);
      }
    }
  });
});
