import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { findDuplicateKeys } from '../../server/src/core/document/duplicateKeys';
import { ANY, locate, locateEach, pathKey, type Located } from '../../server/src/core/document/jsonLocator';
import { createTextDocument } from '../../server/src/core/text/textDocument';
import { walkLocal } from '../../server/src/core/validation/localChecks';

// The position finder and the duplicate-key scan skip strings with indexOf; escaped quotes and
// backslashes are where that could go wrong. With the parsed value, the duplicate-key scan first
// compares key counts; it must find exactly what the full scan finds.

const texts = [
  '{"a":1,"a":2}',
  '{"a\\"":1,"a\\"":2, "b":{"a":1,"c":[{"a":1},{"a":2,"a":3}]}}',
  '{"x\\\\":1,"x\\\\":2}',
  '{"a":"}","a":"\\\\"}',
  '{"q":"a\\\\\\"b","q":1}',
  '{"\\u0061":1,"a":2}',
  '{"__proto__":1,"__proto__":2}',
  '{ "a" : 1, "b" : [1, 2, {"a": 1}] , "a" : {} }',
  '[{"a":1},{"a":1}]',
  '{"a":{"b":1},"b":2,"a":3}',
  `{${Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(',')},"k3":1,"k39":2}`,
  '{"no":"repeats", "here":[1, "\\"", {"x":null}]}',
  '{}',
  '[]',
  '"text"',
  '42',
];

describe('findDuplicateKeys', () => {
  test('reports each repeat with its span, escapes included', () => {
    assert.deepEqual(findDuplicateKeys('{"a":1,"a":2}'), [{ key: 'a', span: { start: 7, end: 10 } }]);
    assert.deepEqual(
      findDuplicateKeys('{"a\\"":1,"a\\"":2}').map((d) => d.key),
      ['a"'],
    );
    assert.deepEqual(
      findDuplicateKeys('{"\\u0061":1,"a":2}').map((d) => d.key),
      ['a'],
    );
    assert.deepEqual(findDuplicateKeys('[{"a":1},{"a":1}]'), []);
    assert.equal(findDuplicateKeys(texts[10]!).length, 2, 'an object with many keys');
  });

  test('given the parsed value, finds exactly what the full scan finds', () => {
    for (const text of texts) {
      assert.deepEqual(findDuplicateKeys(text, JSON.parse(text)), findDuplicateKeys(text), text);
    }
  });
});

describe('duplicate keys proved absent by counting', () => {
  // Colons inside strings, keys with colons, escapes (which send the proof to the key count).
  const more = [
    '{"url":"https://x","url":"y"}',
    '{"a:b":"c:d","e":["f:g",{"h":"i:j"}]}',
    '{"a:b":1,"a:b":2}',
    '{"t":"10:00","u":"10:00","t":"x"}',
    '{"a":{"x":"1:2"},"a":{"x":"1:2"}}',
    '{"\\u003a":1,"a":{"b":":"},"a":2}',
    '[{"name":"a","params":{"password":"p:q"}},{"name":"b","name":"c"}]',
    '["a:b",["c:d"],{"e":"f"}]',
  ];
  test("given the local walk's counts, finds exactly what the full scan finds", () => {
    for (const text of [...texts, ...more]) {
      for (const kind of ['testCase', 'bundle'] as const) {
        const walked = walkLocal(kind, JSON.parse(text));
        assert.ok(walked, text);
        assert.deepEqual(findDuplicateKeys(text, JSON.parse(text), walked.counts), findDuplicateKeys(text), `${kind}: ${text}`);
      }
    }
  });
});

describe('locate', () => {
  test('gives the same lines and characters as the line offsets, whatever the line breaks', () => {
    const value = { a: { b: [1, { c: 'x:y' }], d: 'é\u2028' }, e: [[], {}], f: true };
    for (const eol of ['\n', '\r\n', '\r']) {
      for (const indent of [0, 1, '\t', 4]) {
        const text = JSON.stringify(value, null, indent).replace(/\n/g, eol);
        const doc = createTextDocument('file:///x.json', text);
        const paths = [['a', 'b', 1, 'c'], ['a', 'd'], ['e', 1], ['f'], ['a', 'b', 0]];
        const found = locate(text, paths, true);
        for (const path of [...paths, ['a'], ['a', 'b'], ['e'], []]) {
          const l = found.get(pathKey(path));
          assert.ok(l, JSON.stringify(path));
          assert.deepEqual(l.valueAt, doc.positionAt(l.value.start), `${JSON.stringify(eol)} ${indent} ${JSON.stringify(path)}`);
          if (l.key) assert.deepEqual(l.keyAt, doc.positionAt(l.key.start), JSON.stringify(path));
          assert.deepEqual(l.endAt, doc.positionAt(l.value.end), `end of ${JSON.stringify(eol)} ${indent} ${JSON.stringify(path)}`);
        }
      }
    }
  });


  test('finds values and keys past escaped quotes and backslashes', () => {
    const text = '{"a\\"b":{"c":"x\\\\"},"d":["\\"",{"e":1}], "f" : [ 1 , { "g" : null } ] }';
    const found = locate(text, [['a"b', 'c'], ['d', 1, 'e'], ['d', 0], ['f', 1, 'g']]);
    const at = (path: (string | number)[]) => {
      const l = found.get(pathKey(path));
      assert.ok(l, JSON.stringify(path));
      return { value: text.slice(l.value.start, l.value.end), key: l.key && text.slice(l.key.start, l.key.end) };
    };
    assert.deepEqual(at(['a"b', 'c']), { value: '"x\\\\"', key: '"c"' });
    assert.deepEqual(at(['d', 1, 'e']), { value: '1', key: '"e"' });
    assert.deepEqual(at(['d', 0]), { value: '"\\""', key: undefined });
    assert.deepEqual(at(['f', 1, 'g']), { value: 'null', key: '"g"' });
  });

  test('nothing asked, nothing found', () => {
    assert.equal(locate('{"a":1}', []).size, 0);
  });
});

describe('locateEach', () => {
  test('ANY matches every member and item; each value found is told with its path, the same place locate gives', () => {
    const text = JSON.stringify([{ name: 'a', steps: [{ fn: 'X', d: 1 }, { d: 2 }] }, 7, { name: 'b', steps: { odd: { fn: 'Y' } } }], null, 2);
    const told: [string, Located][] = [];
    locateEach(text, [[ANY, 'name'], [ANY, 'steps', ANY, 'fn']], (path, at) => told.push([JSON.stringify(path), at]));
    assert.deepEqual(
      told.map(([p]) => p),
      ['[0,"name"]', '[0,"steps",0,"fn"]', '[2,"name"]', '[2,"steps","odd","fn"]'],
    );
    const exact = locate(text, told.map(([p]) => JSON.parse(p) as (string | number)[]));
    for (const [p, at] of told) assert.deepEqual(at, exact.get(pathKey(JSON.parse(p) as (string | number)[])), p);
    assert.deepEqual(told.map(([, at]) => text.slice(at.value.start, at.value.end)), ['"a"', '"X"', '"b"', '"Y"']);
  });
});
