import {
  type HostWords,
  type Notice,
  type RequestLogEntry,
  type SessionOptions,
  SettingClamps,
  START_END_SETTINGS,
  type StartEndSetting,
  startEndSetting,
  TasClient,
} from '../../server/src/core';
import { terminalWords } from './words';
import { requireCredentials, findCredentials, type CredentialSource } from './credentials';
import { type ExitCode, UsageError } from './exitCodes';
import type { Output } from './output';
import { envNumber, NUMERIC_VARIABLES, type NumericVariable } from './variables';
import { VERSION } from './version';

// What a command gets: output, the process environment, global options and the service client
// (made on first use from the credentials, closed when the command ends).

export interface GlobalOptions {
  profile?: string;
  json: boolean;
  verbose: boolean;
  /** --start-end, as given (checked when the client is made). */
  startEnd?: string;
  /** --allow-insecure-http or TAS_ALLOW_INSECURE_HTTP=1: plain http to another machine is allowed. */
  allowInsecureHttp: boolean;
}

export class Context {
  private made: { client: TasClient; source: CredentialSource } | undefined;
  /** Clients of other profiles (tas copy --to), closed with the command. */
  private readonly others = new Map<string, { client: TasClient; source: CredentialSource }>();
  private readonly abort = new AbortController();
  /** Numbers from environment variables are clamped like the editor's settings, and said once per run. */
  private readonly clamps = new SettingClamps((message) =>
    this.out.err(this.out.paint(`warning ${message}`, 'yellow', 'err')),
  );

  constructor(
    readonly out: Output,
    readonly env: NodeJS.ProcessEnv,
    readonly options: GlobalOptions,
    /** The folder relative paths are read from (the process's working folder). */
    readonly cwd: string,
    readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown },
  ) {}

  /** Aborted on Ctrl-C: long waits stop, and nothing new is started. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  interrupt(): void {
    this.abort.abort(new Error('interrupted'));
  }

  /** The number in a TAS_* variable, in its range (its default when unset); a value clamped or ignored is said once. */
  number(variable: NumericVariable): number {
    return this.clamps.readRange(variable, NUMERIC_VARIABLES[variable], envNumber(this.env[variable]), variable);
  }

  /** Credentials are configured (for commands that also work without them). */
  hasCredentials(): boolean {
    return this.made !== undefined || findCredentials(this.env, this.options.profile) !== undefined;
  }

  /** The next steps of failures, naming where this command's credentials came from (once they are read). */
  get words(): HostWords {
    return terminalWords(this.made?.source.origin);
  }

  get source(): CredentialSource {
    return this.connect().source;
  }

  get client(): TasClient {
    return this.connect().client;
  }

  /** A client of the named profile, besides this command's own (made once, closed when the command ends). */
  profileClient(name: string): { client: TasClient; source: CredentialSource } {
    let made = this.others.get(name);
    if (!made) {
      const source = requireCredentials(this.env, name);
      made = {
        client: new TasClient(
          { ...source.environment, allowInsecureHttp: this.options.allowInsecureHttp },
          this.sessionOptions(),
        ),
        source,
      };
      this.others.set(name, made);
    }
    return made;
  }

  private connect(): { client: TasClient; source: CredentialSource } {
    if (!this.made) {
      const source = requireCredentials(this.env, this.options.profile);
      const client = new TasClient(
        { ...source.environment, allowInsecureHttp: this.options.allowInsecureHttp },
        {
          ...this.sessionOptions(),
        },
      );
      this.made = { client, source };
    }
    return this.made;
  }

  /**
   * What every client of this run is made with: the user agent, the timeout, how start/end are
   * read (--start-end, else TAS_START_END, else learnt), the page cap (TAS_MAX_LIST_PAGES), and
   * the notices: a cut list always on stderr, the readings learnt with --verbose; with --verbose
   * every request (validate and login make clients of their own).
   */
  sessionOptions(): SessionOptions {
    return {
      userAgent: `tas-cli/${VERSION}`,
      timeoutMs: this.number('TAS_REQUEST_TIMEOUT') * 1000,
      startEnd: this.startEnd(),
      startEndPin: this.startEndPin(),
      maxBodyBytes: this.number('TAS_MAX_BODY_MB') * 1024 * 1024,
      scrubber: this.out.secrets,
      ...(this.options.verbose && { onRequest: (e: RequestLogEntry) => this.logRequest(e) }),
      maxListPages: this.number('TAS_MAX_LIST_PAGES'),
      onNotice: (n: Notice) => {
        if (n.level === 'warning') this.out.err(this.out.paint(n.message, 'yellow', 'err'));
        else if (this.options.verbose) this.out.err(this.out.paint(n.message, 'dim', 'err'));
      },
    };
  }

  private startEnd(): StartEndSetting {
    const given = this.options.startEnd ?? this.env['TAS_START_END'];
    if (given === undefined || given === '') return 'auto';
    const setting = startEndSetting(given);
    const from = this.options.startEnd !== undefined ? '--start-end' : 'TAS_START_END';
    if (!setting) throw new UsageError(`${from} takes ${START_END_SETTINGS.join(', ')}, not "${given}".`);
    return setting;
  }

  /** What pins a reading, named as the user gave it (a learnt reading means auto, given or not). */
  private startEndPin(): string {
    if (this.options.startEnd !== undefined) return '--start-end offsets or --start-end none';
    if (this.env['TAS_START_END'] !== undefined) return 'TAS_START_END=offsets or TAS_START_END=none';
    return '--start-end offsets or --start-end none (or TAS_START_END)';
  }

  private logRequest(e: RequestLogEntry): void {
    // The log entry holds no header, body or query: nothing secret reaches the terminal.
    this.out.err(
      this.out.paint(
        `${e.method} ${e.path} ${e.status ?? e.errorKind ?? ''} ${e.durationMs}ms${e.retrying ? ' (retrying)' : ''}`,
        'dim',
        'err',
      ),
    );
  }

  async close(): Promise<void> {
    await this.made?.client.close();
    for (const other of this.others.values()) await other.client.close();
  }
}

export type { ExitCode };
