import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { TasClient } from '../../server/src/core/api/client';
import { Follower } from '../../server/src/core/executions/follower';
import type {
  FileSyncState,
  ImportItemResult,
  LocalCaseRef,
  RunTestCaseResult,
  SyncDecision,
} from '../../server/src/core/model/sync';
import {
  fileLabel,
  RunActions,
  runCheck,
  RunFailure,
  type RunParams,
  type RunSync,
} from '../../server/src/core/runs/run';
import { EDITOR_WORDS } from '../../server/src/host/words';

// The run-from-a-file decisions: which state asks which question, which choice imports (and how),
// and that nothing runs when the import does not give a test case.

interface Calls {
  runs: number[];
  imports: { ref: LocalCaseRef; decision: SyncDecision | undefined }[];
}

function setup(
  state: FileSyncState,
  imported: Partial<ImportItemResult> = { outcome: 'updated', id: 7 },
  linkedId: number | undefined = 7,
) {
  const calls: Calls = { runs: [], imports: [] };
  const client = {
    testCases: {
      run: (id: number) => {
        calls.runs.push(id);
        return Promise.resolve({ executionId: 500 + id, testCaseId: id, source: 'DIRECT_RUN' });
      },
    },
    executions: { get: () => Promise.reject(new Error('not read in this test')) },
  } as unknown as TasClient;
  const sync: RunSync = {
    status: (ref) =>
      Promise.resolve({ ...ref, state, name: 'Voice call', ...(linkedId !== undefined && { id: linkedId }) }),
    importOne: (ref, decision) => {
      calls.imports.push({ ref, decision });
      return Promise.resolve({ ...ref, outcome: 'updated', ...imported });
    },
  };
  const follower = new Follower(undefined);
  const actions = new RunActions(client, sync, () => [], EDITOR_WORDS, follower);
  return {
    calls,
    follower,
    run: (p: Omit<RunParams, 'uri'>) => actions.run({ uri: 'file:///w/voice.testcase.json', ...p }),
  };
}

async function failure(p: Promise<RunTestCaseResult>): Promise<RunFailure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof RunFailure) return err;
    throw err;
  }
  return assert.fail('expected a failure');
}

