// Runs compiled *.test.js files under out/test with Node's test runner.
// Layers are folder names under test/: `node scripts/run-tests.mjs server emulator-conformance`.
// Without names it runs every layer but `editor` (the real-editor layer has its own script).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = 'out/test';
const layers = process.argv.slice(2);

function collect(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return collect(path);
    // A compiled test whose source is gone (renamed or split) is stale output, not a test.
    return name.endsWith('.test.js') && existsSync(path.replace(/^out\//, '').replace(/\.js$/, '.ts')) ? [path] : [];
  });
}

const inLayer = (f, l) => f.startsWith(join(root, l) + '/');
const files = collect(root).filter((f) =>
  layers.length === 0 ? !inLayer(f, 'editor') : layers.some((l) => inLayer(f, l)),
);
if (files.length === 0) {
  console.error(`no test files found under ${root} for layers: ${layers.join(', ') || 'all'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
