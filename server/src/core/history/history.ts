import { int, isRecord, text, time } from '../base/read';
import { NotSignedInError } from '../failures/classify';
import { summarizeExecution } from '../executions/state';
import type { ExecutionSummary } from '../model/executions';
import type { CaseHistory, HistoryReport } from '../model/history';
import { caseWithoutRuns, computeHistory } from './compute';
import type { CaseFacts } from './flaky';
import { listedPhones, msisdnIndex, type PhoneIdentity, referencedPhones } from './references';
import type { HistorySource } from './source';

// The history of one environment: read once when first asked (the newest executions, the test
// cases' list and the records of those that ran, the phones), then kept current by what the
// follower reads anyway (`merge`: its polls and the Executions view's pages), with no polling of
// its own. An import here makes the test cases' change times be read again on the next use;
// Refresh, or a new environment, reads everything again. The marks are worked out once per
// change and that report answers every ask (each CodeLens, hover and view) meanwhile.

export interface HistoryOptions {
  /** How many of the newest executions are read. */
  limit: () => number;
  /** States that end an execution besides the known ones (a setting). */
  finalStates: () => readonly string[];
  now?: () => number;
}

/** Told which test cases' history changed. */
export type HistoryListener = (testCaseIds: number[]) => void;

/**
 * How long one report of every test case answers for several (each CodeLens, hover and view
 * asks for its own cases), while nothing it rests on changes: its time and the suspects' clock
 * words are that old at most.
 */
const REPORT_REUSE_MS = 10_000;

/** The last report of every test case, and what it was made from. */
interface FullReport {
  revision: number;
  loaded: Loaded;
  at: number;
  report: HistoryReport;
  byId: Map<number, CaseHistory>;
}

interface Loaded {
  facts: Map<number, CaseFacts>;
  phones: ReadonlyMap<number, PhoneIdentity>;
  truncated: boolean;
}

export class History {
  private readonly runs = new Map<number, ExecutionSummary>();
  private loaded: Loaded | undefined;
  private loading: Promise<Loaded> | undefined;
  private casesStale = false;
  private generation = 0;
  private readonly listeners: HistoryListener[] = [];
  /** Change times the sync state tells (a link's service time), per test case. */
  private readonly linkTimes = new Map<number, Set<string>>();
  /** Counts changes of what a report rests on (runs, change times); a report of an older count is made again. */
  private revision = 0;
  private full: FullReport | undefined;

  constructor(
    private readonly source: () => HistorySource | undefined,
    private readonly o: HistoryOptions,
  ) {}

  onChange(listener: HistoryListener): void {
    this.listeners.push(listener);
  }

  /** A new environment, or Refresh: everything is read again on the next use. */
  reset(): void {
    this.generation += 1;
    this.revision += 1;
    this.full = undefined;
    this.runs.clear();
    this.loaded = undefined;
    this.loading = undefined;
    this.casesStale = false;
  }

  /** Test cases changed here (an import, a save): their change times and references are read again on the next use. */
  casesChanged(): void {
    this.casesStale = true;
  }

  /** What the sync state tells of a test case: it was synced at the service's time `updated`. */
  knownChange(testCaseId: number, updated: string): void {
    const set = this.linkTimes.get(testCaseId) ?? new Set<string>();
    set.add(updated);
    this.linkTimes.set(testCaseId, set);
    const facts = this.loaded?.facts.get(testCaseId);
    if (facts && !facts.changes.includes(updated)) {
      facts.changes.push(updated);
      this.revision += 1;
    }
  }

  /**
   * Readings of executions from elsewhere (the follower's polls, a page of the Executions view):
   * kept, and the listeners told of the test cases whose history they change. Nothing is read.
   */
  merge(readings: readonly ExecutionSummary[]): void {
    const changed = new Set<number>();
    for (const s of readings) {
      if (s.testCaseId === undefined || s.status === 'DELETED') {
        if (this.runs.delete(s.id) && s.testCaseId !== undefined) changed.add(s.testCaseId);
        continue;
      }
      const before = this.runs.get(s.id);
      if (before && before.kind === s.kind && before.final === s.final && before.currentStep === s.currentStep)
        continue;
      // A reading from a list may lack what an earlier one said (its phones): kept.
      this.runs.set(s.id, { ...(before?.deviceIds && { deviceIds: before.deviceIds }), ...s });
      changed.add(s.testCaseId);
      // A case the history has not seen: its change time and references are read on the next use.
      if (this.loaded && !this.loaded.facts.has(s.testCaseId)) this.casesStale = true;
    }
    if (changed.size === 0) return;
    this.revision += 1;
    for (const l of this.listeners) l([...changed]);
  }

  /** The history of the test cases asked for (all that ran when none are named), with the flaky and suspect marks. */
  async report(options: { only?: readonly number[]; signal?: AbortSignal } = {}): Promise<HistoryReport> {
    const loaded = await this.load(options.signal);
    const full = this.fullReport(loaded);
    if (!options.only) return full.report;
    const cases = options.only.map((id) => full.byId.get(id) ?? caseWithoutRuns(id, loaded.facts.get(id)));
    return { ...full.report, cases };
  }

