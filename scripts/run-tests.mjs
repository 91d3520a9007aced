// Runs compiled *.test.js files under out/test with Node's test runner.
// Layers are folder names under test/: `node scripts/run-tests.mjs server emulator-conformance`.
// Without names it runs every layer but `editor` and `neovim` (real editors, each with its own script).
//
// The tests run on loopback whatever the shell holds: every TAS_* variable (the ones `tas` and the
// server read, e.g. a CI job's TAS_BASE_URL and credentials) is removed from the tests' environment.
// `--deployment` (contract layer only) is the one way to reach a real service: it keeps the
// TAS_CONTRACT_* variables, which `tas` never reads, and says where it runs.
//
// The tests keep to their own folders: their temporary folder (TMPDIR) is one made for this run,
// which must be empty when they end. A `.tas` or `.git` left in it is a test that wrote sync state
// above its own folder; anything else, a test that did not remove its folder. Either fails the
// run, by name, and so does a `~/.tas` the run made. The run's folder is removed in any case.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = 'out/test';
const args = process.argv.slice(2);
const deployment = args.includes('--deployment');
const layers = args.filter((a) => a !== '--deployment');
/** A hang fails the test that hangs, by name (scripts/test-timeout.cjs), instead of holding `npm test`
 * forever. Generous: the slowest test takes about 8 s on a quiet 2-core machine. A file whose
 * process stays alive after its tests (an open handle) is ended at five times that. */
const TEST_TIMEOUT_MS = Number(process.env.RUN_TESTS_TIMEOUT_MS) || 120_000;
const preload = fileURLToPath(new URL('./test-timeout.cjs', import.meta.url));

function collect(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return collect(path);
    // A compiled test whose source is gone (renamed or split) is stale output, not a test.
    return name.endsWith('.test.js') && existsSync(path.replace(/^out\//, '').replace(/\.js$/, '.ts')) ? [path] : [];
  });
}

if (deployment && (layers.length !== 1 || layers[0] !== 'contract')) {
  console.error('--deployment runs the contract layer only: node scripts/run-tests.mjs --deployment contract');
  process.exit(2);
}
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.startsWith('TAS_') || (deployment && name.startsWith('TAS_CONTRACT_')),
  ),
);
const dropped = Object.keys(process.env).filter((name) => name.startsWith('TAS_') && !(name in env));
if (dropped.length > 0) console.error(`run-tests: ignoring ${dropped.sort().join(', ')} (tests run on loopback)`);
if (deployment) {
  if (!env.TAS_CONTRACT_BASE_URL) {
    console.error('--deployment needs TAS_CONTRACT_BASE_URL, TAS_CONTRACT_CLIENT_ID and TAS_CONTRACT_CLIENT_SECRET');
    process.exit(2);
  }
  const mode = env.TAS_CONTRACT_WRITE === '1' ? 'reads and writes (TAS_CONTRACT_WRITE=1)' : 'read-only';
  console.error(`run-tests: the contract layer runs against ${env.TAS_CONTRACT_BASE_URL}, ${mode}`);
}

const inLayer = (f, l) => f.startsWith(join(root, l) + '/');
const files = collect(root).filter((f) =>
  layers.length === 0 ? !inLayer(f, 'editor') && !inLayer(f, 'neovim') : layers.some((l) => inLayer(f, l)),
);
if (files.length === 0) {
  console.error(`no test files found under ${root} for layers: ${layers.join(', ') || 'all'}`);
  process.exit(1);
}
const runTmp = mkdtempSync(join(tmpdir(), 'tas-test-run-'));
// Like the system's: anyone may enter, only owners remove (tests run tas as user nobody).
chmodSync(runTmp, 0o1777);
const homeTas = join(homedir(), '.tas');
const homeTasBefore = existsSync(homeTas);
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--require', preload, '--test', `--test-timeout=${5 * TEST_TIMEOUT_MS}`, ...files],
  {
    stdio: 'inherit',
    env: { ...env, TMPDIR: runTmp, TMP: runTmp, TEMP: runTmp, RUN_TESTS_TIMEOUT_MS: String(TEST_TIMEOUT_MS) },
  },
);
const left = readdirSync(runTmp).sort();
rmSync(runTmp, { recursive: true, force: true });
const problems = [];
const above = left.filter((name) => name === '.tas' || name === '.git');
if (above.length > 0)
  problems.push(
    `a test wrote ${above.join(' and ')} into the temporary folder itself, above its own folder (sync state shared by every test): ${above.map((n) => join(runTmp, n)).join(', ')}`,
  );
const notRemoved = left.filter((name) => !above.includes(name));
if (notRemoved.length > 0)
  problems.push(
    `tests left ${notRemoved.length} temporary ${notRemoved.length === 1 ? 'entry' : 'entries'} behind (each test removes what it makes): ${notRemoved.join(', ')}`,
  );
if (!homeTasBefore && existsSync(homeTas))
  problems.push(`the run made ${homeTas}: a test wrote sync state in the home folder`);
for (const p of problems) console.error(`run-tests: ${p}`);
process.exit(problems.length > 0 ? 1 : (result.status ?? 1));
