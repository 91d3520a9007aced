import testCaseSchema from '../../../../schemas/testcase.schema.json';
import bundleSchema from '../../../../schemas/testcases.schema.json';
import type { FileKind } from '../document/fileKind';
import { SchemaSet, type Schema } from './schemaNav';

// The two file-format schemas, bundled into the server by esbuild (JSON imports).

/**
 * The bundle schema has no $id in its file (editors resolve its reference against the file's
 * location); here it gets the id that puts it beside the test case schema.
 */
export const BUNDLE_ID = 'https://tas.example/schemas/testcases.schema.json';
const bundle: Schema = { ...(bundleSchema as Schema), $id: BUNDLE_ID };

export const SCHEMAS = new SchemaSet([testCaseSchema, bundle]);

export function rootSchema(kind: FileKind): Schema {
  return kind === 'bundle' ? bundle : testCaseSchema;
}
