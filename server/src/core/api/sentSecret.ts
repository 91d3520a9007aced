import { ApiError } from './errors';
import { scrubText } from '../secrets/scrub';

// A secret sent in a request body (a temporary password, an API client's password, a device token
// being checked) is not one the session knows, so a service that echoes it in an error would put it
// in the failure's words. The failure is rebuilt without it; the value is held only for the call.

/** Runs the call; an ApiError it ends in loses every form of `secret` and its body. */
export async function keepingSecret<T>(secret: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError({
      kind: err.kind,
      method: err.method,
      path: err.path,
      ...(err.status !== undefined && { status: err.status }),
      ...(err.serviceMessage !== undefined && { serviceMessage: scrubText(err.serviceMessage, [secret]) }),
      ...(err.retryAfterMs !== undefined && { retryAfterMs: err.retryAfterMs }),
      attempts: err.attempts,
    });
  }
}
