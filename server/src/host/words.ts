import type { HostWords } from '../core';

// The editor's words: the next steps a person can take in VS Code (its commands and views), and
// the command ids the server's answers name. The core takes them as inputs; it holds no host's words.

export const EDITOR_WORDS: HostWords = {
  signIn: 'Run Test Automation: Sign In.',
  reenter: 'Enter them again: Test Automation: Sign In.',
  url: 'the URL',
  changeUrl: 'Check the URL: Test Automation: Manage Environments.',
  executions: 'Executions',
  notFound: 'it no longer exists on the service; it has left the views.',
  gone: 'it has left the views.',
  allowHttp: 'add "allowInsecureHttp": true to this environment in the tas.environments setting.',
  proxy: 'the settings http.proxy and http.proxyAuthorization, or HTTPS_PROXY where the editor was started',
  trust:
    "Add that authority to the system's trust store (with http.systemCertificates on), or name a PEM file holding it in NODE_EXTRA_CA_CERTS where the editor starts, then try again.",
};

/** The extension's command that keeps a counterpart chosen for another environment's reference (the file is not edited: its ids stay its home's). */
export const CHOOSE_COUNTERPART_COMMAND = 'tas.chooseCounterpart';
