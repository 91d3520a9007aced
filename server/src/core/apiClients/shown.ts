import type { Loose } from '../api/types';
import { isRecord } from '../base/read';
import { isSecretKey } from '../secrets/rule';
import { REDACTED } from '../secrets/redact';

// What the editor shows of an API client record: everything but its secrets. The password is
// left out, every auth parameter's value is hidden (their names stay, so one can see what is
// set), even the public OAuth ones the secret rule lets through elsewhere, and so is every
// header value the rule names (Authorization, X-Api-Key, ...). The marker is the redaction's own.

const HIDDEN = REDACTED;

export function shownApiClient(record: Loose): Loose {
  const out: Loose = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === 'password') continue;
    if (k === 'authParams' && isRecord(v)) out[k] = Object.fromEntries(Object.keys(v).map((n) => [n, HIDDEN]));
    else if (k === 'headerParams' && isRecord(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, isSecretKey(n) ? HIDDEN : x]));
    else if (isSecretKey(k)) out[k] = HIDDEN;
    else out[k] = v;
  }
  return out;
}
