import { parseArgs } from 'node:util';
import { DEMO_CREDENTIALS } from './demoData';
import { startEmulator } from './emulator';
import type { StartEndReading } from './readings';
import { DEMO_LAB } from './lab';

// `npm run emulator -- --port 8080`: serves the emulator until interrupted.

const usage = `Usage: npm run emulator -- [options]
  --port <n>              port on 127.0.0.1 (0 picks a free one; default 0)
  --host <addr>           address to bind (default 127.0.0.1)
  --step-ms <n>           milliseconds per execution step (default 1500)
  --token-lifetime <s>    access token lifetime in seconds (default 3600)
  --latency <ms>          latency added to every API request
  --error-rate <0..1>     share of requests answered 503
  --rate-limit <0..1>     share of requests answered 429 with Retry-After
  --drop-rate <0..1>      share of requests whose connection is dropped
  --extra-testcases <n>   test cases beyond the demo set (paging, batches)
  --extra-executions <n>  executions beyond the demo set
  --extra-devices <n>     mobile devices beyond the demo set (ids 21 on)
  --extra-trace-filters <n>  trace filters beyond the demo set (ids 7 on)
  --extra-suites <n>      test suites beyond the demo set (ids 7 on)
  --paged-lists <n>       unspecified lists answer the page wrapper, n items a page (DECISIONS.md, Readings)
  --max-page-size <n>     paged lists serve at most n items a page
  --start-end <reading>   start/end read as offsets (default), time (bounds on creation time) or ignored
  --oldest-first          executions listed oldest first
  --summary-items         device, trace filter and API client lists give {id, name} items
  --lab                   the demo failure model: an unreliable phone and a flaky test case, and
                          a history of the last days that follows it (DECISIONS.md, Failure model)
  --lab-seed <n>          the failure model's seed (implies --lab; same seed, same outcomes)
  --empty                 start with users only, no demo data
  --load <file>           start from a snapshot file instead of demo data
  --save <file>           write a snapshot to this file on exit
  --quiet                 do not log requests`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'step-ms': { type: 'string' },
      'token-lifetime': { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'rate-limit': { type: 'string' },
      'drop-rate': { type: 'string' },
      'extra-testcases': { type: 'string' },
      'extra-executions': { type: 'string' },
      'extra-devices': { type: 'string' },
      'extra-trace-filters': { type: 'string' },
      'extra-suites': { type: 'string' },
      'paged-lists': { type: 'string' },
      'max-page-size': { type: 'string' },
      'start-end': { type: 'string' },
      'oldest-first': { type: 'boolean', default: false },
      'summary-items': { type: 'boolean', default: false },
      lab: { type: 'boolean', default: false },
      'lab-seed': { type: 'string' },
      empty: { type: 'boolean', default: false },
      load: { type: 'string' },
      save: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const num = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a non-negative number, got '${v}'`);
    return n;
  };
  const emu = await startEmulator({
    host: values.host,
    port: num('port', values.port),
    demoData: !values.empty,
    loadPath: values.load,
    savePath: values.save,
    scale: {
      extraTestCases: num('extra-testcases', values['extra-testcases']),
      extraExecutions: num('extra-executions', values['extra-executions']),
      extraDevices: num('extra-devices', values['extra-devices']),
      extraTraceFilters: num('extra-trace-filters', values['extra-trace-filters']),
      extraSuites: num('extra-suites', values['extra-suites']),
    },
    readings: {
      ...(values['paged-lists'] !== undefined && { pagedLists: num('paged-lists', values['paged-lists']) }),
      ...(values['max-page-size'] !== undefined && { maxPageSize: num('max-page-size', values['max-page-size']) }),
      ...(values['start-end'] !== undefined && { startEnd: values['start-end'] as StartEndReading }),
      ...(values['oldest-first'] && { executionsOldestFirst: true }),
      ...(values['summary-items'] && { summaryItems: true }),
    },
    ...((values.lab || values['lab-seed'] !== undefined) && {
      lab: {
        ...DEMO_LAB,
        ...(values['lab-seed'] !== undefined && { seed: num('lab-seed', values['lab-seed']) }),
      },
    }),
    settings: {
      ...(values['step-ms'] !== undefined && { executionStepMs: num('step-ms', values['step-ms']) }),
      ...(values['token-lifetime'] !== undefined && {
        tokenLifetimeSeconds: num('token-lifetime', values['token-lifetime']),
      }),
    },
    faults: {
      ...(values.latency !== undefined && { latencyMs: num('latency', values.latency) }),
      ...(values['error-rate'] !== undefined && { errorRate: num('error-rate', values['error-rate']) }),
      ...(values['rate-limit'] !== undefined && { rateLimitRate: num('rate-limit', values['rate-limit']) }),
      ...(values['drop-rate'] !== undefined && { dropRate: num('drop-rate', values['drop-rate']) }),
    },
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`Test Automation Service emulator listening on ${emu.url}`);
  console.log(`  TAS_BASE_URL=${emu.url}`);
  // Demo credentials are public fixtures of the emulator, not secrets.
  const { admin, tester } = DEMO_CREDENTIALS;
  console.log(`  demo credentials (ADMIN):  TAS_CLIENT_ID=${admin.clientId} TAS_CLIENT_SECRET=${admin.clientSecret}`);
  console.log(`  demo credentials (TESTER): TAS_CLIENT_ID=${tester.clientId} TAS_CLIENT_SECRET=${tester.clientSecret}`);
  const stop = () => {
    emu.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`emulator: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
