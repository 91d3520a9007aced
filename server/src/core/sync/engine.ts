import { fileURLToPath } from 'node:url';
import { NotSignedInError } from '../failures/classify';
import type { ExportReport, FileSyncStatus, ImportReport, LocalCaseRef } from '../model/sync';
import { classify } from './classify';
import { envKey } from './envKey';
import { exportCases } from './exporter';
import { importFiles } from './importer';
import { Placement, readLocalFile, type LocalCase, type LocalFile } from './local';
import { syncHash } from './projection';
import { resolve } from './resolve';
import { stateKey, SyncStates } from './state';
import type { ExportParams, ImportParams, ProgressSink, SyncHost, SyncRun } from './types';
import type { SyncReferenceKind } from '../model/entityKinds';

// The sync core: links between local test-case files and test cases of an environment, import
// and export. Transport-free: the language server and the CLI host it alike (handlers/sync.ts
// adapts).

export class SyncEngine {
  /** Items per import or export request; the service's limit is not documented. */
  batchSize: number | undefined;

  constructor(private readonly host: SyncHost) {}

  private run(signal: AbortSignal | undefined, progress: ProgressSink | undefined): SyncRun {
    const env = this.host.environment();
    if (!env) throw new NotSignedInError();
    return {
      host: this.host,
      client: env.client,
      env: envKey(env.baseUrl),
      signal,
      progress,
      batchSize: this.batchSize,
      ...(this.host.lists && { lists: this.host.lists(env.client) }),
    };
  }

  /** Local cases of these refs (a bundle without an index: all its items); unreadable files listed apart. */
  private async casesOf(
    refs: LocalCaseRef[],
  ): Promise<{ cases: LocalCase[]; failed: { ref: LocalCaseRef; message: string }[] }> {
    const files = new Map<string, Promise<LocalFile>>();
    const place = new Placement();
    const cases: LocalCase[] = [];
    const failed: { ref: LocalCaseRef; message: string }[] = [];
    for (const ref of refs) {
      let file = files.get(ref.uri);
      if (!file) {
        file = readLocalFile(ref.uri, this.host.openText, place);
        files.set(ref.uri, file);
      }
      try {
        const f = await file;
        cases.push(...f.items.filter((c) => ref.index === undefined || c.index === ref.index));
      } catch (err) {
        failed.push({ ref, message: err instanceof Error ? err.message : String(err) });
      }
    }
    return { cases, failed };
  }

  /** The links of these files here, from the sync state alone: the linked id, and the service's time at the last sync. */
  async linked(uris: string[]): Promise<(LocalCaseRef & { id: number; name?: string; updated?: string })[]> {
    const env = this.host.environment();
    if (!env) return [];
    const key = envKey(env.baseUrl);
    const states = new SyncStates();
    const { cases } = await this.casesOf(uris.map((uri) => ({ uri })));
    const out: (LocalCaseRef & { id: number; name?: string; updated?: string })[] = [];
    for (const c of cases) {
      const state = await states.forFile(c.file.path);
      const link = state.link(stateKey(state.root, c.file.path, c.index), key);
      if (link)
        out.push({
          uri: c.uri,
          ...(c.index !== undefined && { index: c.index }),
          id: link.id,
          ...(c.name !== undefined && { name: c.name }),
          ...(link.updated !== undefined && { updated: link.updated }),
        });
    }
    return out;
  }

  /**
   * The change state of these local cases against the service. A file with an id and no sync
   * state that names the same case here is adopted (linked, without a base).
   */
  async status(refs: LocalCaseRef[], signal?: AbortSignal): Promise<FileSyncStatus[]> {
    const run = this.run(signal, undefined);
    const { cases, failed } = await this.casesOf(refs);
    const states = new SyncStates();
    const placed = await resolve(run.client, run.env, cases, states, {
      byName: false,
      words: this.host.words,
      ...(signal && { signal }),
      ...(this.batchSize !== undefined && { batchSize: this.batchSize }),
    });
    const out: FileSyncStatus[] = failed.map(({ ref, message }) => ({ ...ref, state: 'unknown' as const, message }));
    for (const p of placed) {
      const ref = {
        uri: p.local.uri,
        ...(p.local.index !== undefined && { index: p.local.index }),
        ...(p.local.name !== undefined && { name: p.local.name }),
      };
      const s = p.standing;
      if (s.kind === 'linked') {
        if (s.how === 'adopted') p.state.setLink(p.key, run.env, { id: s.id }, run.env);
        out.push({
          ...ref,
          id: s.id,
          state: classify({ local: syncHash(p.local.value), service: syncHash(s.record), base: s.base }),
        });
      } else if (s.kind === 'missing') out.push({ ...ref, id: s.id, state: 'missingOnService' });
      else if (s.kind === 'error') out.push({ ...ref, state: 'unknown', message: s.message });
      else out.push({ ...ref, state: 'notLinked' });
    }
    await states.saveAll();
    return out;
  }

  /**
   * Keeps the counterpart here a person chose for a reference of another environment (the
   * quick fix of `foreign-reference`): in the file's sync state, ids only; the file is not edited.
   */
  async rememberCounterpart(choice: {
    uri: string;
    home: string;
    kind: SyncReferenceKind;
    from: number;
    to: number;
  }): Promise<void> {
    const env = this.host.environment();
    if (!env) throw new NotSignedInError();
    const state = await new SyncStates().forFile(fileURLToPath(choice.uri));
    state.rememberChoice(choice.home, envKey(env.baseUrl), choice.kind, choice.from, choice.to);
    await state.save();
  }

  importFiles(params: ImportParams, signal?: AbortSignal, progress?: ProgressSink): Promise<ImportReport> {
    return importFiles(this.run(signal, progress), params.uris, params.decisions ?? {}, {
      force: params.force === true,
      dryRun: params.dryRun === true,
      ...(params.only && { only: params.only }),
      ...(params.map && { map: params.map }),
      remember: params.remember === true,
      confirmMappings: params.confirmMappings === true,
    });
  }

  exportCases(params: ExportParams, signal?: AbortSignal, progress?: ProgressSink): Promise<ExportReport> {
    return exportCases(this.run(signal, progress), params);
  }
}
