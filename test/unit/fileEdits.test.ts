import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { applyIdEdits, idEdits, itemEdits } from '../../server/src/core/sync/idEdit';

// Writes into a user's file change only what they say they change, in the file's own layout:
// every result below is compared byte for byte.

const cases: [string, string, string, number?][] = [
  // layout, file, expected with id 42 (bundle item index last)
  [
    'one line',
    '{"name": "x", "testStepList": [{"function": "WAIT", "params": {"seconds": 1}}]}\n',
    '{"id": 42, "name": "x", "testStepList": [{"function": "WAIT", "params": {"seconds": 1}}]}\n',
  ],
  ['minified, no final newline', '{"name":"x","testStepList":[]}', '{"id":42,"name":"x","testStepList":[]}'],
  ['one member', '{"name": "x"}\n', '{"id": 42, "name": "x"}\n'],
  [
    'CRLF',
    '{\r\n  "name": "x",\r\n  "tags": [ "a",  "b" ]\r\n}\r\n',
    '{\r\n  "id": 42,\r\n  "name": "x",\r\n  "tags": [ "a",  "b" ]\r\n}\r\n',
  ],
  [
    'tabs, no final newline',
    '{\n\t"name": "x",\n\t"tags": ["a"]\n}',
    '{\n\t"id": 42,\n\t"name": "x",\n\t"tags": ["a"]\n}',
  ],
  ['first member beside the brace', '{ "name": "x",\n  "tags": [] }\n', '{ "id": 42, "name": "x",\n  "tags": [] }\n'],
  ['an id there already', '{"id": 5, "name": "x",  "tags":[1,2]}', '{"id": 42, "name": "x",  "tags":[1,2]}'],
  ['an id of another type', '{\n    "name": "x",   "id": "5"\n}\n', '{\n    "name": "x",   "id": 42\n}\n'],
  // The separator is the item's own, spaces and all.
  [
    'bundle on one line',
    '[{"name":"a"}, {"name": "b",   "x": [1, 2]}]\n',
    '[{"name":"a"}, {"id": 42,   "name": "b",   "x": [1, 2]}]\n',
    1,
  ],
  [
    'bundle, mixed layout, one-line item',
    '[\n    {\n        "name": "a"\n    }, {"name":"b"}\n]\n',
    '[\n    {\n        "name": "a"\n    }, {"id":42,"name":"b"}\n]\n',
    1,
  ],
  [
    'bundle, mixed layout, indented item',
    '[\n    {\n        "name": "a"\n    }, {"name":"b"}\n]\n',
    '[\n    {\n        "id": 42,\n        "name": "a"\n    }, {"name":"b"}\n]\n',
    0,
  ],
  [
    'bundle, CRLF and tabs',
    '[\r\n\t{\r\n\t\t"name": "a"\r\n\t}\r\n]',
    '[\r\n\t{\r\n\t\t"id": 42,\r\n\t\t"name": "a"\r\n\t}\r\n]',
    0,
  ],
];

describe('the id written back', () => {
  for (const [layout, text, expected, index] of cases) {
    test(`${layout}: only the id changes`, () => {
      const edits = idEdits(text, 42, index);
      assert.equal(applyIdEdits(text, edits), expected);
      // One edit: an insertion, or the old id's value replaced.
      assert.equal(edits.length, 1);
      assert.ok(
        edits[0]!.length === 0 || /^"?\d+"?$/.test(text.slice(edits[0]!.offset, edits[0]!.offset + edits[0]!.length)),
      );
    });
  }

  test('the same id, no item at that index, no object: no edit', () => {
    assert.deepEqual(idEdits('{"id": 42, "name": "x"}', 42), []);
    assert.deepEqual(idEdits('[{"name": "x"}]', 42, 3), []);
    assert.deepEqual(idEdits('[1]', 42, 0), []);
  });
});

describe("a bundle item replaced by the service's version", () => {
  const served = { name: 'c', tags: ['x'] };

  test('an item on one line stays on one line; the other items and the brackets keep every byte', () => {
    const text = '[{"name":"a"}, {"name": "b"}]';
    assert.equal(applyIdEdits(text, itemEdits(text, 1, served)), '[{"name":"a"}, {"name":"c","tags":["x"]}]');
  });

  test("an indented item takes the file's indentation and line ends; nothing else moves", () => {
    const text = '[\r\n    {\r\n        "name": "a"\r\n    },\r\n    {\r\n        "name": "b"\r\n    }\r\n]';
    assert.equal(
      applyIdEdits(text, itemEdits(text, 0, served)),
      '[\r\n    {\r\n        "name": "c",\r\n        "tags": [\r\n            "x"\r\n        ]\r\n    },\r\n    {\r\n        "name": "b"\r\n    }\r\n]',
    );
  });
});
