import { randomInt } from 'node:crypto';

// A temporary password for Invite User..., when the admin lets us make one: shown once with Copy
// and kept nowhere. Letters and digits only (no look-alikes such as l/1 and O/0), so it survives
// being read aloud or typed from a chat; 20 characters from 55 give about 115 bits.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const TEMP_PASSWORD_LENGTH = 20;

export function generateTempPassword(length = TEMP_PASSWORD_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
