import type * as Undici from 'undici';

// undici is more than half of the CLI's bundle and takes about 0.2 s to load, so it is loaded
// when the first dispatcher or request needs it: `tas validate --offline` and `tas --help` never
// pay for it. The bundler keeps the required module lazy.
let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('undici') as typeof Undici);
}
