// Bundles every runnable entry point with esbuild. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';
import { writeValidators } from './schemaValidators.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// system-ca loads these native addons on macOS and Windows only; they are not bundled (a .vsix and
// the npm tarball carry no native code), so there the system's authorities come from Node's own
// reader where the Node has one (server/src/core/api/trustStore.ts).
const nativeAddons = ['macos-export-certificate-and-key', 'win-export-certificate-and-key'];

const entries = [
  { in: 'client/src/extension.ts', out: 'extension', external: ['vscode'] },
  { in: 'server/src/host/server.ts', out: 'server', external: nativeAddons },
  { in: 'test/emulator/cli.ts', out: 'emulator' },
  { in: 'scripts/start.ts', out: 'start' },
  // The `tas` command line (package.json bin); not in the .vsix.
  {
    in: 'cli/src/main.ts',
    out: 'cli',
    external: nativeAddons,
    banner: '#!/usr/bin/env node',
    define: { TAS_CLI_VERSION: JSON.stringify(pkg.version) },
    // The keyring library is native and optional (package.json optionalDependencies): loaded at run time when present.
    external: ['@napi-rs/keyring'],
  },
];

// The schemas' validators are generated code, brought up to date before every build (in watch
// mode a schema edit rebuilds; a rewritten validators file then triggers one more, unchanged, build).
writeValidators();
const validators = { name: 'schema-validators', setup: (b) => b.onStart(() => void writeValidators()) };

const watch = process.argv.includes('--watch');
const contexts = await Promise.all(
  entries.map((e) =>
    esbuild.context({
      entryPoints: { [e.out]: e.in },
      outdir: 'dist',
      bundle: true,
      platform: 'node',
      format: 'cjs',
      // jsonc-parser's UMD build requires files by computed paths that a bundle cannot follow.
      mainFields: ['module', 'main'],
      target: 'node20',
      sourcemap: true,
      minify: !watch,
      keepNames: true,
      external: e.external ?? [],
      ...(e.banner && { banner: { js: e.banner } }),
      ...(e.define && { define: e.define }),
      logLevel: 'warning',
      ...(watch && { plugins: [validators] }),
    }),
  ),
);
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  // So ./dist/cli.js runs as it is (npm sets the mode itself when it links the bin).
  chmodSync('dist/cli.js', 0o755);
}
