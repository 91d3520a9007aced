import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { type ExecutionSummary, summarizeExecution } from '../../../../server/src/core';
import { failureDetails } from '../../junit';
import { idArg } from '../boundary';
import type { McpHost } from '../host';
import { DATA_NOTE, READS_SERVICE } from './lookups';

// How runs went: a test case's recent executions, and one execution's state and log.

/** Log lines an answer carries at most: the end of the log, where a failure is. */
const MAX_LOG_LINES = 400;

/** An execution as `tas executions --json` prints it. */
export const executionShape = z.object({
  id: z.number(),
  status: z.string(),
  kind: z.enum(['queued', 'running', 'passed', 'failed', 'cancelled', 'unknown']),
  final: z.boolean(),
  testCaseId: z.number().optional(),
  testCaseName: z.string().optional(),
  testSuiteId: z.number().optional(),
  testSuiteName: z.string().optional(),
  source: z.string().optional(),
  createdAt: z.string().optional(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  currentStep: z.number().optional(),
  stepCount: z.number().optional(),
  triggeredBy: z.string().optional(),
  rerunOf: z.number().optional(),
});

export function registerExecutions(server: McpServer, host: McpHost): void {
  server.registerTool(
    'test_case_history',
    {
      title: "A test case's recent runs",
      description: `The recent executions of one test case, newest first, with state, whether it passed, when and how long; read from the newest executions of the service's list (scanned says how many; complete says none older was left out). ${DATA_NOTE}`,
      inputSchema: {
        testCaseId: idArg('The test case id'),
        limit: z.number().int().min(1).max(100).default(20),
      },
      outputSchema: {
        testCaseId: z.number(),
        executions: z.array(executionShape),
        scanned: z.number(),
        complete: z.boolean(),
      },
      annotations: READS_SERVICE,
    },
    ({ testCaseId, limit }, extra) =>
      host.answer(`read the runs of test case ${testCaseId}`, async () => ({
        testCaseId,
        ...(await host.actions().testCaseRuns.recent(testCaseId, limit, extra.signal)),
      })),
  );

  server.registerTool(
    'get_execution',
    {
      title: 'Read an execution',
      description: `One execution's state (passed, failed, running, ...), its test case, the failed step when it failed, and the end of its log. ${DATA_NOTE}`,
      inputSchema: {
        id: idArg('The execution id'),
        logLines: z.number().int().min(0).max(MAX_LOG_LINES).default(100).describe('Lines from the end of the log.'),
      },
      outputSchema: {
        execution: executionShape,
        failedStep: z.string().optional(),
        log: z.array(z.string()),
        logTotal: z.number(),
      },
      annotations: READS_SERVICE,
    },
    ({ id, logLines }, extra) =>
      host.answer(`read execution ${id}`, async () => {
        const session = host.signedIn();
        const record = await session.environment.current!.client.executions.get(id, extra.signal);
        const execution: ExecutionSummary = summarizeExecution(record, session.finalStates()) ?? {
          id,
          status: 'UNKNOWN',
          kind: 'unknown',
          final: false,
        };
        const details = failureDetails(execution, record);
        return {
          execution,
          ...(execution.kind === 'failed' && details.step !== undefined && { failedStep: details.step }),
          log: logLines === 0 ? [] : details.log.slice(-logLines),
          logTotal: details.log.length,
        };
      }),
  );
}
