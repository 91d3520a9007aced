import type { ApiErrorKind } from '../model/outcome';

// One error class for everything a call to the service can end in, with a kind the UI can act on.
// The kinds are data the hosts and the protocol carry, so they live in model/outcome.ts.
export type { ApiErrorKind };

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  method: string;
  /** The path without the base URL or query. */
  path: string;
  status?: number;
  /** The message the service sent, when it sent one (already scrubbed of secrets). */
  serviceMessage?: string;
  /** The parsed error body, when there was one. */
  body?: unknown;
  retryAfterMs?: number;
  attempts?: number;
  cause?: unknown;
}

const ADVICE: Record<ApiErrorKind, string> = {
  unauthorized: 'the service did not accept the credentials; check the client ID and secret of this environment',
  notOwner: 'only entities you own can be assigned to projects unless you have the ADMIN role',
  forbidden: 'your role does not allow this',
  notFound: 'it does not exist on the service (any more)',
  conflict: 'the service refused it in its current state',
  invalidRequest: 'the service rejected the request',
  tooLarge: 'the batch is too large for the service',
  rateLimited: 'the service is limiting requests; try again later',
  unavailable: 'the service had a problem; try again later',
  timeout: 'the service did not answer in time',
  network: 'the connection to the service failed',
  proxyUnreachable: 'the proxy could not be reached',
  proxyRefused: 'the proxy refused the proxy credentials',
  certificate: 'the certificate of the service is not trusted here',
  invalidResponse: 'the service answered in an unexpected shape',
  cancelled: 'it was cancelled',
  insecureHttp: 'the credentials would cross the network unencrypted (plain http to another machine); nothing was sent',
};

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;

  constructor(d: ApiErrorDetails) {
    const status = d.status !== undefined ? ` (HTTP ${d.status})` : '';
    const service = d.serviceMessage ? `: ${d.serviceMessage}` : '';
    super(`${d.method} ${d.path} failed${status}: ${ADVICE[d.kind]}${service}`, { cause: d.cause });
    this.name = 'ApiError';
    this.kind = d.kind;
    this.method = d.method;
    this.path = d.path;
    this.status = d.status;
    this.serviceMessage = d.serviceMessage;
    this.body = d.body;
    this.retryAfterMs = d.retryAfterMs;
    this.attempts = d.attempts ?? 1;
  }
}

/** Calls whose 401 means "not the owner" (the document's rule 7 and Authentication rule 5). */
const ASSIGNING = new Set(['POST /api/v2/projects/assignments', 'POST /api/v2/projects']);

/** The kind for an HTTP error status. */
export function kindForStatus(status: number, method: string, path: string): ApiErrorKind {
  if (status === 401) return ASSIGNING.has(`${method} ${path}`) ? 'notOwner' : 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'unavailable';
  return 'invalidRequest';
}