  /** The report of every test case: the last one while nothing it rests on changed, else made again. */
  private fullReport(loaded: Loaded): FullReport {
    const now = (this.o.now ?? Date.now)();
    const last = this.full;
    const recent = last !== undefined && now >= last.at && now - last.at < REPORT_REUSE_MS;
    if (last && recent && last.revision === this.revision && last.loaded === loaded) return last;
    const report = computeHistory({
      executions: this.runs.values(),
      cases: loaded.facts,
      phoneNames: new Map([...loaded.phones].map(([id, p]) => [id, p.name])),
      now,
      truncated: loaded.truncated,
    });
    this.full = {
      revision: this.revision,
      loaded,
      at: now,
      report,
      byId: new Map(report.cases.map((c) => [c.testCaseId, c])),
    };
    return this.full;
  }

  private async load(signal: AbortSignal | undefined): Promise<Loaded> {
    if (this.loaded && !this.casesStale) return this.loaded;
    if (this.loading) return this.loading;
    const source = this.source();
    if (!source) throw new NotSignedInError();
    const generation = this.generation;
    const stale = this.loaded;
    this.casesStale = false;
    const loading = (async (): Promise<Loaded | undefined> => {
      const [executions, list, phones] = await Promise.all([
        stale === undefined ? source.executions(this.o.limit(), signal) : undefined,
        source.testCases(signal),
        stale?.phones ?? source.phones(signal),
      ]);
      const finalStates = this.o.finalStates();
      const runs: ExecutionSummary[] = [];
      const ran = new Set<number>();
      const items = executions?.items ?? [];
      for (let i = 0; i < items.length; i++) {
        const e = summarizeExecution(items[i], finalStates);
        // The records as sent are not kept while the test cases are read: 10,000 of them weigh more than their summaries.
        items[i] = undefined;
        if (e === undefined) continue;
        runs.push(e);
        if (e.testCaseId !== undefined) ran.add(e.testCaseId);
      }
      for (const e of this.runs.values()) if (e.testCaseId !== undefined) ran.add(e.testCaseId);
      const facts = await this.facts(source, list, ran, phones, stale?.facts, signal);
      // A new environment (or Refresh) while reading: what was read belongs to the old one.
      if (generation !== this.generation) return undefined;
      // Readings merged while the list was read are newer than the list's.
      for (const e of runs) if (!this.runs.has(e.id)) this.runs.set(e.id, e);
      this.loaded = { facts, phones, truncated: executions?.hasMore ?? stale?.truncated ?? false };
      return this.loaded;
    })();
    const settled = loading.then((done) => done ?? this.load(signal));
    this.loading = settled;
    try {
      return await settled;
    } finally {
      if (this.loading === settled) this.loading = undefined;
    }
  }

  /**
   * What is known of each test case that ran: its name and last change (the list, the sync
   * state), and the phones its current version refers to (its record; the list's `deviceList`
   * when the record could not be read). Records are read again only for a case that changed.
   */
  private async facts(
    source: HistorySource,
    list: readonly unknown[],
    ran: ReadonlySet<number>,
    phones: ReadonlyMap<number, PhoneIdentity>,
    before: ReadonlyMap<number, CaseFacts> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Map<number, CaseFacts>> {
    const facts = new Map<number, CaseFacts>();
    // The list items, for the phones their `deviceList` names where a record cannot be read.
    const items = new Map<number, unknown>();
    for (const item of list) {
      const id = isRecord(item) ? int(item['id']) : undefined;
      if (id === undefined || !isRecord(item) || !ran.has(id)) continue;
      const updated = time(item['updated']);
      const name = text(item['name']);
      const links = [...(this.linkTimes.get(id) ?? [])];
      facts.set(id, {
        id,
        ...(name !== undefined && { name }),
        changes: [...(updated !== undefined ? [updated] : []), ...links],
        ...(updated !== undefined && { updated }),
      });
      items.set(id, item);
    }
    const unchanged = (f: CaseFacts) => {
      const old = before?.get(f.id);
      return old?.devices !== undefined && f.updated !== undefined && old.updated === f.updated ? old : undefined;
    };
    const toRead = [...facts.values()].filter((f) => !unchanged(f)).map((f) => f.id);
    const records = await source.records(toRead, signal).catch(() => [] as unknown[]);
    const read = new Map<number, unknown>();
    for (const r of records) {
      const id = isRecord(r) ? int(r['id']) : undefined;
      if (id !== undefined) read.set(id, r);
    }
    const byMsisdn = msisdnIndex(withExportedPhones(phones, records));
    for (const f of facts.values()) {
      const record = read.get(f.id);
      const devices =
        record !== undefined
          ? referencedPhones(record, byMsisdn)
          : (unchanged(f)?.devices ?? listedPhones(items.get(f.id), phones, byMsisdn));
      if (devices !== undefined) f.devices = devices;
    }
    return facts;
  }
}

/**
 * The phones, with the MSISDNs the exported records' `devices` tell where the list lacks them (a
 * list of summaries, `{id, name}`): a parameter that names a phone by its number is found either way.
 */
function withExportedPhones(
  phones: ReadonlyMap<number, PhoneIdentity>,
  records: readonly unknown[],
): ReadonlyMap<number, PhoneIdentity> {
  const out = new Map(phones);
  for (const r of records) {
    const devices = isRecord(r) && Array.isArray(r['devices']) ? (r['devices'] as unknown[]) : [];
    for (const d of devices) {
      const id = isRecord(d) ? int(d['id']) : undefined;
      const msisdn = isRecord(d) ? text(d['msisdn']) : undefined;
      if (id === undefined || msisdn === undefined || out.get(id)?.msisdn !== undefined) continue;
      out.set(id, { ...out.get(id), msisdn });
    }
  }
  return out;
}
