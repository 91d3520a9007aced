// Runs every compiled *.test.js under out/test with Node's test runner.
// Layers can be chosen: `node scripts/run-tests.mjs unit emulator` (folder names under test/).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = 'out/test';
const layers = process.argv.slice(2);

function collect(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return collect(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

const files = collect(root).filter(
  (f) => layers.length === 0 || layers.some((l) => f.startsWith(join(root, l) + '/')),
);
if (files.length === 0) {
  console.error(`no test files found under ${root} for layers: ${layers.join(', ') || 'all'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
