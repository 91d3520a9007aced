import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { bool, exactInt, exactNum, exactStr, int, isRecord, num, pick, str, text, time } from '../../server/src/core/base/read';

// Each lenient reader against the same odd inputs: what it takes, and what it turns away.

const INPUTS: [string, unknown][] = [
  ['7', 7],
  ['-3', -3],
  ['1.5', 1.5],
  ['Infinity', Infinity],
  ['NaN', NaN],
  ["'12'", '12'],
  ["'-1'", '-1'],
  ["'1.5'", '1.5'],
  ["''", ''],
  ["'  '", '  '],
  ["' a '", ' a '],
  ["'true'", 'true'],
  ["'false'", 'false'],
  ['true', true],
  ['false', false],
  ['null', null],
  ['undefined', undefined],
  ['{}', {}],
  ['[]', []],
  ["'2024-05-01T10:00:00Z'", '2024-05-01T10:00:00Z'],
  ["'12a'", '12a'],
];

const EXPECTED: Record<string, unknown[]> = {
  //          7    -3   1.5  Inf  NaN  '12'  '-1' '1.5' ''  '  '  ' a ' 'true' 'false' true  false null undef {}  []  date  '12a'
  str: ['7', '-3', '1.5', 'Infinity', 'NaN', '12', '-1', '1.5', undefined, '  ', ' a ', 'true', 'false', undefined, undefined, undefined, undefined, undefined, undefined, '2024-05-01T10:00:00Z', '12a'],
  text: [undefined, undefined, undefined, undefined, undefined, '12', '-1', '1.5', undefined, undefined, ' a ', 'true', 'false', undefined, undefined, undefined, undefined, undefined, undefined, '2024-05-01T10:00:00Z', '12a'],
  exactStr: [undefined, undefined, undefined, undefined, undefined, '12', '-1', '1.5', '', '  ', ' a ', 'true', 'false', undefined, undefined, undefined, undefined, undefined, undefined, '2024-05-01T10:00:00Z', '12a'],
  int: [7, -3, undefined, undefined, undefined, 12, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  num: [7, -3, 1.5, undefined, undefined, 12, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  exactNum: [7, -3, 1.5, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  exactInt: [7, -3, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  bool: [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, true, false, true, false, undefined, undefined, undefined, undefined, undefined, undefined],
  isRecord: [false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, true, false, false, false],
};
const READERS: Record<string, (v: unknown) => unknown> = { str, text, exactStr, int, num, exactNum, exactInt, bool, isRecord };

describe('the lenient readers', () => {
  for (const [name, reader] of Object.entries(READERS)) {
    test(name, () => {
      INPUTS.forEach(([label, input], i) => assert.deepEqual(reader(input), EXPECTED[name]![i], `${name}(${label})`));
    });
  }
  test('time: ISO text as sent, milliseconds as ISO text, anything else undefined', () => {
    assert.equal(time('2024-05-01T10:00:00Z'), '2024-05-01T10:00:00Z');
    assert.equal(time(0), '1970-01-01T00:00:00.000Z');
    assert.equal(time(1714557600000), '2024-05-01T10:00:00.000Z');
    for (const v of ['not a date', '', NaN, Infinity, null, undefined, {}, true]) assert.equal(time(v), undefined, JSON.stringify(v));
  });
  test('pick: the first spelling that is there, skipping undefined and null, keeping 0, false and empty text', () => {
    assert.equal(pick({ a: null, b: undefined, c: 0, d: 1 }, ['a', 'b', 'c', 'd']), 0);
    assert.equal(pick({ a: false, b: 1 }, ['a', 'b']), false);
    assert.equal(pick({ a: '', b: 1 }, ['a', 'b']), '');
    assert.equal(pick({ a: null }, ['a', 'b']), undefined);
    assert.equal(pick({ b: 2, a: 1 }, ['a', 'b']), 1, 'the order of the keys asked, not of the object');
    assert.equal(pick({}, []), undefined);
  });
});
