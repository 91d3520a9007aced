import type { RequestLogEntry, SessionOptions } from '../api/session';
import { StatusFollow } from '../devices/follow';
import { checkEnvironment } from '../environment/connectionCheck';
import { type ActiveEnvironment, EnvironmentState } from '../environment/environment';
import { ConnectionStatusReporter, type StatusParams } from '../environment/status';
import { DEFAULT_FOLLOWER_OPTIONS, Follower, type FollowerOptions } from '../executions/follower';
import { type ActionContext, type HostWords, outcome, signedOut } from '../failures/failures';
import { KeptLists, type ListStorage } from '../liveChecks/keptLists';
import { ReferenceCache } from '../liveChecks/referenceCache';
import type { StatusReading } from '../model/devices';
import type { ShownRecord } from '../model/entities';
import { kindOfStatusTarget, type RemoteViewKind } from '../model/entityKinds';
import type { CheckResult, EnvironmentInfo, RefreshResult } from '../model/environment';
import type { Outcome } from '../model/outcome';
import { History } from '../history/history';
import { historySourceOn } from '../history/source';
import { type Actions, actionsOn } from './actions';
import { DEFAULT_HISTORY_EXECUTIONS } from './history';
import { historyViews, type HistoryViews } from './historyViews';
import { remoteViewAction, remoteViewOf } from './remoteView';

// The service as a host talks to it, made in one call: the active environment and its client,
// the lists the live checks cache, the connection status, the follower (executions, device and
// node statuses on one timer) and the actions, with the host's words and settings. The language
// server keeps one for its life; `tas validate` makes one for a run.

export interface ServiceSessionOptions {
  /** The host's next steps in every failure the session words. */
  words: HostWords;
  /** What each new client is made with (timeout, network, notices, body cap), read when it is made. */
  sessionOptions: () => SessionOptions;
  /** Every request, for the host's log. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** How long the live checks keep a list (ms); Infinity for a run that reads each once. */
  cacheTtlMs: () => number;
  /** States that end an execution besides the known ones (a setting). */
  finalStates?: () => readonly string[];
  /** The connection state, for the host to show (after each change of environment, a probe). */
  onStatus?: (status: StatusParams) => void;
  /** The cached lists were dropped after a change here (a record saved, created or deleted) or read again: check documents again. */
  onListsChanged?: () => void;
  /** A record found gone (404) by an action, a read or a status: it has left the cached lists; the host's views drop it. */
  onRecordGone?: (record: ShownRecord) => void;
  /** How many of the newest executions the history reads; DEFAULT_HISTORY_EXECUTIONS when absent. */
  historyExecutions?: () => number;
  /** Where the last lists read are kept per environment, for while the service cannot be reached (none: kept in memory only). */
  listStorage?: ListStorage;
  /** A line for the host's log (kept lists ignored or not written). */
  log?: (line: string) => void;
}

export interface ServiceSession {
  readonly words: HostWords;
  /** States that end an execution besides the known ones (the setting, read on each use). */
  readonly finalStates: () => readonly string[];
  /** The active environment: set, replaced, reconnected; its client; told on change. */
  readonly environment: EnvironmentState;
  /** The service's lists and records the live checks and completions read, cached per environment. */
  readonly lists: ReferenceCache;
  /** The connection state: probed after a change of environment, updated by later calls. */
  readonly status: ConnectionStatusReporter;
  /** The one timer that follows executions, and device and node statuses as its topic. */
  readonly follower: Follower;
  readonly deviceStatuses: StatusFollow;
  /**
   * Each test case's executions, flaky and suspect marks: read when first asked, kept current by
   * what the follower reads (no polling of its own), read again on refresh or a new environment.
   */
  readonly history: History;
  /** The history in the words the editor's views show (CodeLens, hover, Test Cases and Devices views). */
  readonly historyViews: HistoryViews;
  /** Told of device and test node statuses read on the follower's timer (after a record found gone was told). */
  onDeviceStatuses(listener: (readings: StatusReading[]) => void): void;
  /** Runs an action in the active environment and answers an Outcome in the host's words; not signed in, it says so. */
  act<T>(ctx: ActionContext, run: (env: ActiveEnvironment) => Promise<T>): Promise<Outcome<T>>;
  /** The actions on each kind of record, for the active environment's client. */
  actions(env: ActiveEnvironment): Actions;
  /** A record found gone outside `act` (an item of a batch, a link opened). */
  recordGone(record: ShownRecord): void;
  /** Records files name changed here: the cached lists are dropped and documents checked again. */
  listsChanged(): void;
  /**
   * A record as its read-only remote view shows it (a link in a file leads there: a 404 means the
   * file names something the service lacks); a record found gone leaves the lists and views.
   */
  remoteView(kind: RemoteViewKind, id: number): Promise<Outcome<{ title: string; text: string }>>;
  /** The devices, trace filters and test cases read again, the status updated by what that found. */
  refresh(): Promise<Outcome<RefreshResult>>;
  /** Candidate credentials checked on a client of their own (the active environment is untouched). */
  check(info: EnvironmentInfo & { clientSecret: string }): Promise<CheckResult>;
  /** The follower's first interval after a change (a setting); the longer ones keep the defaults' proportions. */
  setPollInterval(ms: number): void;
  dispose(): Promise<void>;
}

