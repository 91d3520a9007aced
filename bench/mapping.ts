import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExportTestCasesRequest, ImportFilesRequest } from '../server/src/protocol';
import { envKey } from '../server/src/core/sync/envKey';
import type { Outcome } from '../server/src/core/model/outcome';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator, type Emulator } from '../test/emulator/emulator';
import { LspHarness } from '../test/server/lspHarness';
import { shuffle } from '../test/twoEnvironments';

// Importing 10,000 test cases into another environment (every device, API client and trace
// filter mapped to that environment's record with the same identity) against the same import
// without mapping (the same files without their sync state, so their references are taken as
// this environment's). Both read the files' ids in B, find nothing, create every case, and write
// nothing back into the files: the difference is the mapping. The ratio's target (issue 20) is
// 1.2x. `node out/bench/run.js mapping`.

export interface MappingRound {
  mappedSeconds: number;
  plainSeconds: number;
  /** CPU time of the server process during each import: what the mapping costs, less moved by other load on the machine. */
  mappedCpu: number;
  plainCpu: number;
}

export interface MappingBenchResult {
  testCases: number;
  rounds: MappingRound[];
  /** Reads of B's device, API client and trace filter lists during the last mapped import. */
  listReads: number;
}

const ROUNDS = 3;
const LISTS = new Set(['/api/v2/mobiledevices', '/api/v2/apiclients', '/api/v2/tracefilters']);

function value<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`${o.error.kind}: ${o.error.message}`);
  return o.value;
}

/** B: A's demo records under other ids, and no test cases, so every import creates all of them. */
async function target(): Promise<Emulator> {
  const b = await startEmulator();
  shuffle(b);
  b.store.testCases.load({ next: 1, rows: [] });
  return b;
}

