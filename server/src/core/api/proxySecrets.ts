// The secrets a proxy setting holds: the password in a proxy URL (`http://user:password@host`)
// and a whole Proxy-Authorization header. Scrubbers learn them (the session's for what is
// printed and logged, the extension's for the LSP trace, which carries the editor's settings).

export function proxySecrets(proxyUrls: (string | undefined)[], authorization: string | undefined): string[] {
  const secrets = authorization ? [authorization] : [];
  for (const value of proxyUrls) {
    if (!value) continue;
    try {
      const url = new URL(value.includes('://') ? value : `http://${value}`);
      if (url.password) secrets.push(decodeURIComponent(url.password), url.password);
    } catch {
      // Not a URL: undici refuses it, and there is no password to find.
    }
  }
  return secrets;
}
