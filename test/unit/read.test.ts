import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  bool,
  exactInt,
  exactNum,
  exactStr,
  int,
  isRecord,
  num,
  pick,
  readItem,
  str,
  text,
  time,
  usableRecords,
} from '../../server/src/core/base/read';

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

  test('number readers: what is no finite number is none, whatever the reader', () => {
    for (const v of [NaN, Infinity, -Infinity, [7], ['12'], true, {}]) {
      assert.equal(int(v), undefined, JSON.stringify(v));
      assert.equal(num(v), undefined, JSON.stringify(v));
      assert.equal(exactNum(v), undefined, JSON.stringify(v));
    }
  });

  test('time: what is no point in time is none, a number or a text that names none included', () => {
    for (const v of [NaN, Infinity, 'soon', '', ['2026-01-02'], true, null])
      assert.equal(time(v), undefined, JSON.stringify(v));
    assert.equal(time('2026-01-02T05:04:05+02:00'), '2026-01-02T05:04:05+02:00', 'as sent, not made UTC');
  });

  test('usableRecords: what cannot be used is said by its place in the whole list; a digit-string id is read as its number', () => {
    const { records, unusable, mended } = usableRecords(
      [null, 'x', [1], 5, { id: 'abc' }, { id: 1.5 }, { id: '12' }, { name: 3 }],
      10,
    );
    assert.deepEqual(unusable, [
      'item 11 is null, not a record',
      'item 12 is a string, not a record',
      'item 13 is a list, not a record',
      'item 14 is a number, not a record',
      'item 15 has the id "abc", not a whole number',
      'item 16 has the id 1.5, not a whole number',
    ]);
    assert.deepEqual(records, [{ id: 12 }, { name: '3' }]);
    assert.deepEqual(mended, ['item 18: name is the number 3, read as the text "3"']);
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
    assert.deepEqual(records, [
      { id: 5, name: '7', msisdn: '4916012', description: null, other: 3 },
      { id: 6, name: 'Pixel' },
    ]);
    assert.deepEqual(mended, [
      'id 5: name is the number 7, read as the text "7"',
      'id 5: msisdn is the number 4916012, read as the text "4916012"',
      'id 5: label is a list, not text, and is left out',
    ]);
    assert.deepEqual(sent.label, ['x'], 'the answer itself is not changed');
  });

  test('usableRecords: a long id is shown cut to 40 characters', () => {
    const long = 'x'.repeat(50);
    const fits = 'y'.repeat(38);
    assert.deepEqual(usableRecords([{ id: long }, { id: fits }]).unusable, [
      `item 1 has the id "${'x'.repeat(39)}..., not a whole number`,
      `item 2 has the id "${fits}", not a whole number`,
    ]);
  });

  test('readItem: a record kept whole (an export) needs an id and text where told; each lack said in words, with the id when it is one', () => {
    const whole = { id: true, text: ['name'] } as const;
    assert.deepEqual(readItem({ id: 4, name: 'ok' }, whole), { record: { id: 4, name: 'ok' }, id: 4 });
    assert.deepEqual(
      readItem({ id: '4', name: 'ok' }, whole),
      { record: { id: 4, name: 'ok' }, id: 4 },
      'a digit-string id is read as its number',
    );
    assert.deepEqual(readItem({ id: 'abc', name: 'ok' }, whole), {
      why: 'has the id "abc", not a whole number',
      id: undefined,
    });
    assert.deepEqual(readItem({ name: 'ok' }, whole), { why: 'has no id', id: undefined });
    assert.deepEqual(
      readItem({ id: 2, name: 7 }, whole),
      { why: 'has the name 7, not text', id: 2 },
      'a number is not mended into text here',
    );
    assert.deepEqual(readItem({ id: 2, name: null }, whole), { why: 'has the name null, not text', id: 2 });
    assert.deepEqual(readItem({ id: 2 }, whole), { why: 'has no name', id: 2 });
    assert.deepEqual(readItem(null, whole), { why: 'is null, not a record', id: undefined });
    assert.deepEqual(
      readItem({ name: 7 }),
      { record: { name: 7 }, id: undefined },
      'without needs, only the record and its id are checked',
    );
  });
});
