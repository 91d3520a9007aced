import type { TasClient } from '../api/client';
import { completeItems, lacksField } from '../api/completeItems';
import type { Loose } from '../api/types';
import { describeFailure, type HostWords } from '../failures/failures';
import type { DevicesOverview, DeviceTokenSummary, StatusReading } from '../model/devices';
import type { TestCaseRef } from '../model/executions';
import type { StatusFollow } from './follow';
import { hasStatus, infoText, readStatus, summarizeDevice, summarizeNode, summarizeToken } from './model';

// The Devices view's actions, transport-free: they take the API client and the status follow.
// Actions that start something (PREPARE, RESTART_AGENT, a new token) are sent once: the API
// client never retries them, and neither does anything here.

/** An error of ours with the context, for answers the service sent that we cannot use. */
export class DeviceActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceActionError';
  }
}

export class DeviceActions {
  constructor(
    private readonly client: TasClient,
    private readonly follow: StatusFollow,
    /** The host's next steps in failures worded here. */
    private readonly words: HostWords,
    /** A device's own record (a cached one in the language server), for list items that lack the MSISDN. */
    private readonly record: (id: number) => Promise<Loose | undefined> = (id) => client.devices.get(id),
  ) {}

  /** Nodes, devices and tokens; the statuses the lists carry seed the follow, which reads the rest. */
  async overview(): Promise<DevicesOverview> {
    const [nodesRaw, devicesRaw, info, tokens] = await Promise.all([
      this.client.testNodes.list(),
      this.client.devices.list(),
      // Only words for the view's title: its failure hides them and nothing else.
      this.client.testNodes.info().catch(() => undefined),
      this.client.deviceTokens.list().then(
        (list) => ({ list: list.flatMap((t) => summarizeToken(t) ?? []) }),
        (err: unknown) => ({ error: describeFailure(err, { action: 'read the device tokens' }, this.words).message }),
      ),
    ]);
    const nodes = nodesRaw.flatMap((n) => summarizeNode(n) ?? []);
    // Summary items ({id, name}) are completed by their records: the view shows the MSISDN.
    const devices = (await completeItems(devicesRaw, lacksField('msisdn'), this.record)).flatMap(
      (d) => summarizeDevice(d) ?? [],
    );
    const known: StatusReading[] = [];
    for (const n of nodes) if (n.kind !== 'unknown') known.push(readStatus('node', n.id, n.status));
    for (const d of devices) {
      const r = this.follow.get('device', d.id);
      if (r) Object.assign(d, { status: r.status, kind: r.kind });
    }
    this.follow.show(
      nodes.map((n) => n.id),
      devices.map((d) => d.id),
      known,
    );
    const overview: DevicesOverview = { nodes, devices };
    if ('list' in tokens) overview.tokens = tokens.list;
    else overview.tokensError = tokens.error;
    const words = infoText(info);
    if (words) overview.info = words;
    return overview;
  }

  async prepare(id: number): Promise<{ reading: StatusReading }> {
    const answer = await this.client.devices.action(id, { command: 'PREPARE', params: '' });
    return {
      reading: this.follow.settle('device', id, hasStatus(answer) ? readStatus('device', id, answer) : undefined),
    };
  }

  async restartAgent(id: number): Promise<{ reading: StatusReading }> {
    const answer = await this.client.testNodes.action(id, { command: 'RESTART_AGENT', params: '' });
    return { reading: this.follow.settle('node', id, hasStatus(answer) ? readStatus('node', id, answer) : undefined) };
  }

  async testCases(id: number): Promise<TestCaseRef[]> {
    const list = await this.client.devices.testCases(id);
    return list.flatMap((t) => {
      const tid = typeof t['id'] === 'number' ? t['id'] : undefined;
      if (tid === undefined) return [];
      return [{ id: tid, name: typeof t['name'] === 'string' && t['name'] !== '' ? t['name'] : `Test case ${tid}` }];
    });
  }

  async tokens(mobileId: number): Promise<DeviceTokenSummary[]> {
    return (await this.client.deviceTokens.list())
      .flatMap((t) => summarizeToken(t) ?? [])
      .filter((t) => t.mobileId === mobileId);
  }

  /** The value travels back once; it is not kept, logged or put in an error. */
  async createToken(
    mobileId: number,
    fullControl: boolean,
    expiryHours: number,
  ): Promise<{ token: DeviceTokenSummary; deviceTokenValue: string }> {
    const answer = await this.client.deviceTokens.create({ mobileId, fullControl, expiryHours });
    const value = answer['token'] ?? answer['value'] ?? answer['accessToken'];
    const token = summarizeToken(answer);
    if (typeof value !== 'string' || value === '' || !token) {
      throw new DeviceActionError(
        "the service created a token but its answer did not show the value or id; look for it in the device's tokens and revoke it if unused",
      );
    }
    if (token.mobileId === undefined) token.mobileId = mobileId;
    return { token, deviceTokenValue: value };
  }

  async revokeToken(id: number): Promise<null> {
    await this.client.deviceTokens.delete(id);
    return null;
  }
}
