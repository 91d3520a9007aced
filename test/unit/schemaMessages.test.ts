import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import type { ErrorObject } from 'ajv';
import { closest, describeValue, distance, findingFor } from '../../server/src/core/validation/schemaMessages';

// Validator errors in words: each keyword's message, place, severity and fix data.

const err = (keyword: string, params: Record<string, unknown> = {}, message?: string): ErrorObject =>
  ({ keyword, params, instancePath: '', schemaPath: '', ...(message && { message }) }) as ErrorObject;
const none = () => [];
const say = (
  keyword: string,
  params: Record<string, unknown>,
  path: (string | number)[] = ['testStepList', 0, 'function'],
  value: unknown = 'x',
) => findingFor(err(keyword, params), path, value, none)!.message;

describe('schema messages', () => {
  test('values described: text (cut at 40), numbers, lists, objects, null, booleans', () => {
    assert.equal(describeValue(null), 'null');
    assert.equal(describeValue([1]), 'a list');
    assert.equal(describeValue({}), 'an object');
    assert.equal(describeValue(true), 'true');
    assert.equal(describeValue(false), 'false');
    assert.equal(describeValue(7), 'the number 7');
    assert.equal(describeValue(1.5), 'the number 1.5');
    assert.equal(describeValue('no'), 'the text "no"');
    assert.equal(describeValue('a'.repeat(40)), `the text "${'a'.repeat(40)}"`);
    assert.equal(describeValue('a'.repeat(41)), `the text "${'a'.repeat(40)}..."`);
  });

  test('edit distance, without case; the closest name within a third of the word (at least 2)', () => {
    assert.equal(distance('kitten', 'sitting'), 3);
    assert.equal(distance('', 'abc'), 3);
    assert.equal(distance('abc', ''), 3);
    assert.equal(distance('Name', 'name'), 0);
    assert.equal(distance('ab', 'ba'), 2);
    assert.equal(distance('abcd', 'abd'), 1);
    const fields = ['name', 'description', 'testStepList', 'tags'];
    assert.equal(closest('nmae', fields), 'name');
    assert.equal(closest('descriptoin', fields), 'description');
    assert.equal(closest('testStepLst', fields), 'testStepList');
    assert.equal(closest('zzzz', fields), undefined);
    assert.equal(closest('tag', new Set(fields)), 'tags', 'any iterable');
    assert.equal(closest('nmae', fields), 'name', 'asked again: the same answer');
    // A word of 9 letters may be 3 edits away; one of 6, 2.
    assert.equal(closest('abcdefxyz', ['abcdefghi']), 'abcdefghi');
    assert.equal(closest('abcxyz', ['abcdef']), undefined);
    assert.equal(closest('abxy', ['abcd']), 'abcd');
    assert.equal(closest('a', []), undefined);
    assert.equal(closest('ab', ['ab', 'ac']), 'ab', 'the nearest, the first of equals');
    assert.equal(closest('ax', ['ab', 'ac']), 'ab');
  });

  test('required, unknown fields (with and without a near name), types', () => {
    assert.deepEqual(findingFor(err('required', { missingProperty: 'name' }), [], {}, none), {
      path: [],
      on: 'keyOrValue',
      message: "Missing required field 'name'.",
      code: 'missing-field',
      severity: 1,
      data: { missing: 'name' },
    });
    const allowed = () => ['name', 'tags'];
    assert.deepEqual(findingFor(err('additionalProperties', { additionalProperty: 'nmae' }), [], {}, allowed), {
      path: ['nmae'],
      on: 'key',
      message: "Unknown field 'nmae'. Did you mean 'name'?",
      code: 'unknown-field',
      severity: 1,
      data: { field: 'nmae', suggestion: 'name' },
    });
    assert.deepEqual(
      findingFor(err('additionalProperties', { additionalProperty: 'retryPolicy' }), ['x'], {}, allowed),
      {
        path: ['x', 'retryPolicy'],
        on: 'key',
        message:
          "Unknown field 'retryPolicy': the interface document does not describe it. It is kept and sent to the service as it is.",
        code: 'unknown-field',
        severity: 2,
        data: { field: 'retryPolicy' },
      },
    );
    assert.deepEqual(findingFor(err('type', { type: 'boolean' }), ['disabled'], 'no', none), {
      path: ['disabled'],
      on: 'value',
      message: '\'disabled\' must be true or false, not the text "no".',
      code: 'wrong-type',
      severity: 1,
      data: { literal: 'false' },
    });
    for (const [text, literal] of [
      [' YES ', 'true'],
      ['1', 'true'],
      ['true', 'true'],
      ['0', 'false'],
      ['False', 'false'],
      ['maybe', undefined],
    ] as const) {
      assert.deepEqual(
        findingFor(err('type', { type: 'boolean' }), ['disabled'], text, none)!.data,
        literal === undefined ? undefined : { literal },
        text,
      );
    }
    assert.equal(findingFor(err('type', { type: 'boolean' }), ['disabled'], 1, none)!.data, undefined);
    assert.equal(
      findingFor(err('type', { type: 'integer' }), ['id'], '1', none)!.data,
      undefined,
      'no true/false fix for a field that wants a number',
    );
    assert.equal(
      findingFor(err('type', { type: 'integer,null' }), ['id'], 'x', none)!.message,
      '\'id\' must be a whole number or null, not the text "x".',
    );
    assert.equal(
      findingFor(err('type', { type: 'string' }), [], 1, none)!.message,
      'The test case must be text, not the number 1.',
    );
    assert.equal(
      findingFor(err('type', { type: 'object' }), [], 1, none, 'The bundle')!.message,
      'The bundle must be an object, not the number 1.',
    );
    assert.equal(
      findingFor(err('type', { type: 'array' }), ['a', 2], 1, none)!.message,
      'Item 2 must be a list, not the number 1.',
    );
    assert.equal(
      findingFor(err('type', { type: 'number' }), ['a'], null, none)!.message,
      "'a' must be a number, not null.",
    );
    assert.equal(
      findingFor(err('type', { type: 'weird' }), ['a'], null, none)!.message,
      "'a' must be weird, not null.",
    );
  });

  test('limits, lengths, enums, forms, items: value errors in words', () => {
    const P = ['params', 'seconds'];
    const value = (keyword: string, params: Record<string, unknown>) => {
      const f = findingFor(err(keyword, params), P, 1, none)!;
      assert.equal(f.code, 'invalid-value');
      assert.equal(f.severity, 1);
      assert.equal(f.on, 'value');
      assert.deepEqual(f.path, P);
      return f.message;
    };
    assert.equal(value('minimum', { limit: 1 }), "'seconds' must be at least 1.");
    assert.equal(value('exclusiveMinimum', { limit: 0 }), "'seconds' must be more than 0.");
    assert.equal(value('maximum', { limit: 9 }), "'seconds' must be at most 9.");
    assert.equal(value('exclusiveMaximum', { limit: 10 }), "'seconds' must be less than 10.");
    assert.equal(value('minLength', { limit: 1 }), "'seconds' must not be empty.");
    assert.equal(value('maxLength', { limit: 255 }), "'seconds' is too long (at most 255 characters).");
    assert.equal(value('enum', { allowedValues: ['GET', 'POST', 1] }), '\'seconds\' must be one of "GET", "POST", 1.');
    assert.equal(value('const', { allowedValue: 'x' }), '\'seconds\' must be "x".');
    assert.equal(value('pattern', { pattern: 'a' }), "'seconds' is not in the expected form.");
    assert.equal(value('format', { format: 'date' }), "'seconds' is not in the expected form.");
    assert.equal(value('minItems', { limit: 2 }), "'seconds' needs at least 2 item(s).");
    assert.equal(value('uniqueItems', {}), "'seconds' lists the same item twice.");
    assert.equal(value('anyOf', {}), "'seconds' does not match any allowed form.");
    assert.equal(value('oneOf', {}), "'seconds' does not match any allowed form.");
    assert.equal(findingFor(err('dependencies', {}, 'needs x'), P, 1, none)!.message, "'seconds': needs x.");
    assert.equal(say('whatever', {}), "'function': is not valid.");
  });
});
