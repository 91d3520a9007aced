import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach } from 'node:test';
import { ExportTestCasesRequest, ImportFilesRequest, SyncStatusRequest } from '../../server/src/protocol';
import type { ExportReport, ImportReport, SyncDecision } from '../../server/src/core/model/sync';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import type { Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';
import { value } from './outcomes';
import { twoEnvironmentsOverLsp } from './twoEnvironmentsOverLsp';

// The setting of the import and export tests at the LSP boundary (sync.test.ts,
// syncEnvironments.test.ts): emulators A and B that keep request bodies, B with A's phones, API
// clients and trace filters and no test case; a fresh folder in the sync root per test, with A
// as the environment; and the requests and reads those tests make.

/** `.tas/sync.json` as the tests read it. */
export interface StateFile {
  files: Record<string, { home: string; links: Record<string, { id: number; base: string }> }>;
}

export interface SyncSetting {
  a: Emulator;
  b: Emulator;
  lsp: LspHarness;
  /** The sync root. */
  dir: string;
  /** How many tests have started: the current one's folder is `t<n>`. */
  n: number;
  /** A fresh folder (inside the sync root) per test. */
  folder: string;
}

/** Registers the setting's hooks in the current describe; `set` is told it whenever it changes. */
export function syncOverLsp(prefix: string, set: (s: SyncSetting) => void) {
  const s = { n: 0 } as SyncSetting;
  twoEnvironmentsOverLsp(
    prefix,
    (started) => {
      Object.assign(s, started);
      // B holds the same phones, API clients and trace filters as A (and no test case): the
      // references of A's cases have their counterparts there (test/cli/environments.test.ts moves them).
      s.b.store.devices.load(structuredClone(s.a.store.devices.toJSON()));
      s.b.store.apiClients.load(structuredClone(s.a.store.apiClients.toJSON()));
      s.b.store.traceFilters.load(structuredClone(s.a.store.traceFilters.toJSON()));
      set(s);
    },
    { keepBodies: true, demoData: false },
    { keepBodies: true },
  );
  const uri = (name: string) => pathToFileURL(join(s.folder, name)).href;
  const read = (name: string) => readFile(join(s.folder, name), 'utf8');
  const useA = () => s.lsp.setEnvironment({ name: 'A', baseUrl: s.a.url, ...DEMO_CREDENTIALS.admin });
  const useB = () => s.lsp.setEnvironment({ name: 'B', baseUrl: s.b.url, ...DEMO_CREDENTIALS.admin });
  const importFiles = async (uris: string[], decisions?: Record<string, SyncDecision>): Promise<ImportReport> =>
    value(await s.lsp.connection.sendRequest(ImportFilesRequest, { uris, ...(decisions && { decisions }) }));
  const exportCases = async (
    ids: number[],
    extra: { bundle?: string; dirtyUris?: string[]; decisions?: Record<string, SyncDecision> } = {},
  ): Promise<ExportReport> =>
    value(
      await s.lsp.connection.sendRequest(ExportTestCasesRequest, {
        ids,
        folder: pathToFileURL(s.folder).href,
        ...extra,
      }),
    );
  const status = async (uris: string[]) => value(await s.lsp.connection.sendRequest(SyncStatusRequest, { uris }));
  const importBodies = (emu: Emulator) =>
    emu.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/v2/testcases/import')
      .map((r) => r.body as Record<string, unknown>[]);
  const tc = (emu: Emulator, id: number) => emu.store.testCases.get(id)!;
  const fileOf = async (name: string) => JSON.parse(await read(name)) as Record<string, unknown>;

  beforeEach(async () => {
    s.a.faults.reset();
    s.folder = join(s.dir, `t${++s.n}`);
    await mkdir(s.folder);
    set(s);
    await useA();
  });
  return { uri, read, useA, useB, importFiles, exportCases, status, importBodies, tc, fileOf };
}
