// The key of an environment in the sync-state file: its base URL normalised, so that
// "HTTPS://Tas.Example.com:443/" and "https://tas.example.com" are one environment. Never the
// display name (it is the user's own and may differ between colleagues).

export function envKey(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return baseUrl.trim().replace(/\/+$/, '');
  }
  // URL lower-cases scheme and host and drops a default port; user info is never kept.
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
