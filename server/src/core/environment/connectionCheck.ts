import { TasClient } from '../api/client';
import type { SessionOptions } from '../api/session';
import { serviceState } from '../failures/failures';
import type { CheckResult, EnvironmentInfo } from '../model/environment';

// The sign-in check: asks a token with candidate credentials and says which of the three things
// a user can act on stands in the way (the failure table sorts and words them).

/**
 * Asks a token with candidate credentials on a client of its own (the active environment is
 * untouched), with one attempt: the user is waiting and can try again.
 */
export async function checkEnvironment(
  info: EnvironmentInfo & { clientSecret: string },
  options: SessionOptions,
): Promise<CheckResult> {
  const client = new TasClient(
    {
      baseUrl: info.baseUrl,
      clientId: info.clientId,
      clientSecret: info.clientSecret,
      allowInsecureHttp: info.allowInsecureHttp === true,
    },
    { ...options, retry: { maxAttempts: 1 } },
  );
  try {
    await client.session.authenticate();
    return { outcome: 'ok' };
  } catch (err) {
    // The state and cause only: the client words them with its buttons.
    const f = serviceState(err);
    const cause = f.kind === 'certificate' ? 'certificate' : f.kind.startsWith('proxy') ? 'proxy' : undefined;
    return { outcome: f.state, detail: f.detail, ...(cause && { cause }) };
  } finally {
    await client.close();
  }
}
