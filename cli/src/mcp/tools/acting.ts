import { fileURLToPath, pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { createSync, type ExecutionSummary, type RunParams } from '../../../../server/src/core';
import { caseDiff, caseTexts, diffLimit } from '../../conflictDiff';
import { CliError, Exit } from '../../exitCodes';
import { displayPath } from '../../files';
import { follow } from '../../follow';
import { defined } from '../../listing';
import { startOnce } from '../../starts';
import { confined, idArg, pathArg, pathsArg, workspaceFiles } from '../boundary';
import type { McpHost } from '../host';
import { executionShape } from './executions';
import { DATA_NOTE } from './lookups';

// Acting: import files under the three-way rule, run a test case, rerun an execution. Each only
// on a server started with --allow-changes (a dry run of an import reads only, and is allowed
// always); none is ever sent twice, and a wait is bounded. An assistant gets no --force: a
// colleague's change is answered as a conflict, for the user to settle.

/** The longest an assistant's call waits for a run, so that a call never hangs a client. */
const MAX_WAIT_SECONDS = 600;
const DEFAULT_WAIT_SECONDS = 30;

const waitSeconds = z
  .number()
  .int()
  .min(0)
  .max(MAX_WAIT_SECONDS)
  .default(DEFAULT_WAIT_SECONDS)
  .describe(
    'Seconds to wait for the execution to end (0: answer once started). Past it the execution goes on; get_execution reads it later.',
  );

const started = {
  execution: executionShape,
  timedOut: z.boolean().describe('The wait ended before the execution did: it goes on.'),
};

/** Follows a started execution for at most `seconds`, then answers how it stands. */
async function bounded(host: McpHost, first: ExecutionSummary, seconds: number, signal: AbortSignal) {
  if (seconds === 0 || first.final) return { execution: first, timedOut: !first.final && seconds > 0 };
  const { executions, timedOut } = await follow(host.ctx, [first.id], [first], seconds * 1000, signal);
  return { execution: executions[0] ?? first, timedOut };
}

export function registerActing(server: McpServer, host: McpHost): void {
  server.registerTool(
    'import_files',
    {
      title: 'Import test-case files to the service',
      description:
        "Sends workspace test-case files to the service with the editor's sync rules: unchanged cases are not sent; new ones are created and their ids written back into the files; a case changed on the service since the last sync (a colleague's change) is never overwritten: it is answered as a conflict with a diff, for the user to settle. dryRun: says what would happen, sends and writes nothing (allowed on a read-only server). Changes the service only when the server was started with --allow-changes.",
      inputSchema: {
        paths: pathsArg.describe('Files or folders inside the workspace.'),
        dryRun: z.boolean().default(false),
      },
      outputSchema: {
        dryRun: z.boolean(),
        results: z.array(
          z.object({
            path: z.string(),
            index: z.number().optional(),
            name: z.string().optional(),
            outcome: z.string(),
            reason: z.string().optional(),
            id: z.number().optional(),
            message: z.string().optional(),
            takenById: z.number().optional(),
            renamedFrom: z.string().optional(),
            diff: z.string().optional(),
          }),
        ),
        notImported: z.number(),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ paths, dryRun }, extra) =>
      host.answer('import the files', async () => {
        if (!dryRun) host.mayChange('import_files');
        const uris = workspaceFiles(host.root, paths).map((f) => pathToFileURL(f).href);
        const engine = createSync({ session: host.signedIn() }).engine;
        const report = await engine.importFiles({ uris, dryRun, force: false }, extra.signal);
        const limit = diffLimit(host.ctx);
        const results = report.results.map((r) => {
          const path = displayPath(fileURLToPath(r.uri), host.root);
          const texts = r.serviceText !== undefined && limit > 0 ? caseTexts(r.uri, r.index, r.serviceText) : undefined;
          const diff = texts && caseDiff(texts.local, texts.service, path, `service: test case ${r.id ?? '?'}`, limit);
          return defined({
            path,
            index: r.index,
            name: r.name,
            outcome: r.outcome,
            reason: r.reason,
            id: r.id,
            message: r.message,
            takenById: r.takenById,
            renamedFrom: r.renamedFrom,
            diff: diff?.lines.join('\n'),
          });
        });
        const settled = new Set(['created', 'updated', 'unchanged', 'tookService']);
        return { dryRun, results, notImported: results.filter((r) => !settled.has(r.outcome)).length };
      }),
  );

  server.registerTool(
    'run_test_case',
    {
      title: 'Run a test case',
      description: `Starts a direct run of one test case on the service's phones, by id or by a workspace file linked to it (a file runs only when it agrees with the service: import it first), and waits a bounded time for the end. Every call starts another run; a start whose answer was lost is not sent again. Only on a server started with --allow-changes. ${DATA_NOTE}`,
      inputSchema: {
        testCaseId: idArg('The test case id').optional(),
        path: pathArg.optional().describe('A test-case file inside the workspace, instead of testCaseId.'),
        index: z.number().int().min(0).max(100_000).optional().describe('The item of a *.testcases.json bundle.'),
        waitSeconds,
      },
      outputSchema: { testCaseId: z.number(), ...started },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ testCaseId, path, index, waitSeconds: seconds }, extra) =>
      host.answer('run the test case', async () => {
        host.mayChange('run_test_case');
        if ((testCaseId === undefined) === (path === undefined))
          throw new CliError('Give either testCaseId or path, one of them.', Exit.usage);
        const params: RunParams =
          testCaseId !== undefined
            ? { id: testCaseId }
            : { uri: pathToFileURL(confined(host.root, path!)).href, ...(index !== undefined && { index }) };
        const done = await createSync({ session: host.signedIn() }).run(params);
        if (!done.ok) throw new CliError(done.error.message, Exit.failed);
        if (done.value.kind === 'needsChoice')
          throw new CliError(`Not run: ${done.value.message} Import the file first (import_files).`, Exit.conflict);
        return {
          testCaseId: done.value.testCaseId,
          ...(await bounded(host, done.value.execution, seconds, extra.signal)),
        };
      }),
  );

  server.registerTool(
    'rerun_execution',
    {
      title: 'Rerun an execution',
      description: `Starts the test case of an execution again and waits a bounded time for the end. Every call starts another run; a start whose answer was lost is not sent again. Only on a server started with --allow-changes. ${DATA_NOTE}`,
      inputSchema: { executionId: idArg('The execution id'), waitSeconds },
      outputSchema: { rerunOf: z.number(), ...started },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ executionId, waitSeconds: seconds }, extra) =>
      host.answer(`rerun execution ${executionId}`, async () => {
        host.mayChange('rerun_execution');
        const actions = host.actions();
        const { execution } = await startOnce(`rerun execution ${executionId}`, () =>
          actions.executions.rerun(executionId),
        );
        return { rerunOf: executionId, ...(await bounded(host, execution, seconds, extra.signal)) };
      }),
  );
}
