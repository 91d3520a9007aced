import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, type LanguageService } from 'vscode-json-languageservice';
import type { Diagnostic } from 'vscode-languageserver-types';
import testCaseSchema from '../schemas/testcase.schema.json';
import bundleSchema from '../schemas/testcases.schema.json';
import { analyzeDuplicateKeys, analyzeLocal } from '../server/src/core/validation/analyze';
import { toDiagnostics } from '../server/src/core/jsonText/parse';
import { findDuplicateKeys, noRepeatedKeys } from '../server/src/core/jsonText/duplicateKeys';
import { locateEach } from '../server/src/core/jsonText/positions';
import { walkLocal } from '../server/src/core/validation/localChecks';
import { validateSchema } from '../server/src/core/validation/schemaValidation';
import { BUNDLE_ID } from '../server/src/core/validation/schemas';
import type { BenchDocument } from './documents';
import { compare, type Plan, type Sample } from './stats';

// Validation of one document against its schema, side by side: ours (JSON.parse, ajv on the
// value, positions only for the errors; then the duplicate-key scan) and the baseline,
// vscode-json-languageservice (a positioned AST for the whole text, then its validator on it;
// it reports duplicate keys too). Both do the whole job from text to diagnostics with ranges, on
// a fresh TextDocument each time, so neither reuses line offsets of an earlier iteration.

const TEST_CASE_ID = (testCaseSchema as { $id: string }).$id;

/**
 * Ours, as the server runs it: the schema diagnostics, then the duplicate-key pass (given the
 * parsed value, which lets a document without repeated keys skip the full scan).
 */
export function ours(d: BenchDocument, doc = TextDocument.create(d.uri, 'json', 1, d.text)): Diagnostic[] {
  const local = analyzeLocal(doc, d.kind);
  return local.value === undefined
    ? local.diagnostics
    : [...local.diagnostics, ...analyzeDuplicateKeys(doc, local).diagnostics];
}

/** Ours, up to the first publication (schema diagnostics only). */
export function oursSchemaPass(d: BenchDocument): Diagnostic[] {
  return analyzeLocal(TextDocument.create(d.uri, 'json', 1, d.text), d.kind).diagnostics;
}

/**
 * The baseline, given both schemas as an editor would (the bundle's relative $ref resolves
 * against its URI to the test case schema). It never reaches the network: an unexpected schema
 * request fails, which shows up as a diagnostic and breaks the error-count check.
 */
