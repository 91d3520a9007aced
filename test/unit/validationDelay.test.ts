import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, type ServiceSession } from '../../server/src/core';
import { CHEAP_VALIDATION_MS, validationDelay } from '../../server/src/core/validation/delay';
import { ValidationScheduler } from '../../server/src/host/validation';

// The delay after a keystroke follows the document's last validation cost: none while cheap, about
// that cost once expensive, never more than the setting. Costs here are given, not measured.

describe('validationDelay', () => {
  test('a document never validated, or cheap to validate, waits for nothing', () => {
    assert.equal(validationDelay(undefined, 200), 0);
    assert.equal(validationDelay(0.05, 200), 0);
    assert.equal(validationDelay(CHEAP_VALIDATION_MS - 0.1, 200), 0);
  });

  test('an expensive one waits about as long as it cost', () => {
    assert.equal(validationDelay(CHEAP_VALIDATION_MS, 200), CHEAP_VALIDATION_MS);
    assert.equal(validationDelay(72.4, 200), 73);
  });

  test('the setting is the upper bound, and 0 turns the delay off', () => {
    assert.equal(validationDelay(900, 200), 200);
    assert.equal(validationDelay(900, 0), 0);
    assert.equal(validationDelay(50, 40), 40);
  });
});

describe('ValidationScheduler: the delay follows the cost it measured', () => {
  /** A scheduler over one open document, with a clock that moves `tick` ms at each reading. */
  async function validatedOnce(tick: number, debounceMs: number): Promise<{ delay: number; published: number }> {
    const doc = TextDocument.create('file:///w/a.testcase.json', 'json', 1, '{"name":"a","testStepList":[]}');
    let published = 0;
    let referencesAsked!: () => void;
    const reached = new Promise<void>((resolve) => (referencesAsked = resolve));
    const connection = {
      sendDiagnostics: () => Promise.resolve(void published++),
      console: { error: (m: string) => assert.fail(m) },
    };
    const documents = { get: () => doc, all: () => [doc] };
    // The reference stage is not this test's: it is reached after the cost is known, and stays there.
    const refs = { state: () => (referencesAsked(), new Promise(() => undefined)) };
    let t = 0;
    const session = {
      environment: { current: undefined },
      lists: refs,
      status: { update: () => undefined },
    } as unknown as ServiceSession;
    const language = createLanguageService({
      session,
      commands: { chooseCounterpart: 'x' },
      roots: () => [],
      openDocuments: () => [doc],
      watched: () => false,
      inlayHints: () => true,
    });
    const scheduler = new ValidationScheduler(
      connection as unknown as Connection,
      documents as unknown as TextDocuments<TextDocument>,
      language,
      () => ({ debounceMs, maxProblems: 300 }),
      () => (t += tick),
    );
    assert.equal(scheduler.delayFor(doc.uri), 0, 'never validated: no delay');
    scheduler.schedule(doc);
    await reached;
    scheduler.dispose();
    return { delay: scheduler.delayFor(doc.uri), published };
  }

  test('cheap: the next edit is validated at once', async () => {
    assert.deepEqual(await validatedOnce(0.001, 200), { delay: 0, published: 1 });
  });

  test('expensive: a debounce, bounded by the setting', async () => {
    assert.equal((await validatedOnce(100, 200)).delay, 200);
    assert.equal((await validatedOnce(100, 150)).delay, 150);
  });
});
