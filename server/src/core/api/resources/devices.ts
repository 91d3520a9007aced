import { OPERATIONS as O } from '../operations';
import { readList, type Listed } from '../lists';
import { asOpen, asRecord, createdId } from '../parse';
import type { ApiSession } from '../session';
import type { ActionRequest, DeviceTokenCreate, Loose, MobileDevice, TestNode } from '../types';

export class MobileDevicesApi {
  constructor(private readonly s: ApiSession) {}

  /** Every device: the whole list, however the service pages it. */
  list(signal?: AbortSignal): Promise<Listed<MobileDevice>> {
    return readList<MobileDevice>(this.s, O.listMobileDevices, { ...(signal && { signal }) });
  }

  /** Creates a device (no ecid on create, as the document says); never retried. */
  async create(device: MobileDevice, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createMobileDevice, { body: device, signal }));
  }

  async get(id: number, signal?: AbortSignal): Promise<MobileDevice> {
    return asRecord<MobileDevice>(await this.s.call(O.getMobileDevice, { params: { id }, signal }), O.getMobileDevice);
  }

  async update(id: number, device: MobileDevice, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateMobileDevice, { params: { id }, body: device, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteMobileDevice, { params: { id }, signal });
  }

  /** Sends a command ('PREPARE'); never retried. */
  async action(id: number, action: ActionRequest, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.mobileDeviceAction, { params: { id }, body: action, signal }));
  }

  testCases(id: number, signal?: AbortSignal): Promise<Listed<Loose>> {
    return readList<Loose>(this.s, O.listMobileDeviceTestCases, { params: { id }, ...(signal && { signal }) });
  }

  async status(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getMobileDeviceStatus, { params: { id }, signal }));
  }
}

export class TestNodesApi {
  constructor(private readonly s: ApiSession) {}

  list(signal?: AbortSignal): Promise<Listed<TestNode>> {
    return readList<TestNode>(this.s, O.listTestNodes, { ...(signal && { signal }) });
  }

  async create(name: string, signal?: AbortSignal): Promise<number | undefined> {
    return createdId(await this.s.call(O.createTestNode, { body: { name }, signal }));
  }

  async info(signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getTestNodesInfo, { signal }));
  }

  async get(id: number, signal?: AbortSignal): Promise<TestNode> {
    return asRecord<TestNode>(await this.s.call(O.getTestNode, { params: { id }, signal }), O.getTestNode);
  }

  async rename(id: number, name: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.updateTestNode, { params: { id }, body: { name }, signal }));
  }

  /** Sends a command ('RESTART_AGENT'); never retried. */
  async action(id: number, action: ActionRequest, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.testNodeAction, { params: { id }, body: action, signal }));
  }

  async status(id: number, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.getTestNodeStatus, { params: { id }, signal }));
  }
}

export class DeviceTokensApi {
  constructor(private readonly s: ApiSession) {}

  list(signal?: AbortSignal): Promise<Listed<Loose>> {
    return readList<Loose>(this.s, O.listDeviceTokens, { ...(signal && { signal }) });
  }

  /** Creates a device token. The answer carries the secret: callers must not log it. Never retried. */
  async create(request: DeviceTokenCreate, signal?: AbortSignal): Promise<Loose> {
    return asRecord<Loose>(await this.s.call(O.createDeviceToken, { body: request, signal }), O.createDeviceToken);
  }

  async validate(token: string, signal?: AbortSignal): Promise<Loose | Loose[] | undefined> {
    return asOpen(await this.s.call(O.validateDeviceToken, { body: { token }, signal }));
  }

  async delete(id: number, signal?: AbortSignal): Promise<void> {
    await this.s.call(O.deleteDeviceToken, { params: { id }, signal });
  }
}
