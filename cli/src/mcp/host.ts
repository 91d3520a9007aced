import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type Actions,
  createServiceSession,
  signedOut,
  type ServiceSession,
  type SyncEngine,
} from '../../../server/src/core';
import type { Context } from '../context';
import { CliError, Exit, failureText } from '../exitCodes';
import { syncEngine } from '../syncHost';
import { serviceSession } from '../validateFiles';

// What every tool of `tas mcp` shares: the workspace, whether changes are allowed, one service
// session for the server's life (its lists cached as the editor caches them), and the one way a
// tool answers: data in a structured field, scrubbed of secrets by the run's scrubber and the one
// secret rule, or a failure in words that say the next step.

/** How long lists are kept between two calls: the editor's default (tas.cache.ttlSeconds). */
const LIST_TTL_MS = 60_000;

/** A tool that changes or starts something, called on a server started without --allow-changes. */
export class ChangesNotAllowedError extends Error {
  constructor(readonly tool: string) {
    super(
      `${tool} changes or starts something on the service, and this server only reads: it was started without --allow-changes. Nothing was sent. Ask the user to allow changes (tas mcp --allow-changes, or the editor setting tas.assistants.allowChanges) if they want this done.`,
    );
    this.name = 'ChangesNotAllowedError';
  }
}

export class McpHost {
  private made: ServiceSession | undefined;

  constructor(
    readonly ctx: Context,
    /** The workspace's folder, links resolved: every path is held inside it. */
    readonly root: string,
    readonly allowChanges: boolean,
  ) {}

  /** Credentials are set (variables, profile): the service can be asked. */
  get online(): boolean {
    return this.ctx.hasCredentials();
  }

  /** The session, made on first use; without credentials it has no environment (checks run offline). */
  session(): ServiceSession {
    this.made ??= this.online
      ? serviceSession(this.ctx, LIST_TTL_MS)
      : createServiceSession({
          words: this.ctx.words,
          sessionOptions: () => this.ctx.sessionOptions(),
          cacheTtlMs: () => LIST_TTL_MS,
        });
    return this.made;
  }

  /** The session of a tool that asks the service: without credentials, the failure says where to set them. */
  signedIn(): ServiceSession {
    if (!this.online) throw new CliError(signedOut(this.ctx.words).message, Exit.auth);
    return this.session();
  }

  /** The actions on each kind of record, on the session's client. */
  actions(): Actions {
    const session = this.signedIn();
    const env = session.environment.current;
    if (!env) throw new CliError(signedOut(this.ctx.words).message, Exit.auth);
    return session.actions(env);
  }

  sync(): SyncEngine {
    return syncEngine(this.ctx);
  }

  /** Refuses a tool that changes or starts something unless the server was started to allow it. */
  mayChange(tool: string): void {
    if (!this.allowChanges) throw new ChangesNotAllowedError(tool);
  }

  /**
   * One tool's answer: `work`'s value as structured data (and the same JSON as text, for clients
   * that read only text), or its failure in words. Everything is scrubbed on its way out.
   */
  async answer<T extends Record<string, unknown>>(
    action: string,
    work: () => Promise<T>,
    /** The answer is this program's own data (the bundled schemas), nothing of the service or a file: not scrubbed, so a schema's `password` property stays a schema. */
    ownData = false,
  ): Promise<CallToolResult> {
    try {
      const done = await work();
      const value = ownData ? done : this.ctx.out.secrets.scrubValue(done);
      return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
    } catch (err) {
      const said =
        err instanceof CliError || err instanceof ChangesNotAllowedError || isBoundaryError(err)
          ? err.message
          : failureText(err, action, this.ctx.words);
      return { isError: true, content: [{ type: 'text', text: this.ctx.out.secrets.scrub(said) }] };
    }
  }

  async close(): Promise<void> {
    await this.made?.dispose();
  }
}

/** The boundary's refusals say themselves (boundary.ts): no failure words around them. */
const isBoundaryError = (err: unknown): err is Error =>
  err instanceof Error && ['OutsideWorkspaceError', 'NotATestCaseFileError', 'MissingPathError'].includes(err.name);
