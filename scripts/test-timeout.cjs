// Preloaded into every test process by scripts/run-tests.mjs: gives each test() / it() a default
// timeout, so a test that never ends fails under its own name. (Node 20's --test-timeout only bounds
// a whole file.) Options a test sets itself win. Compiled tests call `node_test.test(...)` through
// the module object, so replacing the properties here reaches them.
const nodeTest = require('node:test');
const timeout = Number(process.env.RUN_TESTS_TIMEOUT_MS) || 120_000;

for (const name of ['test', 'it']) {
  const original = nodeTest[name];
  const withTimeout = function (...args) {
    const fnIndex = args.findIndex((a) => typeof a === 'function');
    const optionsIndex = args.findIndex(
      (a, i) => i < (fnIndex < 0 ? args.length : fnIndex) && a !== null && typeof a === 'object',
    );
    const options = { timeout, ...(optionsIndex >= 0 ? args[optionsIndex] : {}) };
    const title = typeof args[0] === 'string' ? [args[0]] : [];
    const fn = fnIndex >= 0 ? [args[fnIndex]] : [];
    return original.call(this, ...title, options, ...fn);
  };
  Object.assign(withTimeout, original);
  nodeTest[name] = withTimeout;
}
