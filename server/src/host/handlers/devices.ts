import type { Connection } from 'vscode-languageserver/node';
import { CreateDeviceTokenRequest, DevicesAttentionNotification, DeviceStatusChangedNotification, DeviceTestCasesRequest, DeviceTokensRequest, ListDevicesRequest, PrepareDeviceRequest, RestartAgentRequest, RevokeDeviceTokenRequest } from '../../protocol';
import { type ActiveEnvironment, DeviceActions, type EnvironmentState, kindOfStatusTarget, type Follower, recordWords, type ReferenceCache, type ShownRecord, StatusFollow, type FollowerOptions } from '../../core';
import { act, recordGone } from './outcome';
import { EDITOR_WORDS } from '../words';

const shownAs = (kind: ShownRecord['kind'], id: number, shown?: string): ShownRecord => ({ kind, id, ...(shown !== undefined && { name: shown }) });

// Thin adapters from the Devices view's requests to the device actions; statuses follow on the
// follower's timer.

interface Services {
  env: EnvironmentState;
  follower: Follower;
  followerOptions: FollowerOptions;
  refs: ReferenceCache;
}

export function registerDeviceFeatures(connection: Connection, s: Services): void {
  const follow = new StatusFollow(
    () => {
      const client = s.env.current?.client;
      return client && { device: (id, signal) => client.devices.status(id, signal), node: (id, signal) => client.testNodes.status(id, signal) };
    },
    s.followerOptions,
    () => Date.now(),
    () => s.follower.wake(),
  );
  s.follower.addTopic(follow);
  follow.onChange((readings) => {
    // A status read that found its record gone: the reference cache drops it too.
    for (const r of readings) if (r.gone) recordGone({ kind: kindOfStatusTarget(r.target), id: r.id });
    void connection.sendNotification(DeviceStatusChangedNotification, { readings });
  });
  const actions = (env: ActiveEnvironment) => new DeviceActions(env.client, follow, EDITOR_WORDS, (id) => s.refs.deviceRaw(id));

  connection.onRequest(ListDevicesRequest, () => act(s.env, { action: 'read the test nodes and devices' }, (env) => actions(env).overview()));
  connection.onRequest(PrepareDeviceRequest, ({ id, shown }) =>
    act(
      s.env,
      {
        action: `prepare ${recordWords(shownAs('mobileDevice', id, shown))}`,
        record: shownAs('mobileDevice', id, shown),
        starts: true,
        startedWhat: 'Watch the device\'s status in the Devices view before preparing it again.',
        conflict: 'the device cannot be prepared now (its test node is offline or restarting). Wait until the node is online, then try again.',
      },
      (env) => actions(env).prepare(id),
    ),
  );
  connection.onRequest(RestartAgentRequest, ({ id, shown }) =>
    act(
      s.env,
      {
        action: `restart the agent of ${recordWords(shownAs('testNode', id, shown))}`,
        record: shownAs('testNode', id, shown),
        starts: true,
        startedWhat: 'Watch the node\'s status in the Devices view before restarting it again.',
        conflict: 'the test node is offline, so there is no agent to restart. Check the machine itself.',
      },
      (env) => actions(env).restartAgent(id),
    ),
  );
  connection.onRequest(DeviceTestCasesRequest, ({ id, shown }) =>
    act(s.env, { action: `read the test cases that use ${recordWords(shownAs('mobileDevice', id, shown))}`, record: shownAs('mobileDevice', id, shown) }, (env) =>
      actions(env).testCases(id),
    ),
  );
  connection.onRequest(DeviceTokensRequest, ({ mobileId, shown }) =>
    act(s.env, { action: `read the tokens of ${recordWords(shownAs('mobileDevice', mobileId, shown))}` }, (env) => actions(env).tokens(mobileId)),
  );
  connection.onRequest(CreateDeviceTokenRequest, ({ mobileId, fullControl, expiryHours, shown }) =>
    act(
      s.env,
      {
        action: `create a token for ${recordWords(shownAs('mobileDevice', mobileId, shown))}`,
        starts: true,
        startedWhat: 'Refresh the Devices view and look at the device\'s tokens before creating another; revoke one you cannot use.',
      },
      (env) => actions(env).createToken(mobileId, fullControl, expiryHours),
    ),
  );
  connection.onRequest(RevokeDeviceTokenRequest, ({ id, shown }) =>
    act(s.env, { action: `revoke ${recordWords(shownAs('deviceToken', id, shown))}`, record: shownAs('deviceToken', id, shown) }, (env) => actions(env).revokeToken(id)),
  );
  connection.onNotification(DevicesAttentionNotification, ({ visible }) => follow.setVisible(visible));
}