describe('run from a file', () => {
  test('unchanged: runs the linked test case and follows its execution', async () => {
    const s = setup('unchanged');
    const r = await s.run({});
    assert.equal(r.kind, 'started');
    assert.deepEqual(s.calls.runs, [7]);
    assert.deepEqual(s.calls.imports, []);
    assert.equal(s.follower.get(507)?.testCaseId, 7);
    assert.equal(s.follower.get(507)?.testCaseName, 'Voice call');
  });

  const questions: [FileSyncState, boolean, string, RegExp][] = [
    ['unchanged', true, 'unsavedChanges', /unsaved changes/],
    ['localChanged', false, 'localChanges', /differs from the service/],
    ['serviceChanged', false, 'localChanges', /changed on the service/],
    ['conflict', false, 'conflict', /both changed/],
    ['conflict', true, 'unsavedChanges', /unsaved changes/],
    ['notLinked', false, 'notOnService', /not on the service yet/],
    ['notLinked', true, 'notOnService', /not on the service yet/],
    ['missingOnService', false, 'notOnService', /no longer on the service/],
  ];
  for (const [state, dirty, reason, words] of questions) {
    test(`${state}${dirty ? ', unsaved' : ''}: asks (${reason}) and runs nothing`, async () => {
      const s = setup(state, undefined, state === 'notLinked' ? undefined : 7);
      const r = await s.run({ dirty });
      assert.equal(r.kind, 'needsChoice');
      assert.equal(r.kind === 'needsChoice' && r.reason, reason);
      assert.match(r.kind === 'needsChoice' ? r.message : '', words);
      assert.deepEqual(s.calls.runs, []);
      assert.deepEqual(s.calls.imports, []);
    });
  }

  test('importAndRun: imports overwriting the service, then runs the id the import names', async () => {
    const s = setup('conflict', { outcome: 'updated', id: 9 });
    const r = await s.run({ choice: 'importAndRun', dirty: true });
    assert.equal(r.kind === 'started' && r.testCaseId, 9);
    assert.deepEqual(
      s.calls.imports.map((i) => i.decision),
      ['overwriteService'],
    );
    assert.deepEqual(s.calls.runs, [9]);
  });

  test('importNew: imports without a decision, then runs the created test case', async () => {
    const s = setup('notLinked', { outcome: 'created', id: 42 }, undefined);
    await s.run({ choice: 'importNew', index: 2 });
    assert.deepEqual(s.calls.imports, [
      { ref: { uri: 'file:///w/voice.testcase.json', index: 2 }, decision: undefined },
    ]);
    assert.deepEqual(s.calls.runs, [42]);
  });

  test('runServiceVersion: runs the linked test case as it is, importing nothing', async () => {
    const s = setup('localChanged');
    await s.run({ choice: 'runServiceVersion', dirty: true });
    assert.deepEqual(s.calls.imports, []);
    assert.deepEqual(s.calls.runs, [7]);
  });

  const refusals: [Partial<ImportItemResult>, RegExp][] = [
    [
      { outcome: 'refused', message: 'The test step 2 names no function.' },
      /could not be imported\. The test step 2 names no function\./,
    ],
    [{ outcome: 'nameTaken', takenById: 12 }, /another test case on the service \(id 12\) already has the name/],
    [{ outcome: 'conflict' }, /differ/],
    [{ outcome: 'skipped', message: 'cancelled' }, /could not be imported/],
    [{ outcome: 'created' }, /did not say which test case/],
  ];
  for (const [result, words] of refusals) {
    test(`an import that ends ${result.outcome}: that failure in words, nothing run`, async () => {
      const s = setup('notLinked', { id: undefined, ...result }, undefined);
      const f = await failure(s.run({ choice: 'importNew' }));
      assert.match(f.message, words);
      assert.doesNotMatch(f.message, /HTTP|\/api\/v2|tas\//);
      assert.deepEqual(s.calls.runs, []);
    });
  }

  test('a case of a bundle is named by its position', () => {
    assert.equal(
      fileLabel({ uri: 'file:///w/a%20b/smoke.testcases.json', index: 0 }),
      'test case 1 of smoke.testcases.json',
    );
    assert.equal(fileLabel({ uri: 'file:///w/my%20case.testcase.json' }), 'my case.testcase.json');
  });
});

describe('the run check (the editor and tas run)', () => {
  const status = (state: FileSyncState, id?: number) => ({
    uri: 'file:///w/voice.testcase.json',
    state,
    ...(id !== undefined && { id }),
  });

  test('only a saved, unchanged, linked case runs', () => {
    assert.deepEqual(runCheck(status('unchanged', 7), false), { kind: 'run', id: 7 });
    assert.deepEqual(runCheck({ ...status('unchanged', 7), name: 'Voice call' }, false), {
      kind: 'run',
      id: 7,
      name: 'Voice call',
    });
    assert.equal(runCheck(status('unchanged', 7), true).kind, 'needsChoice');
    assert.equal(runCheck(status('unchanged'), false).kind, 'needsChoice');
    for (const state of ['notLinked', 'missingOnService', 'localChanged', 'serviceChanged', 'conflict'] as const) {
      assert.equal(runCheck(status(state, 7), false).kind, 'needsChoice', state);
    }
  });

  test('an unreadable file: nothing can be said, in words naming the file', () => {
    assert.deepEqual(runCheck({ ...status('unknown'), message: 'the file is not JSON' }, false), {
      kind: 'unknown',
      message: 'Could not tell whether voice.testcase.json is as on the service: the file is not JSON.',
    });
  });
});
