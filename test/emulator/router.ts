import type { IncomingMessage } from 'node:http';
import type { Emulator } from './emulator';
import type { User } from './model';
import { HttpError } from './errors';

export interface RequestContext {
  readonly emu: Emulator;
  readonly req: IncomingMessage;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** Parsed JSON body; `undefined` when the request had none. */
  readonly body: unknown;
  /** The signed-in user; routes marked `public` run without one. */
  readonly user: User;
}

/** A reply with a status other than 200, or headers. A handler may also return a plain body (200). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** 201 Created with `{id}`, as the document shows for POST /projects and POST /testcases. */
export const created = (id: number): Reply => new Reply(201, { id });

/** 200 with no body, for operations whose document shows "no body". */
export const emptyOk = (): Reply => new Reply(200);

export type Handler = (ctx: RequestContext) => unknown;

interface Route {
  readonly method: string;
  readonly pattern: string;
  readonly regex: RegExp;
  readonly names: string[];
  readonly handler: Handler;
  readonly public: boolean;
}

export interface Match {
  readonly route: Route;
  readonly params: Record<string, string>;
}

/** Path patterns use `{name}` for an integer path segment, as the interface document writes them. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: { public?: boolean } = {}): void {
    const names: string[] = [];
    const source = pattern.replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    this.routes.push({
      method,
      pattern,
      regex: new RegExp(`^${source}$`),
      names,
      handler,
      public: options.public ?? false,
    });
  }

  /** All registered routes, for the endpoint table test. */
  list(): ReadonlyArray<{ method: string; pattern: string }> {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern }));
  }

  /** Finds the route; throws 404 for an unknown path and 405 for a known path with another method. */
  match(method: string, path: string): Match {
    let pathKnown = false;
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      pathKnown = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1] ?? '')));
      return { route, params };
    }
    if (pathKnown) throw new HttpError(405, `${method} is not allowed on ${path}`);
    throw new HttpError(404, `No endpoint ${method} ${path}`);
  }
}

/** Reads an `{id}` path parameter: a non-integer is a 400, as it cannot name any resource. */
export function intParam(ctx: RequestContext, name = 'id'): number {
  const raw = ctx.params[name] ?? '';
  if (!/^-?\d+$/.test(raw)) throw new HttpError(400, `Path parameter '${name}' must be an integer, got '${raw}'`);
  return Number(raw);
}
