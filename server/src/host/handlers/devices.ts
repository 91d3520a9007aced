import type { Connection } from 'vscode-languageserver/node';
import { CreateDeviceTokenRequest, DevicesAttentionNotification, DeviceStatusChangedNotification, DeviceTestCasesRequest, DeviceTokensRequest, ListDevicesRequest, PrepareDeviceRequest, RestartAgentRequest, RevokeDeviceTokenRequest } from '../../protocol';
import { type ActionContext, type ActiveEnvironment, DeviceActions, type EnvironmentState, type ExecutionWatcher, type Outcome, outcome, type ReferenceCache, SIGNED_OUT, StatusFollow, type WatcherOptions } from '../../core';

// Thin adapters from the Devices view's requests to the device actions; statuses follow on the
// execution watcher's timer.

interface Services {
  env: EnvironmentState;
  watcher: ExecutionWatcher;
  watcherOptions: WatcherOptions;
  refs: ReferenceCache;
}

export function registerDeviceFeatures(connection: Connection, s: Services): void {
  const follow = new StatusFollow(
    () => {
      const client = s.env.current?.client;
      return client && { device: (id, signal) => client.devices.status(id, signal), node: (id, signal) => client.testNodes.status(id, signal) };
    },
    s.watcherOptions,
    () => Date.now(),
    () => s.watcher.wake(),
  );
  s.watcher.addTopic(follow);
  follow.onChange((readings) => void connection.sendNotification(DeviceStatusChangedNotification, { readings }));
  const actions = (env: ActiveEnvironment) => new DeviceActions(env.client, follow, (id) => s.refs.deviceRaw(id));

  async function act<T>(ctx: ActionContext, run: (a: DeviceActions) => Promise<T>): Promise<Outcome<T>> {
    const env = s.env.current;
    if (!env) return { ok: false, error: SIGNED_OUT };
    return outcome(ctx, () => run(actions(env)));
  }

  connection.onRequest(ListDevicesRequest, () => act({ action: 'read the test nodes and devices' }, (a) => a.overview()));
  connection.onRequest(PrepareDeviceRequest, ({ id }) =>
    act(
      {
        action: `prepare device ${id}`,
        starts: true,
        startedWhat: 'Watch the device\'s status in the Devices view before preparing it again.',
        conflict: 'the device cannot be prepared now (its test node is offline or restarting). Wait until the node is online, then try again.',
      },
      (a) => a.prepare(id),
    ),
  );
  connection.onRequest(RestartAgentRequest, ({ id }) =>
    act(
      {
        action: `restart the agent of test node ${id}`,
        starts: true,
        startedWhat: 'Watch the node\'s status in the Devices view before restarting it again.',
        conflict: 'the test node is offline, so there is no agent to restart. Check the machine itself.',
      },
      (a) => a.restartAgent(id),
    ),
  );
  connection.onRequest(DeviceTestCasesRequest, ({ id }) => act({ action: `read the test cases that use device ${id}` }, (a) => a.testCases(id)));
  connection.onRequest(DeviceTokensRequest, ({ mobileId }) => act({ action: `read the tokens of device ${mobileId}` }, (a) => a.tokens(mobileId)));
  connection.onRequest(CreateDeviceTokenRequest, ({ mobileId, fullControl, expiryHours }) =>
    act(
      {
        action: `create a token for device ${mobileId}`,
        starts: true,
        startedWhat: 'Refresh the Devices view and look at the device\'s tokens before creating another; revoke one you cannot use.',
      },
      (a) => a.createToken(mobileId, fullControl, expiryHours),
    ),
  );
  connection.onRequest(RevokeDeviceTokenRequest, ({ id }) => act({ action: `revoke token ${id}` }, (a) => a.revokeToken(id)));
  connection.onNotification(DevicesAttentionNotification, ({ visible }) => follow.setVisible(visible));
}
