import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { bool, exactInt, exactNum, exactStr, int, isRecord, num, pick, str, text, time, usableRecords } from '../../server/src/core/api/read';

// The one set of lenient readers: each variant's leniency, as its comment states it.

describe('lenient readers', () => {
  test('isRecord: an object, not null or an array', () => {
    assert.ok(isRecord({}));
    for (const v of [null, [], 'x', 1, undefined]) assert.ok(!isRecord(v));
  });

  test('pick: the first spelling that is there', () => {
    assert.equal(pick({ a: null, b: 0, c: 1 }, ['a', 'b', 'c']), 0);
    assert.equal(pick({}, ['a']), undefined);
  });

  test('text readers: str takes numbers, text needs a non-blank string, exactStr any string', () => {
    assert.equal(str('x'), 'x');
    assert.equal(str(7), '7');
    assert.equal(str(''), undefined);
    assert.equal(str(' '), ' ');
    assert.equal(text(' a '), ' a ');
    assert.equal(text('  '), undefined);
    assert.equal(text(7), undefined);
    assert.equal(exactStr(''), '');
    assert.equal(exactStr(7), undefined);
  });

  test('number readers: int and num read digit strings, the exact ones do not', () => {
    assert.equal(int(12), 12);
    assert.equal(int('12'), 12);
    for (const v of [1.5, '1.5', '-1', '', null]) assert.equal(int(v), undefined);
    assert.equal(num(1.5), 1.5);
    assert.equal(num('12'), 12);
    assert.equal(num('1.5'), undefined);
    assert.equal(exactNum(1.5), 1.5);
    assert.equal(exactNum('12'), undefined);
    assert.equal(exactInt(3), 3);
    assert.equal(exactInt(1.5), undefined);
    assert.equal(exactInt('3'), undefined);
  });

  test('bool and time', () => {
    assert.equal(bool('true'), true);
    assert.equal(bool(false), false);
    assert.equal(bool('yes'), undefined);
    assert.equal(time(0), '1970-01-01T00:00:00.000Z');
    assert.equal(time('2026-01-02T03:04:05Z'), '2026-01-02T03:04:05Z');
    assert.equal(time('soon'), undefined);
  });

  test('usableRecords: a text field holding a number is read as its text, anything else left out; each said by id', () => {
    const sent = { id: 5, name: 7, msisdn: 4916012, label: ['x'], description: null, other: 3 };
    const { records, unusable, mended } = usableRecords([sent, { id: 6, name: 'Pixel' }]);
    assert.deepEqual(unusable, []);
    assert.deepEqual(records, [{ id: 5, name: '7', msisdn: '4916012', description: null, other: 3 }, { id: 6, name: 'Pixel' }]);
    assert.deepEqual(mended, ['id 5: name is the number 7, read as the text "7"', 'id 5: msisdn is the number 4916012, read as the text "4916012"', 'id 5: label is a list, not text, and is left out']);
    assert.deepEqual(sent.label, ['x'], 'the answer itself is not changed');
  });
});
