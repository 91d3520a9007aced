import type { Connection } from 'vscode-languageserver/node';
import {
  CreateDeviceTokenRequest,
  DevicesAttentionNotification,
  DeviceStatusChangedNotification,
  DeviceTestCasesRequest,
  DeviceTokensRequest,
  ListDevicesRequest,
  PrepareDeviceRequest,
  RestartAgentRequest,
  RevokeDeviceTokenRequest,
} from '../../protocol';
import { type ActiveEnvironment, recordWords, type ServiceSession, shownRecord } from '../../core';

// Thin adapters from the Devices view's requests to the device actions; statuses follow on the
// follower's timer.

interface Services {
  /** Its statuses follow on the follower's timer; a status that found its record gone has told it already. */
  session: ServiceSession;
}

export function registerDeviceFeatures(connection: Connection, s: Services): void {
  s.session.onDeviceStatuses(
    (readings) => void connection.sendNotification(DeviceStatusChangedNotification, { readings }),
  );
  const actions = (env: ActiveEnvironment) => s.session.actions(env).devices;

  connection.onRequest(ListDevicesRequest, () =>
    s.session.act({ action: 'read the test nodes and devices' }, (env) => actions(env).overview()),
  );
  connection.onRequest(PrepareDeviceRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `prepare ${recordWords(shownRecord('mobileDevice', id, shown))}`,
        record: shownRecord('mobileDevice', id, shown),
        starts: true,
        startedWhat: "Watch the device's status in the Devices view before preparing it again.",
        conflict:
          'the device cannot be prepared now (its test node is offline or restarting). Wait until the node is online, then try again.',
      },
      (env) => actions(env).prepare(id),
    ),
  );
  connection.onRequest(RestartAgentRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `restart the agent of ${recordWords(shownRecord('testNode', id, shown))}`,
        record: shownRecord('testNode', id, shown),
        starts: true,
        startedWhat: "Watch the node's status in the Devices view before restarting it again.",
        conflict: 'the test node is offline, so there is no agent to restart. Check the machine itself.',
      },
      (env) => actions(env).restartAgent(id),
    ),
  );
  connection.onRequest(DeviceTestCasesRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `read the test cases that use ${recordWords(shownRecord('mobileDevice', id, shown))}`,
        record: shownRecord('mobileDevice', id, shown),
      },
      (env) => actions(env).testCases(id),
    ),
  );
  connection.onRequest(DeviceTokensRequest, ({ mobileId, shown }) =>
    s.session.act(
      { action: `read the tokens of ${recordWords(shownRecord('mobileDevice', mobileId, shown))}` },
      (env) => actions(env).tokens(mobileId),
    ),
  );
  connection.onRequest(CreateDeviceTokenRequest, ({ mobileId, fullControl, expiryHours, shown }) =>
    s.session.act(
      {
        action: `create a token for ${recordWords(shownRecord('mobileDevice', mobileId, shown))}`,
        starts: true,
        startedWhat:
          "Refresh the Devices view and look at the device's tokens before creating another; revoke one you cannot use.",
      },
      (env) => actions(env).createToken(mobileId, fullControl, expiryHours),
    ),
  );
  connection.onRequest(RevokeDeviceTokenRequest, ({ id, shown }) =>
    s.session.act(
      {
        action: `revoke ${recordWords(shownRecord('deviceToken', id, shown))}`,
        record: shownRecord('deviceToken', id, shown),
      },
      (env) => actions(env).revokeToken(id),
    ),
  );
  connection.onNotification(DevicesAttentionNotification, ({ visible }) =>
    s.session.deviceStatuses.setVisible(visible),
  );
}
