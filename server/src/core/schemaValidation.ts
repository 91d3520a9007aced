import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import testCaseSchema from '../../../schemas/testcase.schema.json';
import bundleSchema from '../../../schemas/testcases.schema.json';
import type { Finding } from './diagnostics';
import type { FileKind } from './fileKind';
import { findingFor } from './schemaMessages';
import { BUNDLE_ID, SCHEMAS, rootSchema } from './schemas';

// Schema diagnostics: the parsed value against the file format's schema, every error, each
// on its own node. Positions are found afterwards, and only for these findings.

let validators: Record<FileKind, ValidateFunction> | undefined;

function compiled(): Record<FileKind, ValidateFunction> {
  if (!validators) {
    // strict: false because the schemas carry editor keywords (markdownDescription, defaultSnippets).
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    // The bundle schema refers to the test case schema by its $id, so that one is added first.
    ajv.addSchema(testCaseSchema);
    const testCaseId = (testCaseSchema as { $id?: string }).$id;
    validators = {
      testCase: (testCaseId && ajv.getSchema(testCaseId)) || ajv.compile(testCaseSchema),
      bundle: ajv.addSchema(bundleSchema, BUNDLE_ID).getSchema(BUNDLE_ID)!,
    };
  }
  return validators;
}

/** Splits an ajv instancePath into segments (numbers where the value is an array) and finds the value. */
function resolvePointer(pointer: string, root: unknown): { path: (string | number)[]; value: unknown } {
  const path: (string | number)[] = [];
  let node = root;
  if (pointer === '') return { path, value: node };
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(node)) {
      const index = Number(part);
      path.push(index);
      node = node[index];
    } else {
      path.push(part);
      node = (node as Record<string, unknown> | undefined)?.[part];
    }
  }
  return { path, value: node };
}

/** Our own rule checks sipMessageCodes with a precise message, so its pattern error is dropped. */
const coveredElsewhere = (e: ErrorObject) => e.keyword === 'pattern' && e.instancePath.endsWith('/sipMessageCodes');

/** Compiles the schemas ahead of the first document (about 100 ms), when the server is idle. */
export function warmUpSchemas(): void {
  compiled();
}

export function validateSchema(kind: FileKind, value: unknown): Finding[] {
  const validate = compiled()[kind];
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).filter((e) => !coveredElsewhere(e));
  // An anyOf/oneOf reports its branches too; the summary on the same node is enough.
  const summarized = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath);
  const root = rootSchema(kind);
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const e of errors) {
    if (summarized.length > 0 && e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && summarized.some((p) => e.instancePath.startsWith(p))) continue;
    const { path, value: at } = resolvePointer(e.instancePath, value);
    const f = findingFor(e, path, at, (p) => Object.keys(SCHEMAS.propertiesAt(root, p)));
    if (!f) continue;
    // The same complaint about the same node, reached through two schema branches, once.
    const key = `${f.code}|${e.instancePath}|${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(f);
  }
  return findings;
}
