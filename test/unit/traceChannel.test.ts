import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type * as vscode from 'vscode';
import { scrubbingChannel } from '../../client/src/traceChannel';

// The LSP trace goes through this channel: secrets never reach the log.

test('the trace scrubs a new device token value and the client secret by field name', () => {
  const lines: string[] = [];
  const log = { name: 'log', logLevel: 1, onDidChangeLogLevel: () => ({ dispose() {} }), trace: (m: string) => lines.push(m) } as unknown as vscode.LogOutputChannel;
  const channel = scrubbingChannel(log, () => []);
  channel.trace('Result: {\n    "ok": true,\n    "value": {\n        "deviceTokenValue": "tasdt_abc\\"def123"\n    }\n}');
  channel.trace('Params: { "clientSecret": "s3cret-value" }');
  assert.doesNotMatch(lines.join('\n'), /tasdt_abc|def123|s3cret-value/);
  assert.match(lines[0]!, /"deviceTokenValue": "\[redacted\]"/);
});
