import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { visit } from 'jsonc-parser';
import { findDuplicateKeys } from '../../server/src/core/jsonText/duplicateKeys';
import {
  locate,
  locateEach,
  pathKey,
  rangesEach,
  type JsonPath,
  type RangeOf,
} from '../../server/src/core/jsonText/positions';
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
        assert.deepEqual(
          findDuplicateKeys(text, JSON.parse(text), walked.counts),
          findDuplicateKeys(text),
          `${kind}: ${text}`,
        );
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
          assert.deepEqual(
            l.valueAt,
            doc.positionAt(l.value.start),
            `${JSON.stringify(eol)} ${indent} ${JSON.stringify(path)}`,
          );
          if (l.key) assert.deepEqual(l.keyAt, doc.positionAt(l.key.start), JSON.stringify(path));
          assert.deepEqual(
            l.endAt,
            doc.positionAt(l.value.end),
            `end of ${JSON.stringify(eol)} ${indent} ${JSON.stringify(path)}`,
          );
        }
      }
    }
  });

  test('finds values and keys past escaped quotes and backslashes', () => {
    const text = '{"a\\"b":{"c":"x\\\\"},"d":["\\"",{"e":1}], "f" : [ 1 , { "g" : null } ] }';
    const found = locate(text, [
      ['a"b', 'c'],
      ['d', 1, 'e'],
      ['d', 0],
      ['f', 1, 'g'],
    ]);
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
  const value = { a: { b: [1, { c: 'x:y' }, 3], d: 'é' }, e: [[], {}], 'f"g': { h: null }, i: 0 };
  const paths: JsonPath[] = [['a', 'b', 1, 'c'], ['e', 1], ['a', 'd'], ['f"g', 'h'], ['a', 'b', 2], ['i'], []];
  // Missing paths stand on their closest existing ancestor.
  const missing: [JsonPath, JsonPath][] = [
    [
      ['a', 'b', 1, 'zz'],
      ['a', 'b', 1],
    ],
    [
      ['a', 'b', 7],
      ['a', 'b'],
    ],
    [
      ['e', 0, 'k', 'l'],
      ['e', 0],
    ],
    [['nope', 1], []],
  ];

  test('finds what locate finds, in the order asked, whatever the layout', () => {
    for (const indent of [0, 2, '\t']) {
      for (const eol of ['\n', '\r\n']) {
        const text = JSON.stringify(value, null, indent).replace(/\n/g, eol);
        const all = [...paths, ...missing.map(([p]) => p)];
        const expected = locate(text, all, true);
        const found = locateEach(text, all);
        paths.forEach((p, i) => assert.deepEqual(found[i], expected.get(pathKey(p)), JSON.stringify(p)));
        missing.forEach(([p, ancestor], i) => {
          assert.deepEqual(found[paths.length + i], expected.get(pathKey(ancestor)), JSON.stringify(p));
        });
      }
    }
  });

  test('a repeated key is found where JSON.parse takes it from: the last one', () => {
    const text = '{"a": {"b": 1}, "x": 2, "a": {"b": 22}}';
    const [at] = locateEach(text, [['a', 'b']]);
    assert.equal(text.slice(at!.value.start, at!.value.end), '22');
  });

  test('a key left open (a text that is not JSON) ends the pass: the closest place found stands in', () => {
    const [at] = locateEach('{"a": 1, "b', [['b']]);
    assert.equal(at?.value.start, 0);
    assert.equal(at.key, undefined);
  });

  test('keys with escapes are compared as their values', () => {
    const text = '{"x": 1, "a\\u0062": {"c\\"": [0, {"d": 5}]}, "y": 2}';
    const [d, y] = locateEach(text, [['ab', 'c"', 1, 'd'], ['y']]);
    assert.equal(text.slice(d!.value.start, d!.value.end), '5');
    assert.equal(text.slice(y!.key!.start, y!.key!.end), '"y"');
  });
});

describe('rangesEach', () => {
  const value = { a: { b: [1, { c: 'x:y' }, 3], d: '180,18x' }, e: [[], { k: 1 }], 'f"g': { h: null }, i: 0 };
  const items: RangeOf[] = [
    { path: ['a', 'b', 1, 'c'], on: 'value' },
    { path: ['a', 'b', 1, 'c'], on: 'key' },
    { path: ['a'], on: 'value' }, // a large object: its first line only, when it has more than one
    { path: ['a'], on: 'keyOrValue' },
    { path: ['e', 1], on: 'keyOrValue' }, // an item has no key: its value, whole
    { path: ['a', 'd'], on: 'value', inner: { start: 5, end: 8 } }, // '18x' inside the quotes
    { path: ['f"g', 'h'], on: 'key' },
    { path: ['a', 'b', 7], on: 'value' }, // missing: on its closest ancestor
    { path: [], on: 'keyOrValue' },
  ];

  test('gives the ranges the line offsets give for the same places, whatever the layout', () => {
    for (const indent of [0, 2, '\t']) {
      for (const eol of ['\n', '\r\n', '\r']) {
        const text = JSON.stringify(value, null, indent).replace(/\n/g, eol);
        const doc = createTextDocument('file:///x.json', text);
        const places = locateEach(
          text,
          items.map((i) => i.path),
        );
        const ranges = rangesEach(text, items);
        items.forEach((item, k) => {
          const l = places[k]!;
          const onKey = item.on !== 'value' && l.key !== undefined;
          let [start, end] = onKey ? [l.key!.start, l.key!.end] : [l.value.start, l.value.end];
          if (item.inner) [start, end] = [l.value.start + item.inner.start, l.value.start + item.inner.end];
          // (A text whose lines end in a lone \r has its objects underlined whole: no \n to stop at.)
          else if (item.on === 'value' && '{['.includes(text[start]!) && text.slice(start, end).includes('\n'))
            end = start + 1;
          const label = `${JSON.stringify(indent)} ${JSON.stringify(eol)} ${JSON.stringify(item)}`;
          assert.deepEqual(ranges[k], { start: doc.positionAt(start), end: doc.positionAt(end) }, label);
        });
      }
    }
  });

  test("counts the text's members as it places, repeated keys and colons in texts included", () => {
    const layouts = (t: string) => [
      t,
      JSON.stringify(JSON.parse(t), null, 2),
      t.replace(/":/g, '" :').replace(/,/g, ',\r\n'),
    ];
    for (const text of [
      ...texts,
      '{"a:b": "c:d", "e": [":", {"f": {"g": 1, "g": 2}}]}',
      '[{"x": 1}, [{"y": 2}], {"z": {"y": 3}}]',
    ]) {
      for (const t of layouts(text)) {
        let expected = 0;
        visit(t, { onObjectProperty: () => expected++ });
        const counted = { members: -1 };
        rangesEach(
          t,
          [
            { path: [], on: 'value' },
            { path: ['a', 0], on: 'value' },
            { path: [0, 'x'], on: 'key' },
          ],
          counted,
        );
        assert.equal(counted.members, expected, t);
      }
    }
  });

  test('the inner range is the code itself, and nothing asked gives nothing', () => {
    const text = JSON.stringify(value, null, 2);
    const [r] = rangesEach(text, [items[5]!]);
    const lines = text.split('\n');
    assert.equal(lines[r!.start.line]!.slice(r!.start.character, r!.end.character), '18x');
    assert.deepEqual(rangesEach(text, []), []);
  });
});
