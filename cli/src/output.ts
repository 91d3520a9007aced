import { SecretScrubber } from '../../server/src/core';

// Everything the CLI writes: results to stdout, messages and progress to stderr. Colour only on
// a terminal and never with NO_COLOR; a progress bar on a terminal, plain lines otherwise. Every
// line is scrubbed of secrets on its way out: the sessions teach `secrets` the client secret and
// each token, and secret JSON members are masked by the one rule (core/secrets/rule.ts).

export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

const CODES = { red: 31, yellow: 33, green: 32, cyan: 36, dim: 2, bold: 1 } as const;
export type Colour = keyof typeof CODES;

export class Output {
  readonly colour: boolean;
  readonly errColour: boolean;
  /** Shared with every session of this run (SessionOptions.scrubber). */
  readonly secrets = new SecretScrubber();
  private progressShown = false;
  /** A stream whose reader went away. */
  private readonly closed = new Set<NodeJS.WritableStream>();

  constructor(
    private readonly streams: Streams,
    env: NodeJS.ProcessEnv,
    noColor = false,
  ) {
    // A reader that stops early (`tas devices | head -3`) closes the pipe: the rest is not
    // written, and the command still ends as it would, with its own exit code.
    for (const stream of [streams.stdout, streams.stderr]) {
      stream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE') throw err;
        this.closed.add(stream);
      });
    }
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    const allowed = !noColor && !env['NO_COLOR'] && env['TERM'] !== 'dumb';
    this.colour = allowed && streams.stdout.isTTY === true;
    this.errColour = allowed && streams.stderr.isTTY === true;
  }

  paint(text: string, colour: Colour, stream: 'out' | 'err' = 'out'): string {
    const on = stream === 'out' ? this.colour : this.errColour;
    return on ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
  }

  out(line = ''): void {
    this.clearProgress();
    this.write(this.streams.stdout, `${line}\n`);
  }

  err(line: string): void {
    this.clearProgress();
    this.write(this.streams.stderr, `${line}\n`);
  }

  private write(stream: NodeJS.WritableStream, text: string): void {
    if (!this.closed.has(stream)) stream.write(this.secrets.scrub(text));
  }

  json(value: unknown): void {
    this.out(JSON.stringify(value, null, 2));
  }

  /** A table of rows under a header, columns padded to their widest cell. */
  table(header: string[], rows: (string | number | undefined)[][]): void {
    const cells = [header, ...rows.map((r) => r.map((c) => (c === undefined ? '' : String(c))))];
    const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
    cells.forEach((r, n) => {
      const line = r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd();
      this.out(n === 0 ? this.paint(line, 'bold') : line);
    });
  }

  /** Progress of a long operation: a redrawn bar on a terminal, a line per step otherwise. */
  progress(done: number, total: number, label: string): void {
    if (this.streams.stderr.isTTY === true) {
      const width = Math.max(10, Math.min(40, (this.streams.stderr.columns ?? 80) - label.length - 20));
      const filled = total > 0 ? Math.round((done / total) * width) : 0;
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      this.write(this.streams.stderr, `\r\u001b[2K${label} [${bar}] ${done}/${total}`);
      this.progressShown = true;
    } else {
      this.write(this.streams.stderr, `${label}: ${done}/${total}\n`);
    }
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.write(this.streams.stderr, '\r\u001b[2K');
    this.progressShown = false;
  }
}
