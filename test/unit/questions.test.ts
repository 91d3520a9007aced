import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { exportQuestion, importQuestion } from '../../client/src/sync/questionFormat';
import * as questions from '../../client/src/questions';
import type { ModalQuestion } from '../../client/src/questions';
import type { ExportItemResult, ImportItemResult } from '../../server/src/core/model/sync';

// Every modal question of the extension focuses a choice that loses nothing. VS Code focuses a
// modal dialog's first button (the first item that is not the close affordance) and Enter
// takes it, so the first choice of each question must keep, skip or only look; what overwrites
// or discards comes later. The questions are plain data (client/src/questions.ts and the
// import/export questions); client/src/modal.ts is the only file that shows a modal dialog.

const root = resolve(__dirname, '../../..');
const A = 'file:///ws/a.testcase.json';
const imported = (outcome: ImportItemResult['outcome'], extra: Partial<ImportItemResult> = {}): ImportItemResult => ({
  uri: A,
  outcome,
  name: 'SMS round trip LTE #003',
  ...extra,
});
const exported = (reason: ExportItemResult['reason']): ExportItemResult => ({
  id: 3,
  uri: A,
  outcome: 'needsDecision',
  ...(reason && { reason }),
});

/** Each question builder of questions.ts, called with typical arguments: every variant it has. */
const BUILDERS: Record<string, () => ModalQuestion<unknown>[]> = {
  runQuestion: () =>
    (['unsavedChanges', 'localChanges', 'conflict'] as const)
      .flatMap((reason) => [
        questions.runQuestion('a.testcase.json', { kind: 'needsChoice', reason, message: 'differs', testCaseId: 3 }),
        questions.runQuestion('a.testcase.json', { kind: 'needsChoice', reason, message: 'differs' }),
      ])
      .concat(
        questions.runQuestion('a.testcase.json', {
          kind: 'needsChoice',
          reason: 'notOnService',
          message: 'not on the service',
        }),
      ),
  cancelSuiteQuestion: () => [questions.cancelSuiteQuestion('Nightly', 1), questions.cancelSuiteQuestion('Nightly', 4)],
  deleteSuiteQuestion: () => [questions.deleteSuiteQuestion('Nightly')],
  deleteExecutionsQuestion: () => [
    questions.deleteExecutionsQuestion('execution 12 (Call)', 1, 1),
    questions.deleteExecutionsQuestion('3 executions', 3, 0),
  ],
  deleteTestCasesQuestion: () => [
    questions.deleteTestCasesQuestion('test case Call', 1),
    questions.deleteTestCasesQuestion('2 test cases', 2),
  ],
  clearProjectsQuestion: () => [questions.clearProjectsQuestion('Remove test case Call from every project?')],
  deleteTraceFilterQuestion: () => [
    questions.deleteTraceFilterQuestion('SIP only', 'No test-case file in this workspace refers to it.'),
  ],
  deleteApiClientQuestion: () => [
    questions.deleteApiClientQuestion(
      'Billing REST',
      '1 test-case file in this workspace refers to it (a.testcase.json).',
    ),
  ],
  deleteProjectQuestion: () => [questions.deleteProjectQuestion('Voice')],
  recordConflictQuestion: () => [
    questions.recordConflictQuestion('device 12', true),
    questions.recordConflictQuestion('device 12', false),
  ],
  deleteDeviceQuestion: () => [
    questions.deleteDeviceQuestion('Galaxy S24', 'The service says test case "Call" uses it.'),
  ],
  restartAgentQuestion: () => [
    questions.restartAgentQuestion({
      message: 'Restart the agent of test node n1?',
      detail: 'Tests running on them may fail.',
    }),
  ],
  revokeTokenQuestion: () => [questions.revokeTokenQuestion('Token 4', 'Galaxy S24')],
  tokenCreatedQuestion: () => [questions.tokenCreatedQuestion('Token 4', 'Galaxy S24', 'secret-value')],
  changeRoleQuestion: () => [
    questions.changeRoleQuestion('ann@example.com', 'TESTER', 'ADMIN'),
    questions.changeRoleQuestion('ann@example.com', undefined, 'ADMIN'),
  ],
  deleteUserQuestion: () => [questions.deleteUserQuestion('ann@example.com', 'bob@example.com')],
  tempPasswordQuestion: () => [questions.tempPasswordQuestion('ann@example.com', 'secret-value')],
  agentConfigQuestion: () => [
    questions.agentConfigQuestion('Lab node', 'lab', '{ "logLevel": "DEBUG" }'),
    questions.agentConfigQuestion('Lab node', 'lab', ''),
  ],
  notOwnerQuestion: () => [questions.notOwnerQuestion('tester@example.com', 'TESTER', ['Filter A', 'Filter B'])],
  removeEnvironmentQuestion: () => [questions.removeEnvironmentQuestion('Lab')],
  useUrlQuestion: () => [
    questions.useUrlQuestion(
      'https://x was checked: it cannot be reached. Use it anyway?',
      'https://old',
      'Use This URL Anyway',
    ),
  ],
  mappingPreviewQuestion: () => [
    questions.mappingPreviewQuestion('Copy 2 test cases to staging?', '- test case 4: create: device 4 -> 5', 'Copy'),
  ],
  importQuestion: () =>
    (['conflict', 'serviceChanged', 'nameTaken'] as const).map((o) =>
      importQuestion(imported(o, { takenById: 9 }), 'a.testcase.json', 'staging', 1, 2)!,
    ),
  exportQuestion: () =>
    (['unsavedChanges', 'localChanges', 'notSynced'] as const).map((r) =>
      exportQuestion(exported(r), 'a.testcase.json', 'staging'),
    ),
};

