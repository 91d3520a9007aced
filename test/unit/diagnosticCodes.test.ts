import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DiagnosticCode } from '../../server/src/core/model/diagnostics';
import { manualText } from '../manual';

// The manual's table of diagnostic codes ("Every diagnostic has a code") names every code the code
// can emit, and no other: the code's own list is DiagnosticCode.

describe("the manual's diagnostics table", () => {
  test('has a row for every code of DiagnosticCode, and no code that is not there', () => {
    const manual = manualText();
    const start = manual.indexOf('Every diagnostic has a code:');
    assert.ok(start > 0, 'the table is introduced by "Every diagnostic has a code:"');
    const rows = manual.slice(start).split('\n').slice(2);
    const table = rows.slice(
      0,
      rows.findIndex((l) => !l.startsWith('|')),
    );
    assert.equal(table[0], '| Code | Severity | Meaning |');
    const listed = table
      .slice(2)
      .flatMap((row) => [...row.split(' | ')[0]!.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!));
    assert.equal(new Set(listed).size, listed.length, `each code once: ${listed.join(', ')}`);
    assert.deepEqual([...listed].sort(), [...Object.values(DiagnosticCode)].sort());
  });
});
