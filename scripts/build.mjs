// Bundles every runnable entry point with esbuild. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const entries = [
  { in: 'client/src/extension.ts', out: 'extension', external: ['vscode'] },
  { in: 'server/src/server.ts', out: 'server' },
  { in: 'test/emulator/cli.ts', out: 'emulator' },
  { in: 'scripts/start.ts', out: 'start' },
];

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
      logLevel: 'warning',
    }),
  ),
);
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