/** The .ts files under a folder of the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('modal questions: the focused choice loses nothing', () => {
  for (const [name, build] of Object.entries(BUILDERS)) {
    test(`${name}: the first choice loses nothing; titles are distinct and none is the close affordance`, () => {
      for (const q of build()) {
        assert.ok(q.choices.length > 0, `${q.message} has a choice`);
        assert.equal(
          q.choices[0]!.loses,
          false,
          `the focused choice of "${q.message}" is "${q.choices[0]!.title}", which loses something`,
        );
        assert.ok(questions.focusedLosesNothing(q));
        const titles = q.choices.map((c) => c.title);
        assert.equal(new Set(titles).size, titles.length, `distinct titles: ${titles.join(', ')}`);
        assert.ok(
          !titles.includes(q.close ?? 'Cancel'),
          `no choice is titled like the close affordance: ${titles.join(', ')}`,
        );
      }
    });
  }

  test('every question builder of questions.ts is checked above', () => {
    const builders = Object.keys(questions).filter((k) => k.endsWith('Question'));
    assert.deepEqual(
      builders.filter((k) => !(k in BUILDERS)),
      [],
      'a new question needs its row in BUILDERS',
    );
  });

  test('Run on a file changed on both sides focuses "Run the service\'s version", not "Import and run"', () => {
    const q = questions.runQuestion('voice.testcase.json', {
      kind: 'needsChoice',
      reason: 'conflict',
      message: 'both changed',
      testCaseId: 1,
    });
    assert.deepEqual(
      q.choices.map((c) => [c.title, c.value, c.loses]),
      [
        ["Run the service's version", 'runServiceVersion', false],
        ['Import and run', 'importAndRun', true],
      ],
    );
    assert.match(q.detail ?? '', /replaces the changes made on the service/);
    // Nothing on the service to replace: importing creates it, and that is the only choice.
    const fresh = questions.runQuestion('new.testcase.json', {
      kind: 'needsChoice',
      reason: 'notOnService',
      message: 'not on the service',
    });
    assert.deepEqual(
      fresh.choices.map((c) => [c.title, c.value, c.loses]),
      [['Import and run', 'importNew', false]],
    );
  });

  test('a record document changed on both sides focuses "Save Both Changes" when no field was changed twice, else "Keep Editing"', () => {
    const [mergeable, clash] = [
      questions.recordConflictQuestion('device 12', true),
      questions.recordConflictQuestion('device 12', false),
    ];
    assert.deepEqual(
      mergeable.choices.map((c) => [c.title, c.value, c.loses]),
      [
        ['Save Both Changes', 'merge', false],
        ['Overwrite Their Changes', 'overwrite', true],
      ],
    );
    assert.deepEqual(
      clash.choices.map((c) => [c.title, c.value, c.loses]),
      [
        ['Keep Editing', 'keep', false],
        ['Overwrite Their Changes', 'overwrite', true],
      ],
    );
  });

  test('a confirmation puts keeping first and the action second; a question whose first choice loses is refused', () => {
    const q = questions.deleteSuiteQuestion('Nightly');
    assert.deepEqual(
      q.choices.map((c) => [c.title, c.value, c.loses]),
      [
        ['Keep the Suite', false, false],
        ['Delete', true, true],
      ],
    );
    assert.equal(
      questions.focusedLosesNothing({ message: 'm', choices: [{ title: 'Delete', value: true, loses: true }] }),
      false,
    );
    assert.equal(questions.focusedLosesNothing({ message: 'm', choices: [] }), false);
  });

  test('every delete, remove, revoke, cancel, clear or restart question focuses a "Keep ..." (or "Do Not ...") choice and offers one losing choice after it', () => {
    const destructive = Object.keys(BUILDERS).filter((k) => /delete|remove|revoke|cancel|clear|restart/i.test(k));
    assert.ok(destructive.length >= 8, destructive.join(', '));
    for (const name of destructive) {
      for (const q of BUILDERS[name]!()) {
        assert.match(
          q.choices[0]!.title,
          /^(Keep|Do Not|Let Them)/,
          `${name}: the focused choice is "${q.choices[0]!.title}"`,
        );
        assert.equal(q.choices.filter((c) => c.loses).length, 1, `${name}: one choice that loses`);
        assert.ok(q.choices.findIndex((c) => c.loses) > 0, `${name}: the losing choice is not focused`);
      }
    }
  });

  test('every confirmation the extension asks is built by questions.ts', () => {
    const builders = new Set(Object.keys(questions));
    for (const f of sources('client/src')) {
      const text = readFileSync(join(root, f), 'utf8');
      for (const m of text.matchAll(/\b(?:confirmed|askModal)\(\s*([A-Za-z]+)\(/g)) {
        assert.ok(
          builders.has(m[1]!) || /Question$/.test(m[1]!),
          `${f}: ${m[0]} asks a question not built in questions.ts`,
        );
      }
      // A question built inline (an object literal) would escape the checks above.
      assert.doesNotMatch(text, /\b(?:confirmed|askModal)\(\s*\{/, `${f} builds a question inline`);
    }
  });

  test('only client/src/modal.ts shows a modal dialog, and only through the questions', () => {
    const modal = sources('client/src').filter((f) => /\bmodal\s*:\s*true\b/.test(readFileSync(join(root, f), 'utf8')));
    assert.deepEqual(
      modal.map((f) => relative('.', f)),
      [join('client', 'src', 'modal.ts')],
    );
  });
});
