import type { ParseArgsConfig } from 'node:util';
import type { Context } from './context';
import type { ExitCode } from './exitCodes';

// The shape of one command: its help, its options (node:util parseArgs) and what it does.

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandSpec {
  name: string;
  /** One line for `tas --help`. */
  summary: string;
  /** What it does, for failure messages: "Could not <action>: ...". */
  action: string;
  /** `tas validate [paths or globs...]`. */
  usage: string;
  /** Paragraphs after the usage line. */
  description: string;
  options: OptionSpec;
  /** Words for each option in the help, by option name: [argument, text]. */
  optionHelp: Record<string, [string, string]>;
  positionals: { min: number; max?: number };
  /**
   * What shell completion offers (`tas completion`): for the arguments, files or a fixed list
   * (nothing when left out: ids and names); per option that takes a value, files, folders or a
   * fixed list (nothing when left out).
   */
  complete?: { positionals?: Completion; options?: Record<string, Completion> };
  run(ctx: Context, values: Values, positionals: string[]): Promise<ExitCode>;
}

/** Files, folders, or these words. */
export type Completion = 'files' | 'folders' | readonly string[];

export const str = (v: Values[string]): string | undefined => (typeof v === 'string' ? v : undefined);
export const flag = (v: Values[string]): boolean => v === true;