export async function benchMapping(extra = 10_000): Promise<MappingBenchResult> {
  const a = await startEmulator({ scale: { extraTestCases: extra } });
  const lsp = await LspHarness.start({}, { environmentFromClient: true });
  const root = await mkdtemp(join(tmpdir(), 'tas-bench-mapping-'));
  try {
    const home = join(root, 'home');
    await mkdir(join(home, '.git'), { recursive: true });
    await lsp.setEnvironment({ name: 'A', baseUrl: a.url, ...DEMO_CREDENTIALS.admin });
    const ids = a.store.testCases.all().map((t) => t.id);
    value(await lsp.connection.sendRequest(ExportTestCasesRequest, { ids, folder: pathToFileURL(home).href }));
    await lsp.setEnvironment(null);
    await a.close();

    const rounds: MappingRound[] = [];
    let listReads = 0;
    let copies = 0;
    /** A fresh B and a fresh copy of the files (an import writes links into its folder), then the import alone timed. */
    const importInto = async (
      mapped: boolean,
      only?: number,
    ): Promise<{ seconds: number; cpu: number; reads: number }> => {
      const b = await target();
      const folder = join(root, `copy-${++copies}`);
      const files = (await readdir(home)).filter((f) => f.endsWith('.testcase.json')).sort();
      const kept = new Set(only === undefined ? files : files.slice(0, only));
      try {
        await cp(home, folder, {
          recursive: true,
          filter: (from) => !from.endsWith('.testcase.json') || kept.has(basename(from)),
        });
        const statePath = join(folder, '.tas', 'sync.json');
        if (mapped) {
          // Each file linked in B to a test case B does not have: read and found gone, as in the
          // import without mapping, then created with B's records in place of A's.
          const state = JSON.parse(await readFile(statePath, 'utf8')) as {
            files: Record<string, { links: Record<string, unknown> }>;
          };
          for (const entry of Object.values(state.files)) entry.links[envKey(b.url)] = Object.values(entry.links)[0];
          await writeFile(statePath, JSON.stringify(state));
        } else {
          // Without a sync state the files' ids are read in B and found to name nothing there, and
          // their references are taken as B's own: nothing to map, nothing written back.
          await rm(join(folder, '.tas'), { recursive: true, force: true });
        }
        await lsp.setEnvironment({ name: 'B', baseUrl: b.url, ...DEMO_CREDENTIALS.admin });
        const t = performance.now();
        const cpu = lsp.cpuSeconds() ?? NaN;
        const report = value(
          await lsp.connection.sendRequest(ImportFilesRequest, { uris: [pathToFileURL(folder).href] }),
        );
        const seconds = (performance.now() - t) / 1000;
        const used = (lsp.cpuSeconds() ?? NaN) - cpu;
        const created = report.results.filter((r) => r.outcome === 'created').length;
        if (created !== kept.size)
          throw new Error(
            `the import created ${created} of ${kept.size}: ${report.results.find((r) => r.outcome !== 'created')?.message ?? ''}`,
          );
        const reads = b.requests.filter((r) => r.method === 'GET' && LISTS.has(r.path));
        if (process.env['TAS_BENCH_SHOW_READS']) console.error(reads.map((r) => `${r.path}${r.query}`).join('\n'));
        return { seconds, cpu: used, reads: reads.length };
      } finally {
        await lsp.setEnvironment(null);
        await b.close();
        await rm(folder, { recursive: true, force: true });
      }
    };
    // The server's first imports run colder code: both kinds once, untimed, on a tenth of the files.
    await importInto(false, Math.ceil(ids.length / 10));
    await importInto(true, Math.ceil(ids.length / 10));
    for (let round = 0; round < ROUNDS; round++) {
      // Taking turns, so a change in the machine's load meets both.
      const first = round % 2 === 0 ? await importInto(true) : undefined;
      const p = await importInto(false);
      const m = first ?? (await importInto(true));
      listReads = m.reads;
      rounds.push({ mappedSeconds: m.seconds, plainSeconds: p.seconds, mappedCpu: m.cpu, plainCpu: p.cpu });
      console.error(
        `mapping: round ${round + 1}: mapped ${m.seconds.toFixed(2)} s (server CPU ${m.cpu.toFixed(2)} s), without mapping ${p.seconds.toFixed(2)} s (${p.cpu.toFixed(2)} s)`,
      );
    }
    return { testCases: ids.length, rounds, listReads };
  } finally {
    await lsp.stop();
    await a.close().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** The median of the rounds' ratios (each round's two imports ran one after the other). */
export function mappingRatio(r: MappingBenchResult, of: 'Seconds' | 'Cpu' = 'Seconds'): number {
  return median(r.rounds.map((x) => x[`mapped${of}`] / x[`plain${of}`]));
}

export function mappingSection(r: MappingBenchResult): string {
  const ratio = mappingRatio(r);
  const cpu = mappingRatio(r, 'Cpu');
  const s = (n: number) => `${n.toFixed(2)} s`;
  const rows = r.rounds.map(
    (x, i) =>
      `| ${i + 1} | ${s(x.plainSeconds)} | ${s(x.mappedSeconds)} | ${(x.mappedSeconds / x.plainSeconds).toFixed(2)}x | ${s(x.plainCpu)} | ${s(x.mappedCpu)} | ${(x.mappedCpu / x.plainCpu).toFixed(2)}x |`,
  );
  return [
    `### Import of ${r.testCases.toLocaleString('en')} test cases into another environment`,
    '',
    'Over LSP, files exported from environment A imported into B, whose devices, API clients and trace filters have other ids (every reference mapped),',
    "against the same files without their sync state (references taken as B's: nothing to map). Both read the files' ids in B, find none, create every case",
    'and write nothing back into the files. One untimed import of each kind on a tenth of the files first; then rounds take turns, each import with a fresh B and a fresh copy of the files.',
    '',
    '| Round | Without mapping | With mapping | Ratio | Server CPU without | Server CPU with | CPU ratio |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Median of the rounds' ratios ${ratio.toFixed(2)}x (target 1.2x: ${ratio <= 1.2 ? 'met' : '**not met**'}); of the server's CPU time ${cpu.toFixed(2)}x (${cpu <= 1.2 ? 'met' : '**not met**'}). The CPU time of the server process (user and system) moves less with other load on the machine than the wall time.`,
    `List reads of B (devices, API clients, trace filters) during a mapped import: ${r.listReads}.`,
  ].join('\n');
}

if (require.main === module) {
  benchMapping(Number(process.env['TAS_BENCH_SYNC_EXTRA'] ?? 10_000))
    .then((r) => console.log(mappingSection(r)))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exit(1);
    });
}
