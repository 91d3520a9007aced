import { parseArgs } from 'node:util';
import { COMMANDS } from './commands';
import type { CommandSpec, OptionSpec, Values } from './command';
import { Context } from './context';
import { CliError, Exit, exitCodeOf, failureText, UsageError, type ExitCode } from './exitCodes';
import { commandHelp, mainHelp } from './help';
import { Output, type Streams } from './output';
import { VERSION } from './version';

// Reads the command line, runs one command, and turns whatever it ends with into an exit code.

export const GLOBAL_OPTIONS: OptionSpec = {
  profile: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export interface Process {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  streams: Streams;
  stdin: Context['stdin'];
  /** Called with the context once it exists, so Ctrl-C can interrupt it. */
  onContext?: (ctx: Context) => void;
}

export async function dispatch(p: Process): Promise<ExitCode> {
  const noColor = p.argv.includes('--no-color');
  const out = new Output(p.streams, p.env, noColor);
  const [first, ...rest] = p.argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    out.out(topic ? commandHelp(topic, GLOBAL_OPTIONS) : mainHelp(COMMANDS));
    return first === undefined ? Exit.usage : Exit.ok;
  }
  if (first === '--version' || first === '-v') {
    out.out(VERSION);
    return Exit.ok;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    out.err(`tas: unknown command "${first}". Run tas --help for the list.`);
    return Exit.usage;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parse(command, rest);
  } catch (err) {
    out.err(`tas ${command.name}: ${(err as Error).message}\nRun tas ${command.name} --help for its options.`);
    return Exit.usage;
  }
  if (parsed.values['help'] === true) {
    out.out(commandHelp(command, GLOBAL_OPTIONS));
    return Exit.ok;
  }
  const ctx = new Context(
    out,
    p.env,
    {
      ...(typeof parsed.values['profile'] === 'string' && { profile: parsed.values['profile'] }),
      json: parsed.values['json'] === true,
      verbose: parsed.values['verbose'] === true,
    },
    p.cwd,
    p.stdin,
  );
  p.onContext?.(ctx);
  try {
    return await command.run(ctx, parsed.values, parsed.positionals);
  } catch (err) {
    if (err instanceof UsageError) {
      out.err(`tas ${command.name}: ${err.message}`);
      return Exit.usage;
    }
    out.err(err instanceof CliError ? err.message : failureText(err, command.summary.replace(/\.$/, '').toLowerCase()));
    return exitCodeOf(err);
  } finally {
    await ctx.close();
  }
}

function parse(command: CommandSpec, args: string[]): { values: Values; positionals: string[] } {
  const { values, positionals } = parseArgs({
    args,
    options: { ...GLOBAL_OPTIONS, ...command.options },
    allowPositionals: true,
    strict: true,
  });
  if (values['help'] !== true) {
    const { min, max } = command.positionals;
    if (positionals.length < min) throw new UsageError(`missing arguments: ${command.usage}`);
    if (max !== undefined && positionals.length > max) throw new UsageError(`too many arguments: ${command.usage}`);
  }
  return { values, positionals };
}
