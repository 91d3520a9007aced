import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { after, describe, test } from 'node:test';

// `npm start` as a person runs it, in its cheap mode: `node dist/start.js --emulator-only`
// starts only the emulator, whose URL shows a page (not a 404), and Ctrl+C stops it cleanly.

const startJs = resolve(__dirname, '../../../dist/start.js');

function start(args: string[]): {
  child: ChildProcess;
  output: () => string;
  waitFor: (re: RegExp) => Promise<RegExpExecArray>;
} {
  const env: NodeJS.ProcessEnv = { ...process.env, TAS_EMULATOR_PORT: '0' };
  delete env['CODE_BINARY'];
  const child = spawn(process.execPath, [startJs, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer): void => {
    out += d.toString();
    for (const w of waiters) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitFor = (re: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolveWait, reject) => {
      const check = (): void => {
        const m = re.exec(out);
        if (m) {
          waiters.delete(check);
          resolveWait(m);
        }
      };
      waiters.add(check);
      child.once('exit', () => {
        waiters.delete(check);
        const m = re.exec(out);
        if (m) resolveWait(m);
        else reject(new Error(`start.js ended without printing ${re}; it printed:\n${out}`));
      });
      check();
    });
  return { child, output: () => out, waitFor };
}

describe('npm start -- --emulator-only', () => {
  const children: ChildProcess[] = [];
  after(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  test(
    'serves the emulator alone; its URL answers / with a page; Ctrl+C stops it with exit code 0',
    { timeout: 30_000 },
    async () => {
      const run = start(['--emulator-only']);
      children.push(run.child);
      const [, url] = await run.waitFor(/emulator with demo data: (http:\/\/127\.0\.0\.1:\d+)/);
      await run.waitFor(/Only the emulator \(--emulator-only\)\. Press Ctrl\+C to stop\./);
      const res = await fetch(`${url}/`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /Test Automation Service emulator/);
      const exited = once(run.child, 'exit');
      run.child.kill('SIGINT');
      const [code] = (await exited) as [number | null];
      assert.equal(code, 0, run.output());
      await assert.rejects(fetch(`${url}/_emulator/health`), 'the emulator is stopped');
    },
  );

  test('an unknown option ends at once with the usage, starting nothing', { timeout: 30_000 }, async () => {
    const run = start(['--emulatr-only']);
    children.push(run.child);
    const [code] = (await once(run.child, 'exit')) as [number | null];
    assert.equal(code, 2);
    assert.match(run.output(), /does not know the option "--emulatr-only"/);
    assert.match(run.output(), /--emulator-only {3}only the emulator/);
    assert.doesNotMatch(run.output(), /emulator with demo data: http/);
  });
});
