// The service's base URL as people type it: the editor's environments and the CLI's profiles and
// TAS_BASE_URL read it the same way.

/** Why a URL cannot be a base URL, or undefined when it can. */
export function baseUrlProblem(value: string): string | undefined {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'Use an http or https URL.';
  } catch {
    return 'Enter a full URL, such as https://tas.example.com.';
  }
}

/** The base URL as stored: no trailing slash, and without /api/v2 if the user pasted it. */
export function normalizeBaseUrl(value: string): string {
  return value
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v2$/i, '');
}

/** This machine by name or address, as the URL parser writes it: localhost, 127.0.0.0/8, [::1], [::ffff:7f00:1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]') return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  // IPv4-mapped: the parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1].
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * Whether credentials sent to this base URL would cross the network in plain text: plain http to
 * a host that is not this machine. Such a URL is used only when the user opts in for it.
 */
export function isInsecureHttp(baseUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(baseUrl.trim());
  } catch {
    return false;
  }
  return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
}

/** The one rule: requests to this base URL are refused before connecting (no opt-in for plain http). */
export function refusesPlainHttp(baseUrl: string, allowInsecureHttp: boolean | undefined): boolean {
  return isInsecureHttp(baseUrl) && allowInsecureHttp !== true;
}

/** TAS_ALLOW_INSECURE_HTTP as the hosts read it: 1 or true opts in; anything else does not. */
export function insecureHttpAllowed(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}