export function createServiceSession(o: ServiceSessionOptions): ServiceSession {
  const log = o.onRequest ?? (() => undefined);
  const finalStates = o.finalStates ?? (() => []);
  const listsChanged = o.onListsChanged ?? (() => undefined);
  const environment = new EnvironmentState(o.sessionOptions, log);
  const kept = new KeptLists(o.listStorage, o.log ?? (() => undefined));
  const lists = new ReferenceCache(environment, o.cacheTtlMs, o.words, Date.now, kept);
  const status = new ConnectionStatusReporter(environment, lists, o.onStatus ?? (() => undefined), o.words);
  const followerOptions: FollowerOptions = { ...DEFAULT_FOLLOWER_OPTIONS, extraFinalStates: finalStates };
  const follower = new Follower(undefined, followerOptions);
  const deviceStatuses = new StatusFollow(
    () => {
      const client = environment.current?.client;
      return (
        client && {
          device: (id, signal) => client.devices.status(id, signal),
          node: (id, signal) => client.testNodes.status(id, signal),
        }
      );
    },
    followerOptions,
    () => Date.now(),
    () => follower.wake(),
  );
  follower.addTopic(deviceStatuses);
  const history = new History(
    () => {
      const client = environment.current?.client;
      return client && historySourceOn(client, () => lists.devices());
    },
    { limit: o.historyExecutions ?? (() => DEFAULT_HISTORY_EXECUTIONS), finalStates },
  );
  // What the follower reads for the views and runs keeps the history current.
  follower.onReadings((readings) => history.merge(readings));

  // Back after an outage: every list is read again at once, not when each one's lifetime ends.
  lists.onReconnect(() => session.listsChanged());
  const recordGone = (record: ShownRecord): void => {
    lists.forget(record.kind, record.id);
    o.onRecordGone?.(record);
  };
  const statusListeners: ((readings: StatusReading[]) => void)[] = [];
  deviceStatuses.onChange((readings) => {
    // A status read that found its record gone: the lists drop it too.
    for (const r of readings) if (r.gone) recordGone({ kind: kindOfStatusTarget(r.target), id: r.id });
    for (const l of statusListeners) l(readings);
  });
  // Told before the host's own listeners: what was followed belonged to the old environment.
  environment.onChange(() => {
    const client = environment.current?.client;
    history.reset();
    follower.setSource(
      client && {
        get: (id, signal) => client.executions.get(id, signal),
        recent: async (count, signal) => (await client.executions.newest(0, count, { signal })).items,
      },
    );
  });

  const session: ServiceSession = {
    words: o.words,
    finalStates,
    environment,
    lists,
    status,
    follower,
    deviceStatuses,
    history,
    historyViews: historyViews(history),
    onDeviceStatuses: (listener) => void statusListeners.push(listener),
    async act(ctx, run) {
      const current = environment.current;
      if (!current) return { ok: false, error: signedOut(o.words) };
      const done = await outcome(ctx, () => run(current), o.words);
      // Only a 404 of the record itself: a notFound worded otherwise (ctx.notFound) is about something else.
      if (!done.ok && done.error.kind === 'notFound' && ctx.record && ctx.notFound === undefined)
        recordGone(ctx.record);
      return done;
    },
    actions: (env) =>
      actionsOn(env.client, {
        words: o.words,
        finalStates,
        follower,
        lists,
        deviceStatuses,
        listsChanged: () => session.listsChanged(),
      }),
    recordGone,
    listsChanged() {
      lists.clear();
      history.casesChanged();
      listsChanged();
    },
    async remoteView(kind, id) {
      const ctx = {
        action: remoteViewAction(kind, id),
        notFound: `it does not exist on the service at ${environment.current?.baseUrl ?? 'this URL'}.`,
      };
      const done = await session.act(ctx, (env) => remoteViewOf(env, kind, id));
      // Gone from the service: gone from the views and the lists too, whoever opened it.
      if (!done.ok && done.error.kind === 'notFound') recordGone({ kind, id });
      return done;
    },
    refresh: () =>
      session.act({ action: 'reload devices, trace filters and test cases' }, async () => {
        lists.clear();
        // The history is read again when next asked: executions started elsewhere come in.
        history.reset();
        try {
          const [devices, traceFilters, testCases] = await Promise.all([
            lists.devices(),
            lists.traceFilters(),
            lists.testCases(),
          ]);
          status.update({ ok: true });
          return { devices: devices.size, traceFilters: traceFilters.size, testCases: testCases.size };
        } catch (err) {
          // The status follows what the reload found.
          status.update({ ok: false, error: err });
          throw err;
        } finally {
          listsChanged();
        }
      }),
    check: (info) => checkEnvironment(info, { ...o.sessionOptions(), onRequest: log }),
    setPollInterval(ms) {
      followerOptions.baseIntervalMs = ms;
      // The defaults' proportions: at most 7.5 times the first interval, 30 times for unknown states.
      followerOptions.maxIntervalMs = ms * 7.5;
      followerOptions.unknownIntervalMs = ms * 30;
    },
    async dispose() {
      follower.dispose();
      await Promise.all([environment.dispose(), kept.flush()]);
    },
  };
  return session;
}
