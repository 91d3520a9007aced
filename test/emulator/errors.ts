/** An HTTP error the emulator answers with. `body` overrides the default error body (see DECISIONS.md, "Errors"). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message: string): HttpError => new HttpError(401, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message: string, body?: unknown): HttpError => new HttpError(404, message, body);
export const conflict = (message: string, body?: unknown): HttpError => new HttpError(409, message, body);

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The error body shape the emulator uses where the interface document shows none. */
export function errorBody(status: number, message: string, path: string, now: Date): Record<string, unknown> {
  return {
    timestamp: now.toISOString(),
    status,
    error: reasons[status] ?? 'Error',
    message,
    path,
  };
}
