import { shownApiClient } from '../apiClients/shown';
import type { ActiveEnvironment } from '../environment/environment';
import type { RemoteViewKind } from '../model/entityKinds';

// A record as its read-only remote view shows it (`tas-remote:`, opened by a document link or Go
// to Definition): pretty JSON with every secret masked, under a title naming the environment.

const LABELS: Record<RemoteViewKind, string> = {
  mobileDevice: 'Mobile device',
  traceFilter: 'Trace filter',
  testCase: 'Test case',
  testSuite: 'Test suite',
  testNode: 'Test node',
  apiClient: 'API client',
};

/** What the user asked, in words: "open test case 7". */
export const remoteViewAction = (kind: RemoteViewKind, id: number): string =>
  `open ${LABELS[kind].toLowerCase()} ${id}`;

export async function remoteViewOf(
  env: ActiveEnvironment,
  kind: RemoteViewKind,
  id: number,
): Promise<{ title: string; text: string }> {
  const c = env.client;
  const record =
    kind === 'mobileDevice'
      ? await c.devices.get(id)
      : kind === 'traceFilter'
        ? await c.traceFilters.get(id)
        : kind === 'testSuite'
          ? await c.testSuites.get(id)
          : kind === 'testNode'
            ? await c.testNodes.get(id)
            : kind === 'apiClient'
              ? shownApiClient(await c.apiClients.get(id))
              : await c.testCases.get(id);
  // Shown as it is but for secrets (a step's password, say), masked by the one rule.
  return {
    title: `${LABELS[kind]} ${id} (${env.name})`,
    text: c.session.scrub(JSON.stringify(record, null, 2)) + '\n',
  };
}
