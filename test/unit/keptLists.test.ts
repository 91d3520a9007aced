import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { ApiError } from '../../server/src/core/api/errors';
import type { EnvironmentState } from '../../server/src/core/environment/environment';
import { keptReferenceNotes } from '../../server/src/core/liveChecks/keptChecks';
import {
  asOfWords,
  KEPT_LISTS_MAX_BYTES,
  keptKey,
  KeptLists,
  type ListStorage,
} from '../../server/src/core/liveChecks/keptLists';
import { ReferenceCache } from '../../server/src/core/liveChecks/referenceCache';
import { EDITOR_WORDS } from '../../server/src/host/words';

// The lists kept for while the service cannot be reached (issue 38): read leniently, capped,
// never "not found", and everything read again once the service answers. The language-server
// layer proves the features over LSP (test/server/offline.test.ts).

const BASE = 'https://tas.invalid';

function memoryStorage(initial: Record<string, string> = {}): ListStorage & { texts: Map<string, string> } {
  const texts = new Map(Object.entries(initial));
  return {
    texts,
    read: (key) => Promise.resolve(texts.get(key)),
    write: (key, text) => {
      texts.set(key, text);
      return Promise.resolve();
    },
  };
}

const unreachable = () => new ApiError({ kind: 'network', method: 'GET', path: '/api/v2/mobiledevices' });

describe('kept lists', () => {
  test('a kept file that is not JSON, or of another environment, is ignored with a log line', async () => {
    for (const text of ['{ not json', JSON.stringify({ version: 1, environment: 'https://other.invalid' })]) {
      const logs: string[] = [];
      const kept = new KeptLists(memoryStorage({ [keptKey(BASE)]: text }), (l) => logs.push(l));
      assert.deepEqual(await kept.of(BASE), {});
      assert.deepEqual(logs, [`The kept lists of ${BASE} are not in the expected form: ignored.`]);
    }
  });

  test('lists larger than the cap are not written (a log line says so); an API client keeps only its id and name', async () => {
    const storage = memoryStorage();
    const logs: string[] = [];
    const kept = new KeptLists(storage, (l) => logs.push(l));
    const clients = new Map([[3, { id: 3, name: 'Billing', serverURL: 'https://billing.invalid', authType: 'BASIC' }]]);
    await kept.remember(BASE, { list: 'apiClients', items: clients }, 1000);
    await kept.flush();
    const text = storage.texts.get(keptKey(BASE))!;
    assert.deepEqual(JSON.parse(text).apiClients, { at: 1000, items: [{ id: 3, name: 'Billing' }] });

    const huge = new Map([[1, { id: 1, name: 'x'.repeat(KEPT_LISTS_MAX_BYTES) }]]);
    await kept.remember(BASE, { list: 'devices', items: huge }, 2000);
    await kept.flush();
    assert.equal(storage.texts.get(keptKey(BASE)), text, 'the file is left as it was');
    assert.deepEqual(logs, [
      `The lists of ${BASE} are larger than ${KEPT_LISTS_MAX_BYTES} bytes: not kept for offline use.`,
    ]);
  });

  test('the time says the day when it was not today', () => {
    const at = new Date(2026, 11, 5, 14, 2).getTime();
    assert.equal(asOfWords(at, new Date(2026, 11, 5, 18, 0).getTime()), 'as of 14:02 (service unreachable)');
    assert.equal(asOfWords(at, new Date(2026, 11, 7, 9, 0).getTime()), 'as of 2026-12-05 14:02 (service unreachable)');
  });

  test('a reference the kept lists lack is not verified, never "not found"; one they have is not told', () => {
    const at = new Date(2026, 11, 5, 14, 2).getTime();
    const value = {
      name: 'x',
      testStepList: [{ function: 'WAIT', mobileDeviceId: 1 }, { mobileDeviceId: 7 }],
      traceFilters: [{ mobileDeviceId: 1, traceFilterId: 9 }],
    };
    const notes = keptReferenceNotes('testCase', value, {
      devices: { at, items: new Map([[1, { id: 1, name: 'A' }]]) },
      traceFilters: { at, items: new Map() },
    });
    assert.deepEqual(
      notes.map((n) => [n.path, n.code, n.message.replace(asOfWords(at), 'AS OF')]),
      [
        [
          ['testStepList', 1, 'mobileDeviceId'],
          'references-not-verified',
          'Mobile device 7 is not in the list AS OF: not verified.',
        ],
        [
          ['traceFilters', 0, 'traceFilterId'],
          'references-not-verified',
          'Trace filter 9 is not in the list AS OF: not verified.',
        ],
      ],
    );
  });

  test('offline the lists last read stand in; the first answer after it drops every list and says so once', async () => {
    let now = 0;
    let up = true;
    let reads = 0;
    const client = {
      devices: {
        list: () => {
          reads += 1;
          return up ? Promise.resolve([{ id: 1, name: 'A', msisdn: '49' }]) : Promise.reject(unreachable());
        },
      },
      traceFilters: {
        list: () => (up ? Promise.resolve([{ id: 2, name: 'F', filter: 'x' }]) : Promise.reject(unreachable())),
      },
      session: { notice: () => undefined },
    };
    const env = {
      current: { baseUrl: BASE, generation: 1, client },
      onChange: () => undefined,
    } as unknown as EnvironmentState;
    const storage = memoryStorage();
    const cache = new ReferenceCache(
      env,
      () => 60_000,
      EDITOR_WORDS,
      () => now,
      new KeptLists(storage, () => undefined),
    );
    let reconnects = 0;
    cache.onReconnect(() => (reconnects += 1));

    await cache.devices();
    now = 30_000;
    await cache.traceFilters();
    assert.equal(await cache.keptWhileOffline(), undefined, 'online: nothing stands in');

    up = false;
    now = 61_000; // the devices' lifetime is over
    await assert.rejects(cache.devices());
    const kept = await cache.keptWhileOffline();
    assert.deepEqual([...(kept?.devices?.items.keys() ?? [])], [1]);
    assert.equal(kept?.devices?.at, 0);
    assert.deepEqual([...(kept?.traceFilters?.items.keys() ?? [])], [2]);
    // The trace filters are still within their lifetime: served, and no reconnect is told.
    await cache.traceFilters();
    assert.equal(reconnects, 0);

    up = true;
    now = 61_000 + 16_000; // the failure is no longer remembered
    await cache.devices();
    assert.equal(reconnects, 1);
    assert.equal(await cache.keptWhileOffline(), undefined);
    // Everything is read again: the trace filters, though within their lifetime, were dropped.
    const before = reads;
    await cache.devices();
    assert.equal(reads, before, 'the list read on reconnect is kept');
    up = false;
    await assert.rejects(cache.traceFilters(), 'the trace filters are asked for again');
  });
});
