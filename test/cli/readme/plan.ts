import type { CliResult } from '../harness';
import type { Workspace } from './workspace';

// How readmeExamples.test.ts runs an example: the shapes of its table (scenarios*.ts).

export interface Step {
  /** The manual's example(s) this step runs, exactly as the manual writes them. */
  example: string | readonly string[];
  /**
   * The command line bash runs. Left out: the example itself. Else the example with its
   * placeholders (FILE, ID, <file>, ...) filled, a synopsis made concrete, or a command named in
   * prose given the arguments its sentence implies. `{name}` is replaced with `w.vars[name]`.
   */
  line?: string;
  /**
   * The exit code the manual states for what this step does, with the manual's words that state
   * it (each found in the manual, naming the code or standing in that code's row of "Exit codes").
   * Without it, the manual presents the example as working: exit 0.
   */
  exit?: { code: number; says: readonly string[] };
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Ctrl-C (SIGINT to the command's process group) once the output matches. */
  interrupt?: RegExp;
  before?: (w: Workspace) => void | Promise<void>;
  /** What else the manual says the example does, checked on its result. */
  check?: (r: CliResult, w: Workspace) => void;
}

export interface Scenario {
  title: string;
  /** Runs on a fresh workspace (both emulators back at their demo data) before the steps. */
  setup?: (w: Workspace) => void | Promise<void>;
  steps: Step[];
}

export const examplesOf = (step: Step): readonly string[] =>
  typeof step.example === 'string' ? [step.example] : step.example;

/** An example with `[options]`, `a|b` alternatives or `...`: a usage line, run made concrete. */
export const isSynopsis = (text: string): boolean => /\[|\.\.\.|\S\|\S/.test(text);

/** Placeholders: `<...>`, and words in capitals outside quotes that are not `NAME=value` variables. */
const PLACEHOLDER = /<[^>]+>|(?<![\w$'"-])[A-Z][A-Z_]*(?![\w=])/g;

export function hasPlaceholders(text: string): boolean {
  return [...text.replace(/'[^']*'|"[^"]*"/g, '""').matchAll(PLACEHOLDER)].length > 0;
}

/** A line that fills the example's placeholders, one word (or quoted words) each, and keeps every other word. */
export function fills(example: string, line: string): boolean {
  const pattern = example
    .split(PLACEHOLDER)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(`(?:"[^"]*"|'[^']*'|\\S+)`);
  return new RegExp(`^${pattern}$`).test(line);
}

/** A line that keeps the example's words in their order, adding arguments its sentence implies. */
export function extends_(example: string, line: string): boolean {
  const words = line.split(/\s+/);
  let at = 0;
  for (const word of example.split(/\s+/)) {
    while (at < words.length && words[at] !== word) at++;
    if (at++ >= words.length) return false;
  }
  return true;
}

/** The options a synopsis names (`--format`, `--map`, ...). */
export const optionsOf = (synopsis: string): string[] => [...new Set(synopsis.match(/--[a-z][\w-]*/g) ?? [])];
