import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { clampSetting, SETTING_RANGES, SettingClamps } from '../../server/src/core/settings/ranges';
import { NUMERIC_VARIABLES } from '../../cli/src/variables';
import { manualSection, manualText } from '../manual';
import { readJson, type Schema } from './schemaHelpers';

// Every numeric tas.* setting has one range: the core's table, package.json and the manual agree.

describe('numeric setting ranges', () => {
  const properties = (
    (readJson('package.json') as { contributes: Schema }).contributes['configuration'] as {
      properties: Record<string, Schema>;
    }
  ).properties;

  test('every numeric setting in package.json has its minimum, maximum and default from the core table, and no other', () => {
    const numeric = Object.entries(properties).filter(([, p]) => p['type'] === 'number' || p['type'] === 'integer');
    assert.deepEqual(numeric.map(([name]) => name).sort(), Object.keys(SETTING_RANGES).sort());
    for (const [name, p] of numeric) {
      const range = SETTING_RANGES[name as keyof typeof SETTING_RANGES];
      assert.deepEqual([p['minimum'], p['maximum'], p['default']], [range.min, range.max, range.default], name);
    }
  });

  test("the manual's settings table gives the same ranges", () => {
    const manual = manualText();
    for (const [name, range] of Object.entries(SETTING_RANGES)) {
      const row = manual.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
      assert.ok(row, name);
      assert.equal(row.split(' | ')[2], `${range.min} to ${range.max}`, name);
    }
  });

  test("the manual's Credentials section gives every numeric TAS_* variable tas reads with its range and default", () => {
    const credentials = manualSection('Credentials').text.replace(/\s+/g, ' ');
    for (const [name, range] of Object.entries(NUMERIC_VARIABLES)) {
      assert.match(
        credentials,
        new RegExp(`\`${name}\` \\([^)]*, ${range.min} to ${range.max}, default ${range.default}\\)`),
        name,
      );
    }
  });

  test('out of range: the nearest end and a note; wrong type: the default and a note; unset: the default, no note', () => {
    assert.deepEqual(clampSetting('tas.requestTimeoutSeconds', 1e10), {
      value: 3600,
      note: 'The setting tas.requestTimeoutSeconds is 10000000000, outside 1..3600: 3600 is used.',
    });
    assert.deepEqual(clampSetting('tas.validation.maxProblems', 0), {
      value: 1,
      note: 'The setting tas.validation.maxProblems is 0, outside 1..10000: 1 is used.',
    });
    assert.deepEqual(clampSetting('tas.validation.maxProblems', 12.7), { value: 12 });
    assert.deepEqual(clampSetting('tas.executions.pollIntervalSeconds', -1, 'TAS_POLL_INTERVAL'), {
      value: 0.05,
      note: 'TAS_POLL_INTERVAL is -1, outside 0.05..600: 0.05 is used.',
    });
    assert.equal(clampSetting('tas.cache.ttlSeconds', Number.NaN).value, 300);
    assert.match(clampSetting('tas.cache.ttlSeconds', '5').note ?? '', /is "5", not a number: 300 is used/);
    assert.deepEqual(clampSetting('tas.cache.ttlSeconds', undefined), { value: 300 });
    assert.deepEqual(clampSetting('tas.cache.ttlSeconds', 60), { value: 60 });
  });

  test('a clamp is said once while the value stays, and again when it changes', () => {
    const said: string[] = [];
    const clamps = new SettingClamps((m) => said.push(m));
    for (let i = 0; i < 3; i++) assert.equal(clamps.read('tas.validation.debounceMs', 1e12), 10_000);
    assert.equal(said.length, 1);
    clamps.read('tas.validation.debounceMs', 5);
    clamps.read('tas.validation.debounceMs', 1e12);
    assert.equal(said.length, 2);
  });
});
