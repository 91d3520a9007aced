import { type HostWords, TERMINAL_WORDS } from './failures';

// A terminal's next steps name where its credentials came from: the TAS_* variables, a profile
// (by name and file), or what was given to `tas login`; never a variable the user did not set.

export type CredentialOrigin =
  | { from: 'variables' }
  | { from: 'profile'; name: string; file: string }
  /** `tas login`: each value given as its option, or typed at the prompt. */
  | { from: 'login'; baseUrl: 'option' | 'typed'; clientId: 'option' | 'typed' };

/** The terminal's words for credentials from `origin`; the general ones while none are known. */
export function terminalWords(origin: CredentialOrigin | undefined): HostWords {
  switch (origin?.from) {
    case undefined:
      return TERMINAL_WORDS;
    case 'variables':
      return { ...TERMINAL_WORDS, reenter: 'Check TAS_CLIENT_ID and TAS_CLIENT_SECRET.' };
    case 'profile': {
      const profile = `profile "${origin.name}" in ${origin.file}`;
      const again = `tas login --profile ${origin.name}`;
      return {
        ...TERMINAL_WORDS,
        url: `the base URL of profile "${origin.name}"`,
        changeUrl: `Check the base URL of ${profile}, or write the profile again: ${again}.`,
        reenter: `Check the client ID and secret of ${profile}, or write them again: ${again}.`,
      };
    }
    case 'login': {
      const url = origin.baseUrl === 'option' ? '--base-url' : 'the base URL you typed';
      const id = origin.clientId === 'option' ? '--client-id' : 'the client ID you typed';
      return {
        ...TERMINAL_WORDS,
        url,
        changeUrl: `Check ${url}, then run tas login again.`,
        reenter: `Check ${id} and the client secret, then run tas login again.`,
      };
    }
  }
}
