import type * as Undici from 'undici';

// undici loaded when the first dispatcher or request needs it, and only the parts the client
// uses: its index also loads fetch, WebSocket, caches and mocks, which doubles the time to load
// (about 0.1 s) and, bundled, is more than half of the CLI. `tas validate --offline` and
// `tas --help` never load it. The paths are undici's own files (its package has no "exports"
// map); the locked version is pinned, and test/unit/undiciModule.test.ts checks they still load.

export interface UndiciParts {
  Agent: typeof Undici.Agent;
  EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent;
}

let loaded: UndiciParts | undefined;

export function undici(): UndiciParts {
  if (!loaded) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const Dispatcher = require('undici/lib/dispatcher/dispatcher') as typeof Undici.Dispatcher;
    // What undici's index does: request(), connect() and the rest become methods of every
    // dispatcher (the proxy agents call connect() on their own clients).
    Object.assign(Dispatcher.prototype, require('undici/lib/api') as object);
    loaded = {
      Agent: require('undici/lib/dispatcher/agent') as typeof Undici.Agent,
      EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent') as typeof Undici.EnvHttpProxyAgent,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  }
  return loaded;
}
