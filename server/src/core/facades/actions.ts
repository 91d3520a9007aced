import type { TasClient } from '../api/client';
import { ApiClientActions } from '../apiClients/actions';
import { DeviceActions } from '../devices/devices';
import { StatusFollow } from '../devices/follow';
import { ExecutionActions } from '../executions/executions';
import type { ExecutionFollow } from '../executions/follow';
import { DEFAULT_FOLLOWER_OPTIONS } from '../executions/follower';
import { SuiteActions } from '../executions/suites';
import type { HostWords } from '../failures/failures';
import type { ReferenceCache } from '../liveChecks/referenceCache';
import { ProjectActions } from '../projects/projects';
import { TestCaseActions } from '../testCases/actions';
import { TraceFilterActions } from '../traceFilters/traceFilters';
import { UserActions } from '../users/users';
import { type LabTools, labTools, type RecordDocumentActions, recordDocumentActions } from './recordActions';

// The user's operations on each kind of record, for one client, made in one call with what
// they share: the host's words, the extra final states, the follower, the cached lists. A host
// with a service session takes them from it (session.actions(env)); `tas` makes them for its
// client. Each is made on first use.

export interface ActionsOptions {
  /** The host's next steps in failures worded by the actions. */
  words: HostWords;
  /** States that end an execution besides the known ones (a setting); none when absent. */
  finalStates?: () => readonly string[];
  /** Started executions are followed (the language server's follower); none: nothing is followed. */
  follower?: ExecutionFollow;
  /** The environment's cached lists and records (a session's): names and records are read from them instead of the service. */
  lists?: ReferenceCache;
  /** Device and test node statuses followed on the follower's timer (a session's); none: statuses are not followed. */
  deviceStatuses?: StatusFollow;
  /** After a record that files name changed (a trace filter, an API client): the lists are read again. */
  listsChanged?: () => void;
}

export interface Actions {
  readonly suites: SuiteActions;
  readonly executions: ExecutionActions;
  readonly devices: DeviceActions;
  readonly projects: ProjectActions;
  readonly traceFilters: TraceFilterActions;
  readonly apiClients: ApiClientActions;
  readonly users: UserActions;
  readonly testCases: TestCaseActions;
  readonly records: RecordDocumentActions;
  readonly labTools: LabTools;
}

/** Test case names for suites that list bare ids, read from the service when no cached list is at hand. */
async function testCaseNames(client: TasClient): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for await (const item of client.testCases.iterate({ size: 1000 })) names.set(item.id, item.name);
  return names;
}

/** A status follow with no source: nothing is followed (a host that shows no statuses). */
const unfollowed = (): StatusFollow =>
  new StatusFollow(
    () => undefined,
    DEFAULT_FOLLOWER_OPTIONS,
    Date.now,
    () => undefined,
  );

export function actionsOn(client: TasClient, o: ActionsOptions): Actions {
  const finalStates = o.finalStates ?? (() => []);
  const changed = o.listsChanged ?? (() => undefined);
  const lists = o.lists;
  const made = new Map<keyof Actions, unknown>();
  const once = <K extends keyof Actions>(key: K, make: () => Actions[K]): Actions[K] => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as Actions[K];
  };
  return {
    get suites() {
      return once(
        'suites',
        () =>
          new SuiteActions(
            client,
            lists ? () => lists.testCases() : () => testCaseNames(client),
            finalStates,
            o.follower,
          ),
      );
    },
    get executions() {
      return once('executions', () => new ExecutionActions(client, finalStates, o.follower));
    },
    get devices() {
      const statuses = o.deviceStatuses ?? unfollowed();
      return once('devices', () =>
        lists
          ? new DeviceActions(client, statuses, o.words, (id) => lists.deviceRaw(id))
          : new DeviceActions(client, statuses, o.words),
      );
    },
    get projects() {
      return once('projects', () => new ProjectActions(client, o.words));
    },
    get traceFilters() {
      return once('traceFilters', () =>
        lists
          ? new TraceFilterActions(client, changed, (id) => lists.traceFilterRaw(id))
          : new TraceFilterActions(client, changed),
      );
    },
    get apiClients() {
      return once('apiClients', () => new ApiClientActions(client, changed));
    },
    get users() {
      return once('users', () => new UserActions(client));
    },
    get testCases() {
      return once('testCases', () => new TestCaseActions(client, finalStates, o.words, o.follower));
    },
    get records() {
      return once('records', () => recordDocumentActions(client));
    },
    get labTools() {
      return once('labTools', () => labTools(client));
    },
  };
}
