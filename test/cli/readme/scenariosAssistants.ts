import { strict as assert } from 'node:assert';
import type { Scenario } from './plan';

// The manual's examples of `tas mcp` (docs/assistants.md, docs/cli.md): each run as written, with
// an MCP client's first messages on its stdin; stdin then ends, and so does the server (exit 0).
// test/cli/mcp.test.ts drives it with a real client.

const SYNOPSIS = 'tas mcp [--workspace DIR] [--allow-changes]';

/** What a client sends first (initialize, then initialized), then one request of its own. */
const session = (request: { method: string; params?: unknown }): string =>
  [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'readme', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, ...request },
  ]
    .map((m) => `${JSON.stringify(m)}\n`)
    .join('');

/** The answer to request 2 on stdout. */
const answerOf = (stdout: string): Record<string, unknown> => {
  const line = stdout.split('\n').find((l) => l.includes('"id":2'));
  assert.ok(line, stdout);
  return JSON.parse(line) as Record<string, unknown>;
};

export const ASSISTANT_SCENARIOS: Scenario[] = [
  {
    title: 'tas mcp: read-only by default, the acting tools allowed with --allow-changes',
    setup: (w) => {
      w.sample('voice-call-mo.testcase.json', 'voice-call-mo.testcase.json');
      w.sample('voice-call-mo.testcase.json', 'cases/smoke.testcase.json');
    },
    steps: [
      {
        example: ['tas mcp', SYNOPSIS],
        input: session({ method: 'tools/list' }),
        check: (r) => {
          const tools = (answerOf(r.stdout)['result'] as { tools: { name: string }[] }).tools.map((t) => t.name);
          assert.ok(tools.includes('validate_files') && tools.includes('run_test_case'), tools.join(' '));
          assert.match(r.stderr, /read-only: acting tools refuse/);
        },
      },
      {
        example: ['tas mcp --workspace cases --allow-changes', SYNOPSIS],
        input: session({ method: 'tools/call', params: { name: 'validate_files', arguments: {} } }),
        check: (r) => {
          const result = answerOf(r.stdout)['result'] as { structuredContent: { checked: number } };
          assert.ok(result.structuredContent.checked >= 1, 'the files of cases/ were checked');
          assert.match(
            r.stderr,
            /serving \S+\/cases over stdio, asking http:\/\/127\.0\.0\.1:\d+ with the credentials of profile \w+; changes allowed\./,
          );
        },
      },
    ],
  },
];
