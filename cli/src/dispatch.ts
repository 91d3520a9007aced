import { parseArgs } from 'node:util';
import { distance, insecureHttpAllowed } from '../../server/src/core';
import { COMMANDS } from './commands';
import type { CommandSpec, Values } from './command';
import { Context } from './context';
import { CliError, Exit, exitCodeOf, failureText, UsageError, type ExitCode } from './exitCodes';
import { GLOBAL_OPTIONS } from './globalOptions';
import { commandHelp, mainHelp } from './help';
import { Output, type Streams } from './output';
import { VERSION } from './version';

// Reads the command line, runs one command, and turns whatever it ends with into an exit code.

export interface Process {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  streams: Streams;
  stdin: Context['stdin'];
  /** Called with the context once it exists, so Ctrl-C can interrupt it. */
  onContext?: (ctx: Context) => void;
}

/** Global options written before the command (`tas --json devices`) go after it. */
function commandFirst(argv: string[]): string[] {
  const before: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const name = /^--([a-z-]+)(=.*)?$/.exec(argv[i]!)?.[1];
    const spec = name === undefined || name === 'help' ? undefined : GLOBAL_OPTIONS[name];
    if (!spec) break;
    before.push(argv[i]!);
    if (spec.type === 'string' && !argv[i]!.includes('=') && i + 1 < argv.length) before.push(argv[++i]!);
  }
  return i < argv.length ? [argv[i]!, ...before, ...argv.slice(i + 1)] : argv;
}

/** The command a mistyped name most likely meant (at most two letters off). */
function closest(name: string): string | undefined {
  const best = COMMANDS.map((c) => ({ name: c.name, d: distance(name, c.name) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 2 ? best.name : undefined;
}

/** node:util's parseArgs messages, in the words of the rest of tas. */
function argumentProblem(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(e.message ?? '')?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}.`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    return /ambiguous/.test(e.message ?? '')
      ? `${option} needs a value (one that starts with - is written ${option}=-...).`
      : `${option} takes a value.`;
  }
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'this command takes no such argument.';
  return e.message ?? String(err);
}

export async function dispatch(p: Process): Promise<ExitCode> {
  const noColor = p.argv.includes('--no-color');
  const out = new Output(p.streams, p.env, noColor);
  // A leading `--` is npx's end of its own options (`npx tas -- --version`), not an argument of tas.
  const [first, ...rest] = commandFirst(p.argv[0] === '--' ? p.argv.slice(1) : p.argv);
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
    const meant = closest(first);
    out.err(
      `tas: unknown command "${first}".${meant ? ` Did you mean tas ${meant}?` : ''} Run tas --help for the list.`,
    );
    return Exit.usage;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parse(command, rest);
  } catch (err) {
    out.err(
      `tas ${command.name}: ${err instanceof UsageError ? err.message : argumentProblem(err)}\nRun tas ${command.name} --help for its options.`,
    );
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
      ...(typeof parsed.values['start-end'] === 'string' && { startEnd: parsed.values['start-end'] }),
      allowInsecureHttp:
        parsed.values['allow-insecure-http'] === true || insecureHttpAllowed(p.env['TAS_ALLOW_INSECURE_HTTP']),
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
    out.err(err instanceof CliError ? err.message : failureText(err, command.action, ctx.words));
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
