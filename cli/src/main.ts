import { setFlagsFromString } from 'node:v8';
import { scrubText } from '../../server/src/core';
import { dispatch } from './dispatch';
import type { Context } from './context';

// Entry of `tas` (bundled into dist/cli.js): wires the process to the dispatcher.

// undici parses HTTP in WebAssembly, which V8 optimizes on a background thread; Node waits for
// that work before it exits, which added 0.1-0.2 s to every command that made a request. A
// command reads a few answers: the baseline compiler's code is fast enough. Set before undici
// compiles its parser (on the first connection).
setFlagsFromString('--liftoff-only');

let ctx: Context | undefined;
let interrupted = false;
process.on('SIGINT', () => {
  // The first Ctrl-C stops waiting and lets the command say where it stopped; the second ends it.
  if (interrupted || !ctx) process.exit(130);
  interrupted = true;
  ctx.interrupt();
});

dispatch({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  streams: { stdout: process.stdout, stderr: process.stderr },
  stdin: process.stdin,
  onContext: (c) => (ctx = c),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // Scrubbed like every other line: the run's scrubber knows its tokens; without one, the secret
    // given in the environment is still never printed.
    const text = `tas: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`;
    const secret = process.env['TAS_CLIENT_SECRET'];
    process.stderr.write(ctx ? ctx.out.secrets.scrub(text) : scrubText(text, secret ? [secret] : []));
    process.exitCode = 1;
  },
);
