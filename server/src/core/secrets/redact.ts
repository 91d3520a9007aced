// Secrets never reach logs, error text or files: keys that hold them are masked in any value we
// log, and known secret values are scrubbed from any text (a service may echo what it was sent).

const SECRET_KEYS = new Set(
  ['authorization', 'clientsecret', 'accesstoken', 'token', 'temppassword', 'password', 'secret', 'refreshtoken'].map(
    (k) => k.toLowerCase(),
  ),
);

export const REDACTED = '[redacted]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/** A deep copy with the values of secret-named keys replaced. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : redact(v)]),
    );
  }
  return value;
}

/** Remembers secret values in use and removes them from text. */
export class SecretScrubber {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short values would scrub ordinary words; real secrets are longer.
    if (secret && secret.length >= 6) this.secrets.add(secret);
  }

  scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join(REDACTED);
    return out;
  }
}
