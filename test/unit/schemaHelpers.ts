import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

// The file-format schemas (schemas/*.schema.json) compiled as the schema tests use them: strict
// ajv, the editor keywords as annotations, errors as sorted "instancePath keyword" lines.

export const root = resolve(__dirname, '../../..');
export const readJson = (rel: string): unknown => JSON.parse(readFileSync(resolve(root, rel), 'utf8'));

export type Schema = { [key: string]: unknown };
export const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

export const TEST_CASE_ID = 'https://tas.example/schemas/testcase.schema.json';
export const BUNDLE_ID = 'https://tas.example/schemas/testcases.schema.json';
export const testCaseSchema = readJson('schemas/testcase.schema.json') as Schema;
export const bundleSchema = readJson('schemas/testcases.schema.json') as Schema;

/** Keywords of VS Code's JSON support (hover text, completion, messages): annotations for ajv. */
export const EDITOR_KEYWORDS = ['markdownDescription', 'defaultSnippets', 'patternErrorMessage', 'doNotSuggest'];

function compile(): { testCase: ValidateFunction; bundle: ValidateFunction } {
  // Strict mode stays on: an unknown keyword, a misplaced one or a type clash in the schemas is
  // an error here. Only the editor keywords are declared, as annotations without validation.
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(EDITOR_KEYWORDS);
  ajv.addSchema(testCaseSchema);
  // The bundle file has no $id (editors resolve its reference against its location).
  ajv.addSchema(bundleSchema, BUNDLE_ID);
  const testCase = ajv.getSchema(TEST_CASE_ID);
  const bundle = ajv.getSchema(BUNDLE_ID);
  assert.ok(testCase && bundle, 'both schemas are reachable by their $id');
  return { testCase, bundle };
}

export const { testCase: validateTestCase, bundle: validateBundle } = compile();

/** Errors as "instancePath keyword" lines, sorted: what a test can compare exactly. */
export function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.keyword}`).sort();
}

export const minimal = (extra: Schema = {}): Schema => ({ name: 'A test case', ...extra });
