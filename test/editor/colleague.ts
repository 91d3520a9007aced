// The service over HTTP, as a colleague's script or a check of a real-editor test calls it: one
// token request, then the call; the answer's JSON (an empty object for an empty body).

export type ServiceCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: Record<string, unknown> }>;

export function colleague(baseUrl: () => string, clientId: string, clientSecret: string): ServiceCall {
  return async (method, path, body) => {
    const token = (await (
      await fetch(`${baseUrl()}/api/v2/connect/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId, clientSecret }),
      })
    ).json()) as { accessToken: string };
    const res = await fetch(`${baseUrl()}/api/v2${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token.accessToken}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}
