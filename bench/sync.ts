import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExportTestCasesRequest, ImportFilesRequest, SyncProgressNotification } from '../server/src/protocol';
import type { Outcome } from '../server/src/core/model/outcome';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';
import { LspHarness } from '../test/server/lspHarness';

// Export and import of 10,000 test cases through the built server against the emulator (its
// default maxBatchSize, 1000): time, the server's peak memory, and progress notifications.
// `node out/bench/sync.js`, or as part of `npm run bench`.

export interface SyncPhase {
  label: string;
  cases: number;
  seconds: number;
  peakRssMb: number;
  progressNotifications: number;
  outcomes: Record<string, number>;
}

export interface SyncBenchResult {
  testCases: number;
  phases: SyncPhase[];
}

function value<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`${o.error.kind}: ${o.error.message}`);
  return o.value;
}

const count = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((m, o) => ((m[o] = (m[o] ?? 0) + 1), m), {});

export async function benchSync(extra = 10_000): Promise<SyncBenchResult> {
  const emu = await startEmulator({ scale: { extraTestCases: extra } });
  const lsp = await LspHarness.start({}, { environmentFromClient: true });
  const dir = await mkdtemp(join(tmpdir(), 'tas-bench-sync-'));
  const progress = new Map<string, number>();
  lsp.connection.onNotification(SyncProgressNotification, (p) => {
    progress.set(p.operation, (progress.get(p.operation) ?? 0) + 1);
  });
  try {
    await mkdir(join(dir, '.git'));
    const folder = pathToFileURL(dir).href;
    await lsp.setEnvironment({ name: 'bench', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
    const ids = emu.store.testCases.all().map((t) => t.id);
    const phases: SyncPhase[] = [];
    const measure = async (label: string, run: (operation: string) => Promise<string[]>) => {
      let peak = lsp.rssMb() ?? NaN;
      const timer = setInterval(() => (peak = Math.max(peak, lsp.rssMb() ?? NaN)), 50);
      const t = performance.now();
      const outcomes = await run(label).finally(() => clearInterval(timer));
      const seconds = (performance.now() - t) / 1000;
      phases.push({
        label,
        cases: outcomes.length,
        seconds,
        peakRssMb: Math.round(Math.max(peak, lsp.rssMb() ?? NaN)),
        progressNotifications: progress.get(label) ?? 0,
        outcomes: count(outcomes),
      });
      console.error(`sync: ${label}: ${seconds.toFixed(2)} s`);
    };
    await measure('export to new files', async (operation) =>
      value(await lsp.connection.sendRequest(ExportTestCasesRequest, { ids, folder, operation })).results.map(
        (r) => r.outcome,
      ),
    );
    await measure('re-export, nothing changed', async (operation) =>
      value(await lsp.connection.sendRequest(ExportTestCasesRequest, { ids, folder, operation })).results.map(
        (r) => r.outcome,
      ),
    );
    await measure('import, nothing changed', async (operation) =>
      value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [folder], operation })).results.map(
        (r) => r.outcome,
      ),
    );
    // Every file edited (untimed), so the import sends all of them and reads them back.
    for (const name of (await readdir(dir)).filter((f) => f.endsWith('.testcase.json'))) {
      const text = await readFile(join(dir, name), 'utf8');
      await writeFile(join(dir, name), text.replace(/\n {2}"tags": "[^"]*"/, '\n  "tags": "bench"'));
    }
    await measure('import, every file changed', async (operation) =>
      value(await lsp.connection.sendRequest(ImportFilesRequest, { uris: [folder], operation })).results.map(
        (r) => r.outcome,
      ),
    );
    return { testCases: ids.length, phases };
  } finally {
    await lsp.stop();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchSync(Number(process.env['TAS_BENCH_SYNC_EXTRA'] ?? 10_000))
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exit(1);
    });
}
