import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { checkSipCodes, cleanSipCodes } from '../../server/src/core/validation/sipCodes';

// The sipMessageCodes rule: every finding's words, severity, place inside the string (offsets
// count the opening quote) and the removal its quick fix makes.

const P = ['sipTraceFilters', 0, 'sipMessageCodes'];
const brief = (value: string) =>
  checkSipCodes(value, P).map((f) => ({ message: f.message, severity: f.severity, inner: f.inner, data: f.data }));

describe('SIP codes', () => {
  test('well-formed lists give nothing; spaces after commas allowed', () => {
    for (const v of ['180', '100,699', '180, 183,  200', '600']) assert.deepEqual(checkSipCodes(v, P), [], v);
  });
  test('empty or blank: one error on the whole value', () => {
    for (const v of ['', '   ']) {
      const fs = checkSipCodes(v, P);
      assert.deepEqual(fs, [
        {
          path: P,
          on: 'value',
          message: 'sipMessageCodes is empty: list SIP status codes such as "180,183,200".',
          code: 'sip-codes',
          severity: 1,
        },
      ]);
    }
  });
  test('out of range, not three digits, not digits: an error on the entry, with its removal', () => {
    assert.deepEqual(brief('180,1830,OK'), [
      {
        message: "'1830' is not a SIP status code: use three digits from 100 to 699.",
        severity: 1,
        inner: { start: 5, end: 9 },
        data: { remove: { code: '1830', from: 0, to: 5, text: '1830,' } },
      },
      {
        message: "'OK' is not a SIP status code: use three digits from 100 to 699.",
        severity: 1,
        inner: { start: 10, end: 12 },
        data: { remove: { code: 'OK', from: -1, to: 2, text: ',OK' } },
      },
    ]);
    assert.deepEqual(
      brief('099').map((f) => f.message),
      ["'099' is not a SIP status code: use three digits from 100 to 699."],
    );
    assert.deepEqual(
      brief('700').map((f) => [f.message, f.data]),
      [["'700' is not a SIP status code: use three digits from 100 to 699.", undefined]],
      'the only entry has no removal',
    );
    assert.deepEqual(
      brief('100,699,99,700').map((f) => f.inner),
      [
        { start: 9, end: 11 },
        { start: 12, end: 15 },
      ],
    );
  });
  test('the first entry takes the comma and the space after it; a middle one its comma', () => {
    assert.deepEqual(brief('x,  180, 183'), [
      {
        message: "'x' is not a SIP status code: use three digits from 100 to 699.",
        severity: 1,
        inner: { start: 1, end: 2 },
        data: { remove: { code: 'x', from: 0, to: 4, text: 'x,  ' } },
      },
    ]);
    assert.deepEqual(brief('180, x, 183')[0]!.data, { remove: { code: 'x', from: -1, to: 2, text: ' x,' } });
  });
  test('an empty entry: remove the extra comma', () => {
    const fs = brief('180,,183');
    assert.equal(fs.length, 1);
    assert.equal(fs[0]!.message, 'Empty entry in sipMessageCodes: remove the extra comma.');
    assert.deepEqual(fs[0]!.inner, { start: 5, end: 6 });
    assert.deepEqual(fs[0]!.data, { remove: { code: '', from: 0, to: 1, text: ',' } });
    assert.deepEqual(
      brief('180,').map((f) => f.data),
      [{ remove: { code: '', from: -1, to: 0, text: ',' } }],
    );
  });
  test('a code listed twice: a warning on the second, with its removal', () => {
    assert.deepEqual(brief('180,183,180'), [
      {
        message: 'SIP code 180 is listed twice.',
        severity: 2,
        inner: { start: 9, end: 12 },
        data: { remove: { code: '180', from: -1, to: 3, text: ',180' } },
      },
    ]);
    assert.deepEqual(
      brief('180, 180').map((f) => [f.message, f.inner]),
      [['SIP code 180 is listed twice.', { start: 6, end: 9 }]],
    );
    // A malformed list repeats too: both said.
    assert.deepEqual(
      brief('180,x,180').map((f) => f.severity),
      [1, 2],
    );
  });
  test('each list on its own: a code of one list does not repeat in the next, and all 600 codes once give nothing', () => {
    for (const v of ['180,183', '183,180', '180']) assert.deepEqual(checkSipCodes(v, P), [], v);
    const every = Array.from({ length: 600 }, (_, i) => String(100 + i));
    assert.deepEqual(checkSipCodes(every.join(','), P), []);
    assert.deepEqual(
      brief(`${every.join(',')},699`).map((f) => f.message),
      ['SIP code 699 is listed twice.'],
    );
  });
  test('letters among the digits, or a code out of range after a comma, are each an error on the value', () => {
    for (const v of ['1a0', '10a', 'x180', '180x', '180,999', '180,1a0', '180,10a', '180, x180']) {
      const fs = checkSipCodes(v, P);
      assert.deepEqual(
        fs.map((f) => [f.on, f.severity]),
        [['value', 1]],
        v,
      );
    }
    assert.deepEqual(
      checkSipCodes('180,183,180', P).map((f) => f.on),
      ['value'],
    );
  });
  test('a list is clean exactly when it is well formed (codes 100 to 699, commas, spaces after them) and repeats no code', () => {
    const wellFormed = /^[1-6]\d\d(?:, *[1-6]\d\d)*$/;
    const clean = (v: string) =>
      wellFormed.test(v) && new Set(v.split(',').map((c) => c.trim())).size === v.split(',').length;
    // Every list of up to 7 characters from this alphabet, and some longer ones.
    const alphabet = ['1', '6', '7', '0', '9', ',', ' ', 'a'];
    const lists: string[] = [''];
    for (let from = 0, length = 1; length <= 7; length++) {
      const to = lists.length;
      for (let k = from; k < to; k++) for (const c of alphabet) lists.push(lists[k]! + c);
      from = to;
    }
    lists.push(
      '180,183,200',
      '180, 183,  200',
      '180,183,180',
      '100,699',
      '099',
      '700',
      '180 ,183',
      '180,',
      ',180',
      '180\n',
      ' 180',
      '180,\t183',
      '١٨٠',
    );
    for (const v of lists) assert.equal(cleanSipCodes(v), clean(v), JSON.stringify(v));
  });
});
