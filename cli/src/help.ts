import type { CommandSpec, OptionSpec } from './command';
import { EXIT_MEANINGS } from './exitCodes';
import { GLOBAL_HELP } from './globalOptions';
import { VERSION } from './version';

// Help texts: `tas --help` lists the commands, `tas <command> --help` documents one.

/** Written from the code's own table, so help and exit codes cannot drift apart. */
const EXIT_CODES = [
  'Exit codes:',
  ...Object.entries(EXIT_MEANINGS).map(([code, meaning]) => `  ${code}  ${meaning}`),
].join('\n');

function optionLines(options: OptionSpec, words: Record<string, [string, string]>): string[] {
  const rows = Object.entries(options).map(([name, spec]) => {
    const [arg, text] = words[name] ?? ['', ''];
    const short = spec.short ? `-${spec.short}, ` : '    ';
    return [`${short}--${name}${arg ? ` ${arg}` : ''}`, text] as const;
  });
  const width = Math.max(0, ...rows.map(([a]) => a.length));
  return rows.map(([a, t]) => `  ${a.padEnd(width)}  ${t}`);
}

export function commandHelp(c: CommandSpec, global: OptionSpec): string {
  const own = Object.keys(c.options).length > 0 ? ['', 'Options:', ...optionLines(c.options, c.optionHelp)] : [];
  return [
    `Usage: ${c.usage}`,
    '',
    c.description,
    ...own,
    '',
    'Global options:',
    ...optionLines(global, GLOBAL_HELP),
    '',
    EXIT_CODES,
    '',
  ].join('\n');
}

export function mainHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `tas ${VERSION}: the Test Automation Service on the command line.`,
    '',
    'Usage: tas <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Credentials: TAS_BASE_URL, TAS_CLIENT_ID and TAS_CLIENT_SECRET, or --profile NAME (written by tas login).',
    'Run tas <command> --help for its options, tas version (or tas --version) for the version.',
    '',
    EXIT_CODES,
    '',
  ].join('\n');
}
