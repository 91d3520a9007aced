import { REDACTED, redactJsonText } from './redact';
import { isSecretMember } from './rule';
import { isPlaceholder } from './secrets';

// Known secret values (the client secret, the access tokens) scrubbed from any text shown or
// logged, since a service may echo what it was sent: as sent, and in the encodings an echo takes
// (JSON-escaped, URL-encoded, base64, Basic auth's base64 of `id:secret`). Every length counts:
// a short secret is still a secret, and shortening happens only after the scrub.

const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const base64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');
const unpadded = (s: string): string => s.replace(/=+$/, '');

/** The ways a value can appear in text: as it is and encoded. */
export function secretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  return [
    secret,
    json,
    json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    url,
    url.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    new URLSearchParams({ v: secret }).toString().slice(2),
    base64(secret),
    unpadded(base64(secret)),
    base64url(secret),
  ];
}

/** The Authorization header of Basic auth carries base64 of `id:secret`. */
export function basicAuthForms(clientId: string, secret: string): string[] {
  const pair = `${clientId}:${secret}`;
  return [base64(pair), unpadded(base64(pair)), base64url(pair)];
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for all forms, longest first, so a form is never matched inside the marker or a longer form. */
function formsPattern(forms: Iterable<string>): RegExp | undefined {
  const list = [...new Set(forms)].filter((f) => f !== '').sort((a, b) => b.length - a.length);
  return list.length === 0 ? undefined : new RegExp(list.map(escapeRegExp).join('|'), 'g');
}

const replaceWith = (text: string, pattern: RegExp | undefined): string =>
  pattern ? text.replace(pattern, REDACTED) : text;

/** Text fit to show: secret JSON members masked (rule.ts), and each known secret value, in any of its forms, replaced. */
export function scrubText(text: string, known: Iterable<string>): string {
  const forms: string[] = [];
  for (const s of known) if (s) forms.push(...secretForms(s));
  return replaceWith(redactJsonText(text), formsPattern(forms));
}

/** Remembers the secret values in use (and their forms) and scrubs them, and secret JSON members, from text. */
export class SecretScrubber {
  private readonly forms = new Set<string>();
  /** Built again only when a secret is added: every printed line is scrubbed. */
  private pattern: RegExp | undefined;

  /** A secret value: the client secret, an access token. */
  add(secret: string | undefined): void {
    if (secret) this.learn(secretForms(secret));
  }

  /** The client credentials: the secret, and the Basic auth header built from the pair. */
  addCredentials(clientId: string, secret: string): void {
    this.add(secret);
    if (secret) this.learn(basicAuthForms(clientId, secret));
  }

  scrub(text: string): string {
    return replaceWith(redactJsonText(text), this.pattern);
  }

  /**
   * A value fit to hand over as data (an assistant's tool answer): every member the rule calls
   * secret has its value replaced, whatever it holds, and every string is scrubbed as text is.
   * Structure, numbers and booleans elsewhere stay, so the answer is still the value it was.
   */
  scrubValue<T>(value: T): T {
    return this.scrubIn(value, undefined, undefined, false) as T;
  }

  private scrubIn(
    value: unknown,
    key: string | number | undefined,
    parentKey: string | number | undefined,
    hidden: boolean,
  ): unknown {
    const secret = hidden || (key !== undefined && isSecretMember(key, parentKey));
    if (typeof value === 'string')
      return secret && value !== '' && !isPlaceholder(value) ? REDACTED : this.scrub(value);
    if (Array.isArray(value)) return value.map((v, i) => this.scrubIn(v, i, key, secret));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.scrubIn(v, k, key, secret)]));
    // A number kept where a secret belongs (a PIN) is a secret too.
    return secret && typeof value === 'number' ? REDACTED : value;
  }

  private learn(forms: string[]): void {
    const before = this.forms.size;
    for (const f of forms) this.forms.add(f);
    if (this.forms.size !== before) this.pattern = formsPattern(this.forms);
  }
}
