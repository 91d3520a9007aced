import type { TasClient } from '../api/client';
import { bool, int, isRecord, str, text } from '../base/read';
import type { TokenVerdict } from '../model/users';
import { keepingSecret } from '../api/sentSecret';

// The lab tools: a test node's agent configuration (GET /agentconfig?label=...) and what the
// service says of a device token (POST /tokens/validate). The interface shows neither answer, so
// both are read leniently. The configuration is returned as text for a read-only view and is
// never logged; the token goes to the service once and is kept nowhere, not even in the verdict.

/** The agent configuration for a node label, as indented JSON text (or the service's text). */
export async function agentConfigText(client: TasClient, label: string): Promise<string> {
  const answer = await client.catalog.agentConfig(label);
  if (answer === undefined) return '';
  return typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2);
}

const REASONS: Record<string, string> = {
  UNKNOWN: 'the service does not know this token',
  EXPIRED: 'the token has expired',
  REVOKED: 'the token was revoked',
};

/** The verdict in words; `facts` name the token's record, never its value. */
export function tokenVerdict(answer: unknown): TokenVerdict {
  if (!isRecord(answer))
    return {
      valid: undefined,
      words: 'The service accepted the question but did not say whether the token is valid.',
      facts: [],
    };
  const valid = bool(answer['valid']);
  const reasonCode = text(answer['reason']);
  const reason =
    reasonCode === undefined ? undefined : (REASONS[reasonCode.toUpperCase()] ?? `the service says ${reasonCode}`);
  const facts: string[] = [];
  const id = int(answer['id']);
  if (id !== undefined) facts.push(`Token: ${id}`);
  const mobileId = int(answer['mobileId']);
  if (mobileId !== undefined) facts.push(`Device: ${mobileId}`);
  const full = bool(answer['fullControl']);
  if (full !== undefined) facts.push(`Full control: ${full ? 'yes' : 'no'}`);
  const expires = str(answer['expiresAt']);
  if (expires !== undefined) facts.push(`Expires: ${expires}`);
  const words =
    valid === true
      ? 'The service says the token is valid.'
      : valid === false
        ? `The service says the token is not valid${reason ? `: ${reason}` : ''}.`
        : 'The service answered without saying whether the token is valid.';
  return { valid, words, facts };
}

export async function validateDeviceToken(client: TasClient, token: string): Promise<TokenVerdict> {
  const value = token.trim();
  if (value === '') return { valid: false, words: 'No token was given; nothing was sent.', facts: [] };
  return tokenVerdict(await keepingSecret(value, () => client.deviceTokens.validate(value)));
}
