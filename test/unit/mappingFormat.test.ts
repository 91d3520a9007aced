import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  copyPreview,
  counterpartPick,
  distinctUnmapped,
  previewLines,
  withChoice,
} from '../../client/src/sync/mappingFormat';
import type { UnmappedRef } from '../../server/src/core/model/sync';
import { environmentNamed } from '../../client/src/environmentList';

// The words of Copy to Environment and of an import's preview: every mapping, and the quick pick
// of a counterpart naming who the reference is at home and what may be picked here.

const phone: UnmappedRef = {
  kind: 'device',
  id: 5,
  identity: { msisdn: '4915198765432', name: 'Old phone' },
  candidates: [],
  choices: [{ id: 7, msisdn: '4917000000001', name: 'Pixel' }, { id: 9 }],
  where: 'testStepList[0].mobileDeviceId',
};

describe('mapping words', () => {
  test('the quick pick names the reference, who it is at home, and each record by name, MSISDN and id', () => {
    const pick = counterpartPick(phone, 'production', 'staging');
    assert.equal(pick.title, 'Counterpart in staging of device 5 (MSISDN 4915198765432 "Old phone" in production)');
    assert.match(pick.placeHolder, /^no record in staging has its identity/);
    assert.deepEqual(pick.items, [
      { label: 'Pixel', description: 'MSISDN 4917000000001 · id 7', id: 7 },
      { label: 'device 9', description: 'id 9', id: 9 },
    ]);
    assert.match(
      counterpartPick({ ...phone, candidates: [7, 9] }, 'production', 'staging').placeHolder,
      /^2 records in staging have its identity/,
    );
  });

  test('one pick per distinct reference; picks add up per kind', () => {
    const twice = [
      { unmapped: [phone, { ...phone, where: 'traceFilters[0].mobileDeviceId' }] },
      { unmapped: [{ ...phone, kind: 'traceFilter' as const }] },
    ];
    assert.deepEqual(
      distinctUnmapped(twice).map((u) => `${u.kind}:${u.id}`),
      ['device:5', 'traceFilter:5'],
    );
    assert.deepEqual(withChoice(withChoice({}, phone, 7), { ...phone, id: 6 }, 9), { device: { '5': 7, '6': 9 } });
  });

  test('the preview lists every mapping of what is sent and why the rest is not', () => {
    assert.deepEqual(
      previewLines([
        {
          label: 'a.testcase.json',
          outcome: 'created',
          mappings: ['device 4 -> 12 (MSISDN 1)', 'API client 2 -> 5 ("SMS")'],
        },
        { label: 'b.testcase.json', outcome: 'refused', message: 'no device in staging has it' },
        { label: 'c.testcase.json', outcome: 'unchanged' },
      ]),
      [
        '- a.testcase.json: create: device 4 -> 12 (MSISDN 1), API client 2 -> 5 ("SMS")',
        '- b.testcase.json: not send: no device in staging has it',
        '- c.testcase.json: leave unchanged',
      ],
    );
    assert.equal(
      copyPreview({
        from: 'x',
        to: 'y',
        results: [
          { sourceId: 3, name: 'Call', outcome: 'nameTaken', message: 'taken' },
          { sourceId: 4, outcome: 'created', mappings: ['device 1 -> 2'] },
        ],
      }),
      '- test case 3 "Call": not send: taken\n- test case 4: create: device 1 -> 2',
    );
  });

  test("a file's home, known to the server by base URL, is named as the settings name it; an unknown one by its URL", () => {
    const list = [
      { name: 'staging', baseUrl: 'https://staging.tas.invalid/' },
      { name: 'production', baseUrl: 'https://tas.invalid/api/v2' },
    ];
    assert.equal(environmentNamed(list, 'https://tas.invalid'), 'production');
    assert.equal(environmentNamed(list, 'https://staging.tas.invalid'), 'staging');
    assert.equal(environmentNamed(list, 'https://old.tas.invalid'), 'https://old.tas.invalid');
    assert.match(
      counterpartPick({ ...phone, home: 'production' }, environmentNamed(list, 'https://tas.invalid'), 'staging').title,
      /in production\)$/,
    );
  });
});
