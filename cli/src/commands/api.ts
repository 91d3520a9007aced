import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiError, type Operation, OPERATIONS, type QueryValue } from '../../../server/src/core';
import { str, type CommandSpec } from '../command';
import { CliError, Exit, exitCodeOf, UsageError } from '../exitCodes';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/**
 * The operation of the interface a request names, with its path parameters: so `tas api` gets
 * the same retry rule (never repeat what can start or create) and body shaping as the commands.
 */
export function matchOperation(method: string, path: string): { op: Operation; params: Record<string, string> } {
  for (const op of Object.values(OPERATIONS) as Operation[]) {
    if (op.method !== method) continue;
    const names: string[] = [];
    const source = op.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{(\w+)\}/g, (_m, n: string) => (names.push(n), '([^/]+)'));
    const m = new RegExp(`^${source}$`).exec(path);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')])) };
  }
  // Not in the document: only a read may be repeated.
  return { op: { method: method as Operation['method'], path, retry: method === 'GET' }, params: {} };
}

export const api: CommandSpec = {
  name: 'api',
  summary: "Call any operation of the service with the session's token handling.",
  action: 'call the service',
  usage: 'tas api <METHOD> <path> [--data JSON|@file|@-]',
  description: [
    'Sends one request and prints the answer as JSON. The path may leave out /api/v2 and may carry',
    'a query string: tas api GET "testcases?page=0&size=5". Reads are retried on a network failure,',
    '429 or 5xx; calls that can start or create something are never repeated.',
  ].join('\n'),
  options: { data: { type: 'string', short: 'd' } },
  optionHelp: { data: ['JSON|@file|@-', 'the request body: JSON text, @ and a file name, or @- for stdin'] },
  positionals: { min: 2, max: 2 },
  complete: { positionals: [...METHODS], options: { data: 'files' } },
  async run(ctx, values, [methodArg = '', pathArg = '']) {
    const method = methodArg.toUpperCase();
    if (!METHODS.has(method)) throw new UsageError(`the method must be GET, POST, PUT or DELETE, not "${methodArg}".`);
    const [rawPath = '', search = ''] = pathArg.split('?', 2);
    const trimmed = rawPath.replace(/^\/+/, '').replace(/\/+$/, '');
    const path = `/${trimmed.startsWith('api/v2') ? trimmed : `api/v2/${trimmed}`}`.replace(/\/+$/, '');
    const query: Record<string, QueryValue> = {};
    for (const [k, v] of new URLSearchParams(search)) {
      const had = query[k];
      query[k] = had === undefined ? v : [...(Array.isArray(had) ? (had as string[]) : [String(had)]), v];
    }
    const body = readBody(str(values['data']), ctx.cwd);
    const { op, params } = matchOperation(method, path);
    let answer: unknown;
    try {
      answer = await ctx.client.session.call(op, {
        params,
        query,
        ...(body !== undefined && { body }),
        signal: ctx.signal,
      });
    } catch (err) {
      // Like curl or gh api: the request and what came back, the service's body on stdout.
      if (!(err instanceof ApiError) || err.status === undefined || err.kind === 'unauthorized') throw err;
      if (err.body !== undefined) ctx.out.json(err.body);
      throw new CliError(
        `${method} ${path} answered HTTP ${err.status}${err.serviceMessage ? `: ${err.serviceMessage}` : '.'}`,
        exitCodeOf(err),
        { cause: err },
      );
    }
    if (answer !== undefined) ctx.out.json(answer);
    return Exit.ok;
  },
};

function readBody(data: string | undefined, cwd: string): unknown {
  if (data === undefined) return undefined;
  let text = data;
  if (data.startsWith('@')) {
    const file = data.slice(1);
    try {
      text = readFileSync(file === '-' ? 0 : resolve(cwd, file), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read the body from ${file}: ${(err as Error).message}`);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`--data is not valid JSON: ${(err as Error).message}`);
  }
}
