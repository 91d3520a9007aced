import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  diffTitle,
  exportedFile,
  exportReportText,
  exportSummary,
  importReportText,
  importSummary,
  mergeExportReports,
  progressText,
} from '../../client/src/sync/format';
import { exportQuestion, importQuestion, leftAsTheyAre } from '../../client/src/sync/questionFormat';
import { caseKey, mergeImportResults } from '../../server/src/core';
import { lensPlan } from '../../client/src/sync/lensPlan';
import type { ExportItemResult, ImportItemResult } from '../../server/src/core/model/sync';

// How import and export read in the editor: summaries, reports, questions and their choices,
// how a second pass is merged, and which CodeLens a file shows.

const A = 'file:///ws/a.testcase.json';
const B = 'file:///ws/b.testcase.json';
const BUNDLE = 'file:///ws/all.testcases.json';
const pathOf = (uri: string) => uri.replace('file:///ws/', '');

const imported = (
  outcome: ImportItemResult['outcome'],
  uri: string,
  extra: Partial<ImportItemResult> = {},
): ImportItemResult => ({ uri, outcome, ...extra });

describe('import wording', () => {
  test('a rename of a service test case is said with both names: summary, report, question', () => {
    const renamed = imported('updated', A, { name: 'New name', id: 5, renamedFrom: 'Old name' });
    assert.equal(
      importSummary([renamed]),
      'Imported 1 test case: 1 updated. Renamed on the service: "Old name" → "New name".',
    );
    assert.match(
      importReportText([renamed], pathOf, 'S', ['A link was ignored.']),
      /## Warnings\n\n- A link was ignored\.[\s\S]*updated \(id 5\), renamed from "Old name"/,
    );
    const q = importQuestion(
      imported('conflict', A, { name: 'New name', renamedFrom: 'Old name' }),
      'a.testcase.json',
      'staging',
    )!;
    assert.match(
      q.detail,
      /On the service it is named "Old name": "Overwrite the service" renames "Old name" to "New name" on the service\./,
    );
  });

  test('references of another environment: the report names each mapping', () => {
    const moved = imported('created', A, {
      name: 'Moved',
      id: 9,
      mappings: ['device 4 -> 40 (MSISDN 4911)', 'API client 2 -> 20 ("SMS")'],
    });
    assert.match(
      importReportText([moved], pathOf, 'S'),
      /created \(id 9\), references mapped: device 4 -> 40 \(MSISDN 4911\), API client 2 -> 20 \("SMS"\)/,
    );
    assert.doesNotMatch(importReportText([imported('created', B, { id: 3 })], pathOf, 'S'), /references mapped/);
  });

  test('one summary with the counts per outcome', () => {
    const results = [
      imported('created', A),
      imported('created', B),
      imported('updated', BUNDLE, { index: 0 }),
      imported('unchanged', BUNDLE, { index: 1 }),
      imported('unchanged', BUNDLE, { index: 2 }),
    ];
    assert.equal(importSummary(results), 'Imported 5 test cases: 2 created, 1 updated, 2 unchanged.');
    assert.equal(importSummary(results.slice(0, 1), 'staging'), 'Imported 1 test case into staging: 1 created.');
  });

  test('says how many of all were imported when some were not', () => {
    const results = [
      imported('updated', A),
      imported('refused', B, { message: 'b.testcase.json has no name.' }),
      imported('conflict', BUNDLE, { index: 0 }),
    ];
    assert.equal(
      importSummary(results),
      'Imported 1 of 3 test cases: 1 updated, 1 not imported (changed on both sides), 1 refused.',
    );
    const report = importReportText(results, pathOf, 'S');
    assert.match(
      report,
      /## Not imported\n\n- b\.testcase\.json: refused\. b\.testcase\.json has no name\.\n- all\.testcases\.json item 0: not imported, changed on both sides/,
    );
    assert.match(report, /## Imported\n\n- a\.testcase\.json: updated/);
  });

  test('nothing found', () => {
    assert.match(importSummary([]), /^Nothing to import/);
  });

  test('a conflict asks with exactly these choices, the focused first losing nothing, Cancel being the dismissal', () => {
    const q = importQuestion(
      imported('conflict', A, { name: 'Voice call MO', serviceText: '{}' }),
      'a.testcase.json',
      'staging',
    )!;
    assert.deepEqual(
      q.choices.map((c) => c.title),
      ['Leave both as they are', 'Overwrite the service', "Take the service's version"],
    );
    assert.deepEqual(
      q.choices.map((c) => [c.value, c.loses]),
      [
        ['skip', false],
        ['overwriteService', true],
        ['takeService', true],
      ],
    );
    assert.equal(q.diff, true);
    assert.match(q.message, /"Voice call MO" changed in a\.testcase\.json and on the service \(staging\)/);
    assert.match(q.detail, /Cancel leaves both as they are/);
  });

  test('a change on the service offers its version first; a taken name offers the link', () => {
    const s = importQuestion(imported('serviceChanged', A, { name: 'X' }), 'a.testcase.json', 'staging', 2, 3)!;
    assert.deepEqual(
      s.choices.map((c) => c.title),
      ["Take the service's version", 'Overwrite the service'],
    );
    assert.match(s.message, /\(2 of 3\)$/);
    const n = importQuestion(imported('nameTaken', A, { name: 'X', takenById: 12 }), 'a.testcase.json', 'staging')!;
    assert.deepEqual(
      n.choices.map((c) => [c.title, c.value]),
      [['Link to the existing test case', 'linkToExisting']],
    );
    assert.equal(n.diff, false);
    assert.match(n.message, /^Test case 12 on the service \(staging\) is already named "X"/);
    assert.equal(importQuestion(imported('created', A), 'a', 'e'), undefined);
  });

  test('items left as they are are skipped without a request, their service text dropped', () => {
    const results = [imported('conflict', A, { serviceText: '{}' }), imported('conflict', B)];
    const left = leftAsTheyAre(results, { [A]: 'skip', [B]: 'overwriteService' });
    assert.deepEqual(
      left.map((r) => r.outcome),
      ['skipped', 'conflict'],
    );
    assert.equal(left[0]!.serviceText, undefined);
    assert.match(importSummary(left), /1 not imported \(changed on both sides\), 1 skipped/);
  });

  test('a second pass replaces only the decided items', () => {
    const first = [
      imported('created', BUNDLE, { index: 0 }),
      imported('conflict', BUNDLE, { index: 1 }),
      imported('conflict', A),
    ];
    // The second pass sees the item created before as unchanged: the first answer stays.
    const second = [imported('unchanged', BUNDLE, { index: 0 }), imported('updated', BUNDLE, { index: 1 })];
    const merged = mergeImportResults(first, second, { [caseKey(BUNDLE, 1)]: 'overwriteService' });
    assert.deepEqual(
      merged.map((r) => r.outcome),
      ['created', 'updated', 'conflict'],
    );
    assert.equal(caseKey(A), A);
    assert.equal(caseKey(BUNDLE, 2), `${BUNDLE}#2`);
  });
});

const exported = (
  outcome: ExportItemResult['outcome'],
  uri: string,
  id: number,
  extra: Partial<ExportItemResult> = {},
): ExportItemResult => ({ id, uri, outcome, ...extra });

describe('export wording', () => {
  test('summary, and the secrets said once', () => {
    const report = { results: [exported('written', A, 1), exported('unchanged', B, 2)], secretsReplaced: 0 };
    assert.equal(exportSummary(report, 'cases'), 'Exported 2 test cases to cases: 1 written, 1 unchanged.');
    assert.equal(
      exportSummary({ ...report, secretsReplaced: 3 }),
      'Exported 2 test cases: 1 written, 1 unchanged. 3 secret values were written as placeholders; the real values stay on the service.',
    );
    assert.match(exportSummary({ ...report, secretsReplaced: 1 }), /1 secret value was written as placeholders/);
  });

  test('a file held back for references its home does not know is not called one with local changes', () => {
    const results = [
      exported('needsDecision', A, 1, { reason: 'unknownAtHome' }),
      exported('needsDecision', B, 2, { reason: 'localChanges' }),
    ];
    assert.equal(
      exportSummary({ results, secretsReplaced: 0 }),
      "Exported 0 of 2 test cases: 1 not written (local changes), 1 not written (references unknown in the file's home).",
    );
  });

  test('a file with local work asks "Keep mine" (focused) or "Overwrite the file" after a diff', () => {
    const q = exportQuestion(
      exported('needsDecision', A, 1, { reason: 'unsavedChanges' }),
      'a.testcase.json',
      'staging',
    );
    assert.deepEqual(
      q.choices.map((c) => [c.title, c.value, c.loses]),
      [
        ['Keep mine', 'skip', false],
        ['Overwrite the file', 'overwriteFile', true],
      ],
    );
    assert.match(q.message, /^a\.testcase\.json has unsaved changes\./);
    assert.equal(q.diff, true);
    assert.match(
      exportQuestion(exported('needsDecision', A, 1, { reason: 'localChanges' }), 'a', 'staging').message,
      /changed since it was last synced with the service \(staging\)/,
    );
    assert.match(
      exportQuestion(exported('needsDecision', A, 1, { reason: 'notSynced' }), 'a', 'staging').message,
      /never synced/,
    );
    const link = exported('needsDecision', A, 1, {
      reason: 'foreignFile',
      message: 'a is a symbolic link; overwriting it replaces the link with a file.',
    });
    assert.match(
      exportQuestion(link, 'a', 'staging').message,
      /^a is a symbolic link; .* Overwrite it with the service's version\?$/,
    );
  });

  test('the one file an export wrote is the one it opens; several files or none open nothing', () => {
    assert.equal(exportedFile([exported('written', A, 1)]), A);
    assert.equal(exportedFile([exported('unchanged', A, 1)]), A);
    // A bundle: several test cases, one file.
    assert.equal(
      exportedFile([exported('written', BUNDLE, 1, { index: 0 }), exported('written', BUNDLE, 2, { index: 1 })]),
      BUNDLE,
    );
    assert.equal(exportedFile([exported('written', A, 1), exported('written', B, 2)]), undefined);
    assert.equal(exportedFile([exported('skipped', A, 1)]), undefined);
  });

  test('kept files are skipped, overwritten ones take the second answer, undecided ones stay', () => {
    const C = 'file:///ws/c.testcase.json';
    const first = {
      results: [
        exported('written', A, 1),
        exported('needsDecision', B, 2, { serviceText: '{}' }),
        exported('needsDecision', C, 3, { serviceText: '{}' }),
        exported('needsDecision', BUNDLE, 4),
      ],
      secretsReplaced: 1,
    };
    const second = { results: [exported('written', B, 2)], secretsReplaced: 2 };
    const merged = mergeExportReports(first, second, { [B]: 'overwriteFile', [C]: 'skip' });
    assert.deepEqual(
      merged.results.map((r) => r.outcome),
      ['written', 'written', 'skipped', 'needsDecision'],
    );
    assert.equal(merged.secretsReplaced, 3);
    assert.equal(merged.results[3]!.serviceText, undefined);
    assert.match(
      exportSummary(merged),
      /^Exported 2 of 4 test cases: 2 written, 1 not written \(local changes\), 1 skipped\. 3 secret values/,
    );
    assert.match(
      exportReportText(merged.results, pathOf, 'S'),
      /## Not written\n\n- c\.testcase\.json \(test case 3 \(id 3\)\): kept as it was\. Kept as it was, as you chose\./,
    );
  });
});

describe('the account in the editor', () => {
  test('an export: what was not written is counted by why, the counts add up to what was asked, and the report names each with its reason', () => {
    const results = [
      exported('written', A, 4, { name: 'ok' }),
      exported('failed', 'file:///ws/cases', 1, {
        reason: 'unusableRecord',
        message:
          'The record the service\'s export answer holds for it has the id "abc", not a whole number, so it was not written.',
      }),
      exported('failed', 'file:///ws/cases', 2, {
        reason: 'unusableRecord',
        message: "The record the service's export answer holds for it has the name 7, not text, so it was not written.",
      }),
      exported('failed', 'file:///ws/cases', 3, {
        reason: 'notInAnswer',
        message: 'The service listed it, but its export answer did not hold it, so it was not written.',
      }),
    ];
    const summary = exportSummary({ results, secretsReplaced: 0 });
    assert.equal(
      summary,
      "Exported 1 of 4 test cases: 1 written, 1 not written (left out of the service's answer), 2 not written (unusable in the service's answer).",
    );
    const report = exportReportText(results, pathOf, summary);
    assert.match(
      report,
      /## Not written\n\n- cases \(test case 1 \(id 1\)\): not written\. The record .* has the id "abc", not a whole number, so it was not written\./,
    );
    assert.match(
      report,
      /\n- cases \(test case 2 \(id 2\)\): not written\. .*has the name 7, not text, so it was not written\./,
    );
    assert.match(
      report,
      /\n- cases \(test case 3 \(id 3\)\): not written\. The service listed it, but its export answer did not hold it, so it was not written\./,
    );
  });

  test('an import: refusals are counted by why; one without a reason stays "refused"', () => {
    const results: ImportItemResult[] = [
      { uri: A, outcome: 'created', id: 1 },
      { uri: B, outcome: 'refused', reason: 'refusedByService', message: 'The service rejected the request.' },
      { uri: BUNDLE, index: 1, outcome: 'refused', reason: 'fileProblem', message: 'item 1 is null, not a record' },
      { uri: BUNDLE, index: 2, outcome: 'refused', message: 'references without a counterpart' },
    ];
    assert.equal(
      importSummary(results),
      'Imported 1 of 4 test cases: 1 created, 1 not imported (refused by the service), 1 not imported (a problem with the file), 1 refused.',
    );
  });
});

describe('editor wording', () => {
  test('diff title and progress', () => {
    assert.equal(diffTitle('Voice call MO', 'staging'), 'Voice call MO: local ↔ service (staging)');
    assert.equal(progressText({ done: 1000, total: 10000, message: 'Importing' }), 'Importing: 1,000 of 10,000');
  });
});

describe('CodeLens', () => {
  test('a single file: Run and Import, and Refresh only when linked here', () => {
    assert.deepEqual(
      lensPlan(false, [], []).map((l) => l.command),
      ['tas.runTestCase', 'tas.importToService'],
    );
    const linked = lensPlan(false, [], [{ id: 7 }]);
    assert.deepEqual(
      linked.map((l) => l.command),
      ['tas.runTestCase', 'tas.importToService', 'tas.refreshFromService'],
    );
    assert.deepEqual(
      linked.map((l) => l.title.replace(/^\$\([\w-]+\) /, '')),
      ['Run', 'Import to Service', 'Refresh from Service'],
    );
  });

  test('a bundle: Import at the top, Run on each item with its index', () => {
    const plan = lensPlan(
      true,
      [
        { index: 0, offset: 2 },
        { index: 1, offset: 40 },
      ],
      [{ id: 7, index: 0 }],
    );
    assert.deepEqual(
      plan.map((l) => [l.command, l.offset, l.index]),
      [
        ['tas.importToService', 0, undefined],
        ['tas.runTestCase', 2, 0],
        ['tas.runTestCase', 40, 1],
      ],
    );
  });
});
