import type { HostWords } from '../../server/src/core';

// A terminal's words: the next steps a person can take from a shell (tas commands, the TAS_*
// variables). The core takes them as inputs; it holds no host's words.

export const TERMINAL_WORDS: HostWords = {
  signIn: 'Run tas login and pass --profile NAME, or set TAS_BASE_URL, TAS_CLIENT_ID and TAS_CLIENT_SECRET.',
  reenter: 'Check TAS_CLIENT_ID and TAS_CLIENT_SECRET, or run tas login again.',
  url: 'TAS_BASE_URL',
  changeUrl: 'Check TAS_BASE_URL.',
  executions: 'tas executions',
  notFound: 'it does not exist on the service.',
  gone: 'it is no longer there.',
  allowHttp: 'pass --allow-insecure-http or set TAS_ALLOW_INSECURE_HTTP=1.',
  proxy: 'HTTPS_PROXY or HTTP_PROXY (and NO_PROXY)',
  trust:
    "Add that authority to the system's trust store, or set NODE_EXTRA_CA_CERTS to a PEM file holding it, then try again.",
};

// Its next steps name where its credentials came from: the TAS_* variables, a profile
// (by name and file), or what was given to `tas login`; never a variable the user did not set.

export type CredentialOrigin =
  | { from: 'variables' }
  /** `keyring`: its secret is kept in the system keyring, not in the file. */
  | { from: 'profile'; name: string; file: string; keyring?: boolean }
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
        reenter: origin.keyring
          ? `Check the client ID of ${profile} and its secret in the system keyring, or write them again: ${again}.`
          : `Check the client ID and secret of ${profile}, or write them again: ${again}.`,
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
