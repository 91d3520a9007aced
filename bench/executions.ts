import { ExecuteSuiteRequest, FollowExecutionsNotification, ListExecutionsRequest } from '../server/src/protocol';
import type { Outcome } from '../server/src/core/model/outcome';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';
import { LspHarness } from '../test/server/lspHarness';

// The Executions view against 10,000 executions (first page, every page, the server's memory),
// and the requests the execution watcher makes with 50 executions running and with none.
// `node out/bench/executions.js`, or as part of `npm run bench`.

export interface ExecutionsBenchResult {
  executions: number;
  firstPage: { p50: number; p95: number };
  loadAll: { ms: number; pages: number };
  serverRssMb: { before: number; after: number };
  watcher: { running: number; windowSeconds: number; requestsPerMinute: number; idleRequestsPerMinute: number };
}

function value<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`${o.error.kind}: ${o.error.message}`);
  return o.value;
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Waits the given time on the emulator's own schedule (a benchmark window, not a test). */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchExecutions(windowSeconds = 30): Promise<ExecutionsBenchResult> {
  const emu = await startEmulator({ scale: { extraExecutions: 10_000 }, settings: { executionStepMs: 3_600_000 } });
  const lsp = await LspHarness.start({}, { environmentFromClient: true });
  try {
    await lsp.setEnvironment({ name: 'bench', baseUrl: emu.url, ...DEMO_CREDENTIALS.admin });
    const total = emu.store.executions.all().length;
    value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 100 })); // token, warm-up
    const before = Math.round(lsp.rssMb() ?? NaN);
    const firsts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      value(await lsp.connection.sendRequest(ListExecutionsRequest, { start: 0, count: 100 }));
      firsts.push(performance.now() - t);
    }
    const t0 = performance.now();
    let pages = 0;
    for (let start = 0; ; start += 100) {
      const page = value(await lsp.connection.sendRequest(ListExecutionsRequest, { start, count: 100 }));
      pages += 1;
      if (!page.hasMore) break;
    }
    const loadAll = performance.now() - t0;
    const after = Math.round(lsp.rssMb() ?? NaN);

    // Nothing followed: the watcher must stay silent.
    await lsp.connection.sendNotification(FollowExecutionsNotification, { ids: [] });
    const idleFrom = emu.requests.length;
    await pause(windowSeconds * 1000);
    const idle = emu.requests.slice(idleFrom).filter((r) => r.path.startsWith('/api/v2/testexecutions')).length;

    // 50 running executions (the step takes an hour): one suite of 20 cases, executed until 50 run.
    const ids: number[] = [];
    while (ids.length < 50)
      ids.push(...value(await lsp.connection.sendRequest(ExecuteSuiteRequest, { id: 1 })).executionIds);
    const from = emu.requests.length;
    await pause(windowSeconds * 1000);
    const busy = emu.requests.slice(from).filter((r) => r.path.startsWith('/api/v2/testexecutions')).length;
    return {
      executions: total,
      firstPage: { p50: quantile(firsts, 0.5), p95: quantile(firsts, 0.95) },
      loadAll: { ms: loadAll, pages },
      serverRssMb: { before, after },
      watcher: {
        running: ids.length,
        windowSeconds,
        requestsPerMinute: (busy * 60) / windowSeconds,
        idleRequestsPerMinute: (idle * 60) / windowSeconds,
      },
    };
  } finally {
    await lsp.stop();
    await emu.close();
  }
}

if (require.main === module) {
  benchExecutions(Number(process.env['TAS_BENCH_WINDOW_SECONDS'] ?? 30))
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
