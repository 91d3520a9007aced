import type { CommandSpec, Completion, OptionSpec } from './command';
import { Exit, UsageError } from './exitCodes';
import { GLOBAL_COMPLETE, GLOBAL_HELP, GLOBAL_OPTIONS } from './globalOptions';

// Shell completion scripts for bash, zsh and fish, written from the command table itself (each
// command's name, summary, options, option help and `complete`), so they cannot drift from it.

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Option {
  long: string;
  short?: string;
  /** Takes a value: what to offer for it (undefined: nothing). */
  takes?: Completion | 'nothing';
  help: string;
}

interface Entry {
  name: string;
  summary: string;
  options: Option[];
  positionals?: Completion;
}

function optionsOf(
  spec: OptionSpec,
  help: Record<string, [string, string]>,
  complete: Record<string, Completion> = {},
): Option[] {
  return Object.entries(spec).map(([long, o]) => ({
    long,
    ...(o.short !== undefined && { short: o.short }),
    ...(o.type === 'string' && { takes: complete[long] ?? 'nothing' }),
    help: help[long]?.[1] ?? '',
  }));
}

function entries(commands: readonly CommandSpec[]): { global: Option[]; commands: Entry[] } {
  const global = optionsOf(GLOBAL_OPTIONS, GLOBAL_HELP, GLOBAL_COMPLETE);
  const names = commands.map((c) => c.name);
  return {
    global,
    commands: [
      ...commands.map((c) => ({
        name: c.name,
        summary: c.summary,
        options: optionsOf(c.options, c.optionHelp, c.complete?.options),
        ...(c.complete?.positionals !== undefined && { positionals: c.complete.positionals }),
      })),
      { name: 'help', summary: 'Show the help of a command.', options: [], positionals: names },
    ],
  };
}

const words = (c: readonly string[]): string => c.join(' ');
/** Single-quoted for any of the three shells ('\'' closes, escapes and reopens). */
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const fishQuote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function bash(all: ReturnType<typeof entries>): string {
  const flags = (opts: Option[]) => words(opts.flatMap((o) => [`--${o.long}`, ...(o.short ? [`-${o.short}`] : [])]));
  const valueCase = (opts: Option[]) =>
    opts
      .filter((o) => o.takes !== undefined)
      .map((o) => {
        const pattern = [`--${o.long}`, ...(o.short ? [`-${o.short}`] : [])].join('|');
        return `        ${pattern}) ${offer(o.takes!)}; return ;;`;
      });
  const offer = (c: Completion | 'nothing'): string =>
    c === 'nothing'
      ? 'COMPREPLY=()'
      : c === 'files'
        ? '_tas_files'
        : c === 'folders'
          ? '_tas_folders'
          : `COMPREPLY=($(compgen -W ${quote(words(c))} -- "$cur"))`;
  const globalValues = valueCase(all.global);
  const cases = all.commands.map((c) =>
    [
      `    ${c.name})`,
      `      case "$prev" in`,
      ...valueCase(c.options),
      ...globalValues,
      '      esac',
      `      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W ${quote(`${flags(c.options)} ${flags(all.global)}`.trim())} -- "$cur"))`,
      `      else ${c.positionals === undefined ? 'COMPREPLY=()' : offer(c.positionals)}; fi`,
      '      ;;',
    ].join('\n'),
  );
  const valued = all.global.filter((o) => o.takes !== undefined).map((o) => `--${o.long}`);
  return `# bash completion for tas (written by: tas completion bash).
# Load it now:       source <(tas completion bash)
# Or for every shell: tas completion bash > ~/.local/share/bash-completion/completions/tas
_tas_files() { compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur"); }
_tas_folders() { compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur"); }
_tas() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} cmd='' i
  # --name=value: bash splits at the =.
  if [[ $cur == = ]]; then cur=''; fi
  if [[ $prev == = ]] && ((COMP_CWORD >= 2)); then prev=\${COMP_WORDS[COMP_CWORD-2]}; fi
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${valued.join('|')}) [[ \${COMP_WORDS[i+1]} == = ]] || ((i++)) ;;
      =) ((i++)) ;;
      -*) ;;
      *) cmd=\${COMP_WORDS[i]}; break ;;
    esac
  done
  case $cmd in
    '')
      case "$prev" in
${globalValues.join('\n')}
      esac
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W ${quote(`${flags(all.global)} --version`)} -- "$cur"))
      else COMPREPLY=($(compgen -W ${quote(words(all.commands.map((c) => c.name)))} -- "$cur")); fi
      ;;
${cases.join('\n')}
  esac
}
complete -F _tas tas
`;
}

/** Text inside a zsh _arguments description: no brackets or colons, which end it. */
const zshText = (s: string): string => s.replace(/[[\]]/g, '').replace(/:/g, ' -');

