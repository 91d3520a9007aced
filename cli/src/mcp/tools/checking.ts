import { pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import {
  createLanguageService,
  createTextDocument,
  type Diagnostic,
  fileFormatSchema,
  fileKindOf,
  type LanguageService,
  type TextEdit,
} from '../../../../server/src/core';
import { displayPath } from '../../files';
import { checkFiles, jsonDiagnostic } from '../../validateFiles';
import { DEFAULT_MAX_PROBLEMS, readForCheck } from '../../validation';
import { confined, MAX_TEXT_CHARS, NotATestCaseFileError, pathArg, pathsArg, workspaceFiles } from '../boundary';
import type { McpHost } from '../host';

// Checking: a workspace's files or a text checked as `tas validate` checks them (the same
// function, the same findings), each finding with the editor's quick fixes as edits; and the
// file format described, for an assistant that writes a test case from nothing.

const READS_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;

const place = { line: z.number(), column: z.number(), endLine: z.number(), endColumn: z.number() };
const finding = z.object({
  ...place,
  severity: z.enum(['error', 'warning', 'info', 'hint']),
  code: z.string(),
  message: z.string(),
  fixes: z.array(z.object({ title: z.string(), edits: z.array(z.object({ ...place, newText: z.string() })) })),
});
const checked = {
  files: z.array(z.object({ path: z.string(), diagnostics: z.array(finding) })),
  checked: z.number(),
  errors: z.number(),
  warnings: z.number(),
  referencesChecked: z.boolean(),
  referencesNote: z.string().optional(),
};

/** A text edit as 1-based lines and columns, as findings are placed. */
const editOf = (e: TextEdit) => ({
  line: e.range.start.line + 1,
  column: e.range.start.character + 1,
  endLine: e.range.end.line + 1,
  endColumn: e.range.end.character + 1,
  newText: e.newText,
});

/** The quick fixes the editor offers for `d`, as edits of the file (a fix that only runs an editor command is left out). */
function fixesOf(language: LanguageService, uri: string, text: string, d: Diagnostic) {
  const doc = createTextDocument(uri, text);
  return language.codeActions(doc, [d]).flatMap((a) => {
    const edits = a.edit?.changes?.[uri];
    return edits && edits.length > 0 ? [{ title: a.title, edits: edits.map(editOf) }] : [];
  });
}

/** `tas validate --format json`'s answer for these files, each finding with its fixes. */
async function check(host: McpHost, files: string[], texts?: Map<string, string>) {
  const online = host.online;
  const read = new Map<string, string>();
  const { results, states, unverified } = await checkFiles(host.ctx, files, DEFAULT_MAX_PROBLEMS, online, {
    session: host.session(),
    read: (path) => {
      const given = texts?.get(path);
      const r = given !== undefined ? { text: given } : readForCheck(path);
      if (r.text !== undefined) read.set(path, r.text);
      return r;
    },
  });
  const language = languageOf(host);
  const all = results.flatMap((r) => r.diagnostics);
  return {
    files: results
      .filter((r) => r.diagnostics.length > 0)
      .map((r) => {
        const uri = pathToFileURL(r.path).href;
        const text = read.get(r.path);
        return {
          path: displayPath(r.path, host.root),
          diagnostics: r.diagnostics.map((d) => ({
            ...jsonDiagnostic(d),
            fixes: text === undefined ? [] : fixesOf(language, uri, text, d),
          })),
        };
      }),
    checked: files.length,
    errors: all.filter((d) => (d.severity ?? 1) === 1).length,
    warnings: all.filter((d) => d.severity === 2).length,
    referencesChecked: states !== undefined,
    ...(!online
      ? { referencesNote: 'No credentials are set: references and step functions were not checked.' }
      : unverified && { referencesNote: `References not verified: ${unverified.reason}` }),
  };
}

/** The language service for quick fixes alone: no workspace index, no open documents. */
const languages = new WeakMap<McpHost, LanguageService>();
function languageOf(host: McpHost): LanguageService {
  let made = languages.get(host);
  if (!made) {
    made = createLanguageService({
      session: host.session(),
      commands: { chooseCounterpart: 'tas.chooseCounterpart' },
      roots: () => [pathToFileURL(host.root).href],
      openDocuments: () => [],
      watched: () => false,
      inlayHints: () => false,
    });
    languages.set(host, made);
  }
  return made;
}

const FORMAT_WORDS = {
  testCase: [
    "A *.testcase.json file holds one test case: the fields of the service's test case (name, description,",
    'testStepList of step objects, traceFilters, sipTraceFilters, tags, disabled, ...), plus an optional',
    '`id` linking it to the test case of its home environment (the sync state, .tas/sync.json, says which).',
    'Each step names a step function (`function`) and its `params`; describe_step_function tells a',
    "function's parameters. References are ids of the service's records: a step's mobileDeviceId and",
    "params.apiClientId, a trace filter item's mobileDeviceId and traceFilterId (list_devices,",
    'list_trace_filters and list_api_clients give them). Secrets are never written in a file: the',
    'placeholder "<secret: kept on the service>" stands for them.',
  ],
  bundle: [
    'A *.testcases.json file is an export bundle: an array of test cases as the service exports them,',
    'each with the devices and API clients it names. Import reads every item as a test case.',
  ],
};

export function registerChecking(server: McpServer, host: McpHost): void {
  server.registerTool(
    'validate_files',
    {
      title: 'Check test-case files',
      description:
        'Checks *.testcase.json and *.testcases.json files of the workspace as the editor and `tas validate` do: syntax, the schema, local rules and, when credentials are set, the devices, trace filters and API clients they name and each step against its function. Answers every finding with its code, message, 1-based place and the quick fixes the editor offers (as edits). Folders are searched. Reads only.',
      inputSchema: {
        paths: pathsArg.optional().describe('Files or folders inside the workspace; none: the whole workspace.'),
      },
      outputSchema: checked,
      annotations: { ...READS_ONLY, openWorldHint: true },
    },
    ({ paths }) => host.answer('check the files', () => check(host, workspaceFiles(host.root, paths ?? ['.']))),
  );

  server.registerTool(
    'validate_text',
    {
      title: 'Check a test case given as text',
      description:
        'Checks the text of a test-case file that need not be saved (a draft, an edit to try) exactly as validate_files checks a file of that name: the name says its kind (*.testcase.json or *.testcases.json) and, for a name of a linked file, whose ids it holds. Nothing is written. Reads only.',
      inputSchema: {
        path: pathArg.describe(
          'The file name the text would have, inside the workspace (e.g. cases/new.testcase.json); it need not exist.',
        ),
        text: z.string().max(MAX_TEXT_CHARS).describe('The whole file text (JSON).'),
      },
      outputSchema: checked,
      annotations: { ...READS_ONLY, openWorldHint: true },
    },
    ({ path, text }) =>
      host.answer('check the text', () => {
        const file = confined(host.root, path);
        if (!fileKindOf(pathToFileURL(file).href)) throw new NotATestCaseFileError(path);
        return check(host, [file], new Map([[file, text]]));
      }),
  );

  server.registerTool(
    'describe_format',
    {
      title: 'Describe the test-case file format',
      description:
        'Describes a test-case file format in words and answers its JSON Schema: "testcase" (*.testcase.json, one test case) or "testcases" (*.testcases.json, an export bundle). Local; reads only.',
      inputSchema: { format: z.enum(['testcase', 'testcases']).default('testcase') },
      outputSchema: {
        format: z.string(),
        fileNames: z.string(),
        summary: z.string(),
        schema: z.record(z.string(), z.unknown()),
      },
      annotations: { ...READS_ONLY, openWorldHint: false },
    },
    ({ format }) =>
      host.answer(
        'describe the file format',
        () => {
          const kind = format === 'testcases' ? 'bundle' : 'testCase';
          return Promise.resolve({
            format,
            fileNames: kind === 'bundle' ? '*.testcases.json' : '*.testcase.json',
            summary: FORMAT_WORDS[kind].join(' '),
            schema: fileFormatSchema(kind),
          });
        },
        true,
      ),
  );
}
