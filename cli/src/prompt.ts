import { createInterface } from 'node:readline';
import type { Context } from './context';
import { CliError, Exit } from './exitCodes';

// Questions on the terminal. The secret is read without echo; when stdin is not a terminal (a
// pipe in CI) its first line is the answer, so a secret never has to be an argument.

export async function ask(ctx: Context, question: string): Promise<string> {
  const rl = createInterface({ input: ctx.stdin, terminal: false });
  try {
    if (ctx.stdin.isTTY) process.stderr.write(question);
    const line = await new Promise<string | undefined>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(undefined));
    });
    if (line === undefined) throw new CliError(`No answer to "${question.trim()}": stdin ended.`, Exit.usage);
    return line.trim();
  } finally {
    rl.close();
  }
}

export async function askSecret(ctx: Context, question: string): Promise<string> {
  const input = ctx.stdin;
  if (!input.isTTY || !input.setRawMode) return ask(ctx, question);
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let value = '';
      const onData = (chunk: Buffer | string) => {
        for (const ch of chunk.toString('utf8')) {
          if (ch === '\r' || ch === '\n') {
            input.removeListener('data', onData);
            process.stderr.write('\n');
            return resolve(value);
          }
          if (ch === '\u0003') {
            input.removeListener('data', onData);
            process.stderr.write('\n');
            return reject(new CliError('Cancelled.', Exit.usage));
          }
          if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
          else if (ch >= ' ') value += ch;
        }
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
  }
}
