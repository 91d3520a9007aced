import type { Completion, OptionSpec } from './command';

// The options every command takes, before or after its name, and their words in the help.

export const GLOBAL_OPTIONS: OptionSpec = {
  profile: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'start-end': { type: 'string' },
  'allow-insecure-http': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const GLOBAL_HELP: Record<string, [string, string]> = {
  profile: ['NAME', 'use the credentials of this profile (see tas login)'],
  json: ['', 'print results as JSON (field names stay stable across versions)'],
  verbose: ['', 'log every request to the service on stderr (method, path, status; never secrets)'],
  'start-end': [
    'READING',
    'how the service reads start/end of executions and API clients: auto (default: learnt from its answers), offsets, or none (read whole lists); also TAS_START_END',
  ],
  'allow-insecure-http': [
    '',
    'send the credentials over plain http to a host that is not this machine (refused without it; also TAS_ALLOW_INSECURE_HTTP=1)',
  ],
  'no-color': ['', 'no colour (also when NO_COLOR is set, or output is not a terminal)'],
  help: ['', 'show this help'],
};

/** What shell completion offers for the global options' values. */
export const GLOBAL_COMPLETE: Record<string, Completion> = { 'start-end': ['auto', 'offsets', 'none'] };
