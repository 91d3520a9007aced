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
  return value.trim().replace(/\/+$/, '').replace(/\/api\/v2$/i, '');
}
