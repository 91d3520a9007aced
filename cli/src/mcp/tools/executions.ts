import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import {
  DEFAULT_HISTORY_EXECUTIONS,
  type ExecutionSummary,
  historyOn,
  summarizeExecution,
} from '../../../../server/src/core';
import { failureDetails } from '../../junit';
import { idArg } from '../boundary';
import type { McpHost } from '../host';
import { DATA_NOTE, READS_SERVICE } from './lookups';

// How runs went: a test case's history (the same reading and marks as `tas history` and the
// editor's CodeLens: core/history), and one execution's state and log.

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

/** A run as the history shows it (`tas history --format json`). */
const runShape = z.object({
  executionId: z.number(),
  testCaseId: z.number(),
  kind: executionShape.shape.kind,
  status: z.string(),
  final: z.boolean(),
  at: z.string().optional(),
  durationMs: z.number().optional(),
  source: z.enum(['direct', 'suite', 'rerun', 'other']),
  sourceText: z.string().optional(),
  suiteName: z.string().optional(),
  rerunOf: z.number().optional(),
  failedStep: z.number().optional(),
  stepCount: z.number().optional(),
  currentVersion: z.boolean().optional(),
  devices: z.object({ ids: z.array(z.number()), from: z.enum(['record', 'references']) }).optional(),
});

const flakyShape = z.object({
  testCaseId: z.number(),
  name: z.string().optional(),
  versionSince: z.string().optional(),
  passed: z.number(),
  failed: z.number(),
  changes: z.number(),
  runs: z.array(runShape),
});

const suspectShape = z.object({
  deviceId: z.number(),
  name: z.string().optional(),
  since: z.string().optional(),
  runs: z.number(),
  failed: z.number(),
  testCaseIds: z.array(z.number()),
  failedExecutionIds: z.array(z.number()),
  compared: z.object({
    passed: z.number(),
    runs: z.number(),
    basis: z.enum(['sameCases', 'otherPhones', 'before']),
  }),
  evidence: z.string(),
});

export function registerExecutions(server: McpServer, host: McpHost): void {
  server.registerTool(
    'test_case_history',
    {
      title: "A test case's history",
      description: `One test case's recent runs (newest first: state, when, how long, source, the step a failed run ended at), how many of its last 10 decided runs passed, whether it is flaky (its outcome changed between runs of one version, with those runs) and which phones it uses are suspect (their failures follow them across test cases, with the evidence). The same reading as tas history: the newest ${DEFAULT_HISTORY_EXECUTIONS} executions (executionsRead, truncated), and notes on what the records do not tell. ${DATA_NOTE}`,
      inputSchema: {
        testCaseId: idArg('The test case id'),
        limit: z.number().int().min(1).max(100).default(20).describe('Runs listed at most, newest first.'),
      },
      outputSchema: {
        testCaseId: z.number(),
        name: z.string().optional(),
        runs: z.array(runShape),
        recent: z.object({ passed: z.number(), counted: z.number() }),
        lastFailure: runShape.optional(),
        versionSince: z.string().optional(),
        flaky: flakyShape.optional(),
        devices: z.array(z.number()).optional(),
        suspectPhones: z.array(suspectShape),
        executionsRead: z.number(),
        truncated: z.boolean(),
        notes: z.array(z.string()),
      },
      annotations: READS_SERVICE,
    },
    ({ testCaseId, limit }, extra) =>
      host.answer(`read the history of test case ${testCaseId}`, async () => {
        const session = host.signedIn();
        const history = historyOn(session.environment.current!.client, {
          limit: DEFAULT_HISTORY_EXECUTIONS,
          finalStates: () => session.finalStates(),
        });
        const report = await history.report({ only: [testCaseId], signal: extra.signal });
        const { suspectDevices, ...found } = report.cases[0]!;
        return {
          ...found,
          runs: found.runs.slice(0, limit),
          suspectPhones: report.suspects.filter((s) => suspectDevices?.includes(s.deviceId)),
          executionsRead: report.executions,
          truncated: report.truncated,
          notes: report.notes,
        };
      }),
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