export function baselineService(): LanguageService {
  const ls = getLanguageService({
    schemaRequestService: (uri) => Promise.reject(new Error(`bench: no schema request expected (${uri})`)),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  ls.configure({
    validate: true,
    allowComments: false,
    // The language service resolves $refs in place: it gets copies, so ajv's schemas stay intact.
    schemas: [
      { uri: TEST_CASE_ID, fileMatch: ['*.testcase.json'], schema: structuredClone(testCaseSchema) },
      { uri: BUNDLE_ID, fileMatch: ['*.testcases.json'], schema: structuredClone(bundleSchema) },
    ],
  });
  return ls;
}

export async function baseline(
  ls: LanguageService,
  d: BenchDocument,
  doc = TextDocument.create(d.uri, 'json', 1, d.text),
): Promise<Diagnostic[]> {
  const json = ls.parseJSONDocument(doc);
  return ls.doValidation(doc, json, {
    comments: 'error',
    trailingCommas: 'error',
    schemaValidation: 'error',
    schemaRequest: 'error',
  });
}

export interface ValidationResult {
  doc: BenchDocument;
  floor: Sample;
  ours: Sample;
  oursSchema: Sample;
  baseline: Sample;
  /** Both again on one TextDocument whose line offsets are known, as in the server while typing. */
  oursWarm: Sample;
  baselineWarm: Sample;
  /** Diagnostics each reported (both equal `doc.expectedErrors`, or the run stops). */
  count: number;
}

const lines = (ds: Diagnostic[]) => ds.map((d) => d.range.start.line).sort((a, b) => a - b);
const text = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const listed = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${text(d)}`).join('\n  ');

/**
 * Checks that both validators report exactly the planted errors, on the same lines, before
 * anything is timed: a baseline that validates nothing would otherwise look fast.
 */
export async function checkCounts(d: BenchDocument, ls: LanguageService): Promise<number> {
  const mine = ours(d);
  const theirs = await baseline(ls, d);
  const problems: string[] = [];
  if (mine.length !== d.expectedErrors)
    problems.push(`ours reported ${mine.length}, expected ${d.expectedErrors}:\n  ${listed(mine)}`);
  if (theirs.length !== d.expectedErrors)
    problems.push(`baseline reported ${theirs.length}, expected ${d.expectedErrors}:\n  ${listed(theirs)}`);
  if (problems.length === 0 && JSON.stringify(lines(mine)) !== JSON.stringify(lines(theirs))) {
    problems.push(`the two report on different lines:\n  ours:\n  ${listed(mine)}\n  baseline:\n  ${listed(theirs)}`);
  }
  if (problems.length > 0)
    throw new Error(`${d.label}: wrong diagnostics, so its timing would mean nothing.\n${problems.join('\n')}`);
  return mine.length;
}

export async function benchValidation(d: BenchDocument, ls: LanguageService, plan: Plan): Promise<ValidationResult> {
  const count = await checkCounts(d, ls);
  // In the server a document's TextDocument keeps its line offsets across incremental edits.
  const warm = TextDocument.create(d.uri, 'json', 1, d.text);
  warm.positionAt(d.text.length);
  const s = await compare(
    [
      { name: 'floor', run: () => JSON.parse(d.text) as unknown },
      { name: 'ours', run: () => ours(d) },
      { name: 'oursSchema', run: () => oursSchemaPass(d) },
      { name: 'baseline', run: () => baseline(ls, d), async: true },
      { name: 'oursWarm', run: () => ours(d, warm) },
      { name: 'baselineWarm', run: () => baseline(ls, d, warm), async: true },
    ],
    plan,
  );
  const get = (name: string) => s.get(name)!;
  return {
    doc: d,
    floor: get('floor'),
    ours: get('ours'),
    oursSchema: get('oursSchema'),
    baseline: get('baseline'),
    oursWarm: get('oursWarm'),
    baselineWarm: get('baselineWarm'),
    count,
  };
}

export interface Stage {
  stage: string;
  p50: number;
}

/** Ours, stage by stage, on one document: where the time goes. */
export async function breakdown(d: BenchDocument, plan: Plan): Promise<Stage[]> {
  const value = JSON.parse(d.text) as unknown;
  const walked = walkLocal(d.kind, value)!;
  const findings = [...validateSchema(d.kind, value).findings, ...walked.findings];
  const paths = findings.map((f) => f.path);
  const warm = TextDocument.create(d.uri, 'json', 1, d.text);
  warm.positionAt(d.text.length);
  const stages: [string, () => unknown][] = [
    ['JSON.parse', () => JSON.parse(d.text) as unknown],
    ['ajv + messages (validateSchema)', () => validateSchema(d.kind, value)],
    ['our rules, depth and key counts: one walk (walkLocal)', () => walkLocal(d.kind, value)],
    [
      'do keys repeat? (noRepeatedKeys, valid files; with findings the locating pass counts members)',
      () => noRepeatedKeys(d.text, walked.counts, value),
    ],
    [
      'locate the error paths and ancestors, with lines (locateEach)',
      () => (paths.length > 0 ? locateEach(d.text, paths) : undefined),
    ],
    [
      'line offsets of a new TextDocument',
      () => TextDocument.create(d.uri, 'json', 1, d.text).positionAt(d.text.length),
    ],
    [
      'findings to diagnostics, new TextDocument',
      () => toDiagnostics(TextDocument.create(d.uri, 'json', 1, d.text), findings),
    ],
    ['findings to diagnostics, line offsets known', () => toDiagnostics(warm, findings)],
    ['duplicate keys, full scan', () => findDuplicateKeys(d.text)],
    ['duplicate keys, given the parsed value', () => findDuplicateKeys(d.text, value)],
    ["duplicate keys, given the walk's counts (second pass)", () => findDuplicateKeys(d.text, value, walked.counts)],
  ];
  const s = await compare(
    stages.map(([stage, run]) => ({ name: stage, run })),
    plan,
  );
  return stages.map(([stage]) => ({ stage, p50: s.get(stage)!.p50 }));
}