function zsh(all: ReturnType<typeof entries>): string {
  const action = (c: Completion | 'nothing'): string =>
    c === 'nothing' ? ' ' : c === 'files' ? '_files' : c === 'folders' ? '_files -/' : `(${c.join(' ')})`;
  const specs = (opts: Option[]): string[] =>
    opts.map((o) => {
      const value = o.takes === undefined ? '' : `:${o.long}:${action(o.takes)}`;
      const help = `[${zshText(o.help)}]`;
      if (!o.short) return quote(`--${o.long}${o.takes !== undefined ? '=' : ''}${help}${value}`);
      const names = `(-${o.short} --${o.long})`;
      return `${quote(names)}{-${o.short},--${o.long}${o.takes !== undefined ? '=' : ''}}${quote(`${help}${value}`)}`;
    });
  const global = specs(all.global);
  const cases = all.commands.map((c) => {
    const rest = c.positionals === undefined ? [] : [quote(`*:argument:${action(c.positionals)}`)];
    return [
      `      ${c.name})`,
      `        _arguments -s ${[...specs(c.options), ...global, ...rest].join(' \\\n          ')}`,
      '        ;;',
    ].join('\n');
  });
  return `#compdef tas
# zsh completion for tas (written by: tas completion zsh).
# Load it now:        source <(tas completion zsh)
# Or for every shell: tas completion zsh > "\${fpath[1]}/_tas"   (then start a new shell)
_tas() {
  local curcontext=$curcontext state line
  local -A opt_args
  local -a commands
  commands=(
${all.commands.map((c) => `    ${quote(`${c.name}:${c.summary}`)}`).join('\n')}
  )
  _arguments -C -s ${global.join(' ')} '(- *)--version[print the version]' '1: :->command' '*:: :->argument'
  case $state in
    command) _describe -t commands 'tas command' commands ;;
    argument)
      case $words[1] in
${cases.join('\n')}
      esac
      ;;
  esac
}
# Autoloaded from $fpath, this file is the body of _tas: complete now. Sourced: register.
if [[ $funcstack[1] == _tas ]]; then _tas "$@"; else compdef _tas tas; fi
`;
}

function fish(all: ReturnType<typeof entries>): string {
  const line = (condition: string, o: Option): string => {
    const value =
      o.takes === undefined
        ? ''
        : o.takes === 'nothing'
          ? ' -x'
          : o.takes === 'files'
            ? ' -r -F'
            : o.takes === 'folders'
              ? " -x -a '(__fish_complete_directories)'"
              : ` -x -a ${fishQuote(words(o.takes))}`;
    return `complete -c tas${condition} -l ${o.long}${o.short ? ` -s ${o.short}` : ''}${value} -d ${fishQuote(o.help)}`;
  };
  // The command is the first word that is neither an option nor the value of a global option
  // (`tas --profile ci rerun`): fish's __fish_use_subcommand took `ci` for the command.
  const valued = all.global.filter((o) => o.takes !== undefined).map((o) => `--${o.long}`);
  const lines = [
    '# fish completion for tas (written by: tas completion fish).',
    '# Load it now:        tas completion fish | source',
    '# Or for every shell: tas completion fish > ~/.config/fish/completions/tas.fish',
    'function __tas_command',
    '    set -l tokens (commandline -opc)',
    '    set -e tokens[1]',
    '    while set -q tokens[1]',
    `        if contains -- $tokens[1] ${valued.join(' ')}`,
    '            set -e tokens[1]',
    "        else if not string match -q -- '-*' $tokens[1]",
    '            echo $tokens[1]',
    '            return 0',
    '        end',
    '        set -e tokens[1]',
    '    end',
    '    return 1',
    'end',
    'function __tas_needs_command',
    '    not __tas_command >/dev/null',
    'end',
    'function __tas_using_command',
    '    set -l command (__tas_command)',
    '    and test "$command" = $argv[1]',
    'end',
    'complete -c tas -f',
    "complete -c tas -n __tas_needs_command -l version -d 'print the version'",
    ...all.global.map((o) => line('', o)),
    ...all.commands.map((c) => `complete -c tas -n __tas_needs_command -a ${c.name} -d ${fishQuote(c.summary)}`),
  ];
  for (const c of all.commands) {
    const when = ` -n ${fishQuote(`__tas_using_command ${c.name}`)}`;
    lines.push(...c.options.map((o) => line(when, o)));
    if (c.positionals === 'files') lines.push(`complete -c tas${when} -F`);
    else if (c.positionals === 'folders') lines.push(`complete -c tas${when} -x -a '(__fish_complete_directories)'`);
    else if (c.positionals !== undefined) lines.push(`complete -c tas${when} -x -a ${fishQuote(words(c.positionals))}`);
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, commands: readonly CommandSpec[]): string {
  const all = entries(commands);
  return shell === 'bash' ? bash(all) : shell === 'zsh' ? zsh(all) : fish(all);
}

/** `tas completion <shell>`; `commands` is read when it runs, so the table may include this command. */
export function completionCommand(commands: () => readonly CommandSpec[]): CommandSpec {
  return {
    name: 'completion',
    summary: 'Print a shell completion script (bash, zsh or fish).',
    action: 'write the completion script',
    usage: 'tas completion bash|zsh|fish',
    description: [
      'Prints a script that completes tas commands, options and their values in your shell:',
      '  bash  source <(tas completion bash)     (or save it in ~/.local/share/bash-completion/completions/tas)',
      '  zsh   source <(tas completion zsh)      (or save it as _tas in a folder of $fpath)',
      '  fish  tas completion fish | source      (or save it in ~/.config/fish/completions/tas.fish)',
    ].join('\n'),
    options: {},
    optionHelp: {},
    positionals: { min: 1, max: 1 },
    complete: { positionals: SHELLS },
    run(ctx, _values, [shell]) {
      if (!SHELLS.includes(shell as Shell))
        return Promise.reject(new UsageError(`the shells are bash, zsh and fish, not "${shell}".`));
      ctx.out.out(completionScript(shell as Shell, commands()).trimEnd());
      return Promise.resolve(Exit.ok);
    },
  };
}
