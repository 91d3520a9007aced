// StrykerJS over one core module at a time (MUTATION_MODULE, set by scripts/mutation.mjs): its
// source mutated, the project compiled once with every mutant switchable, and only the module's
// unit tests run per mutant by the TAP runner (node:test prints TAP when not on a terminal).
import { MODULES } from './mutation/modules.mjs';

const name = process.env.MUTATION_MODULE;
const module = name && MODULES[name];
if (!module) throw new Error(`Set MUTATION_MODULE to one of: ${Object.keys(MODULES).join(', ')}.`);

export default {
  packageManager: 'npm',
  mutate: module.mutate,
  testRunner: 'tap',
  tap: {
    testFiles: module.tests.map((t) => `out/test/unit/${t}.test.js`),
    nodeArgs: ['-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  buildCommand: 'npx tsc -p tsconfig.mutation.json',
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: `mutation/incremental/${name}.json`,
  reporters: ['json', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['/.tools', '/dist', '/out', '/reports', '/test/editor', '/bench', '/tools', '/images', '*.vsix'],
  disableTypeChecks: 'server/src/**/*.ts',
  thresholds: { high: 90, low: 80, break: null },
};
