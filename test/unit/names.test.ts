import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { nameProblem, nameRule, type NamedKind } from '../../client/src/views/names';

// Every create and rename box for a name refuses an empty name and one another record of the
// kind has, in the box, the same way: the rule (names.ts), then every box that asks for a name.

const root = resolve(__dirname, '../../..');
const TAKEN = ['Voice', 'SIP only', 'Nightly'];

/** Each box of the extension that asks for a record's name: its kind, and the name it renames (if it does). */
const BOXES: { box: string; kind: NamedKind; current?: string }[] = [
  { box: 'New Project...', kind: 'project' },
  { box: 'Rename Project...', kind: 'project', current: 'Voice' },
  { box: 'New Trace Filter...', kind: 'traceFilter' },
  { box: 'Edit Trace Filter... (its name)', kind: 'traceFilter', current: 'SIP only' },
  { box: 'New Test Suite from Test Cases...', kind: 'testSuite' },
  { box: 'New API Client... (its name)', kind: 'apiClient' },
  { box: 'Edit API Client... (its name)', kind: 'apiClient', current: 'SIP only' },
];

describe('name boxes refuse empty and taken names', () => {
  for (const { box, kind, current } of BOXES) {
    test(box, () => {
      const validate = nameRule(kind, TAKEN, current);
      for (const empty of ['', '   ']) assert.match(validate(empty) ?? '', /needs a name/, `"${empty}" is refused`);
      const other = TAKEN.find((t) => t !== current)!;
      assert.match(
        validate(other) ?? '',
        new RegExp(`is named "${other}"\\. Choose another name\\.`),
        'a name another record has is refused',
      );
      assert.match(validate(`  ${other} `) ?? '', /Choose another name/, 'spaces around it change nothing');
      assert.equal(validate('Fresh name'), undefined, 'a new name is taken');
      if (current) assert.equal(validate(current), undefined, 'keeping its own name is no clash');
    });
  }

  test('the kind is named in the words', () => {
    assert.equal(nameProblem('testSuite', '', []), 'The test suite needs a name.');
    assert.equal(nameProblem('traceFilter', 'A', ['A']), 'Another trace filter is named "A". Choose another name.');
    // The service compares names exactly: another case is another name.
    assert.equal(nameProblem('project', 'voice', ['Voice']), undefined);
  });

  test('every box of the views that asks for a record name uses the rule', () => {
    const dir = join(root, 'client/src/views');
    const boxes = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const text = readFileSync(join(dir, f), 'utf8');
        return [...text.matchAll(/showInputBox\(\{([\s\S]*?)\n\s*\}\);/g)].map((m) => ({ file: f, body: m[1]! }));
      });
    const naming = boxes.filter(
      (b) =>
        /prompt: '(Name of|A name for)|title: `Rename|title: 'New /.test(b.body) &&
        !/Assign .* to a new project/.test(b.body),
    );
    assert.equal(
      naming.length,
      5,
      `five boxes ask for a record name (trace filter and API client names for New and Edit): ${naming.map((b) => b.file).join(', ')}`,
    );
    for (const b of naming)
      assert.match(
        b.body,
        /validateInput: nameRule\(\s*'(project|traceFilter|testSuite|apiClient)'/,
        `${b.file}: ${b.body.slice(0, 80)}`,
      );
  });
});
