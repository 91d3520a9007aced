import * as vscode from 'vscode';
import { HistorySuspectsRequest, ListDevicesRequest } from '../../../server/src/protocol';
import {
  kindOfStatusTarget,
  type DevicesOverview,
  type DeviceSummary,
  type DeviceTokenSummary,
  type EntityRef,
  type ShownRecord,
  type StatusReading,
  type StatusTarget,
  type SuspectShown,
  type TestNodeSummary,
} from '../../../server/src/core';
import { ask, treeMessage, type RequestPort } from '../serverPort';
import {
  DEVICE_COLOR,
  DEVICE_ICON,
  deviceContext,
  deviceDescription,
  deviceTooltip,
  NODE_COLOR,
  NODE_ICON,
  nodeContext,
  nodeDescription,
  settledMessage,
  tokenDescription,
  tokenLabel,
} from './deviceFormat';

export type DeviceNode =
  | { type: 'testNode'; node: TestNodeSummary; entity: EntityRef }
  | { type: 'otherDevices' }
  | { type: 'device'; device: DeviceSummary; entity: EntityRef }
  | { type: 'deviceToken'; token: DeviceTokenSummary; device: DeviceSummary; entity: EntityRef };

type Settle = { resolve: () => void; name: string };

/**
 * The Devices view: test nodes, under each its devices (devices of no known node under "Other
 * devices"), under each device its tokens. Statuses change in place as the follower reports.
 */
export class DevicesView implements vscode.TreeDataProvider<DeviceNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<DeviceNode | DeviceNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly tree: vscode.TreeView<DeviceNode>;
  private overview: DevicesOverview | undefined;
  private loading: Promise<DevicesOverview> | undefined;
  private readonly nodeRows = new Map<number, DeviceNode & { type: 'testNode' }>();
  private readonly deviceRows = new Map<number, DeviceNode & { type: 'device' }>();
  /** Prepares and restarts started here, by `device:3`/`node:1`, until they settle. */
  private readonly settling = new Map<string, Settle>();
  private readonly disposables: vscode.Disposable[] = [];
  /** When the list was last read (ms since the epoch). */
  readAt: number | undefined;
  /** The history's suspect phones, by device id, and what the marks rest on. */
  private suspects = new Map<number, SuspectShown>();
  private suspectNotes: readonly string[] = [];

  constructor(
    private readonly requests: RequestPort,
    /** Told when the history changed: the suspect marks are read again. */
    onHistoryChanged?: vscode.Event<number[]>,
  ) {
    this.tree = vscode.window.createTreeView('tas.devices', { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(this.tree, this.changed);
    if (onHistoryChanged) this.disposables.push(onHistoryChanged(() => void this.readSuspects()));
  }

  /** The suspect marks; none when the history cannot be read (the rows stay as they are). */
  private async readSuspects(): Promise<void> {
    try {
      const { suspects, notes } = await ask(this.requests, HistorySuspectsRequest);
      const before = this.suspects;
      this.suspects = new Map(suspects.map((s) => [s.deviceId, s]));
      this.suspectNotes = notes;
      // Only the rows whose mark changed are drawn again: a whole-tree refresh while the user
      // clicks a row's action would hand the action no row.
      const ids = new Set([...before.keys(), ...this.suspects.keys()]);
      const rows = [...ids].flatMap((id) => {
        const row = this.deviceRows.get(id);
        return row && before.get(id)?.evidence !== this.suspects.get(id)?.evidence ? [row] : [];
      });
      if (rows.length > 0) this.changed.fire(rows);
    } catch {
      // The marks are extra: a view without them still lists the devices.
    }
  }

  refresh(): void {
    this.overview = undefined;
    this.changed.fire(undefined);
  }

  /** The loaded overview, or a fresh one (for pickers from the palette). */
  async load(): Promise<DevicesOverview> {
    if (this.overview) return this.overview;
    this.loading ??= ask(this.requests, ListDevicesRequest).finally(() => (this.loading = undefined));
    const o = await this.loading;
    this.overview = o;
    this.readAt = Date.now();
    void this.readSuspects();
    this.nodeRows.clear();
    this.deviceRows.clear();
    for (const node of o.nodes) this.nodeRows.set(node.id, { type: 'testNode', node, entity: node.entity });
    for (const device of o.devices) this.deviceRows.set(device.id, { type: 'device', device, entity: device.entity });
    return o;
  }

  nodeName(id: number | undefined): string | undefined {
    return id === undefined ? undefined : this.nodeRows.get(id)?.node.name;
  }

  devicesOf(nodeId: number): DeviceSummary[] {
    return [...this.deviceRows.values()].filter((r) => r.device.testNodeId === nodeId).map((r) => r.device);
  }

  /**
   * A Prepare or Restart Agent started: the row shows it, the view shows progress until the
   * follower reports it settled, and a notification says how it ended.
   */
  followSettling(target: StatusTarget, id: number, name: string, reading: StatusReading): void {
    const key = `${target}:${id}`;
    this.settling.get(key)?.resolve();
    const done = new Promise<void>((resolve) => this.settling.set(key, { resolve, name }));
    void vscode.window.withProgress({ location: { viewId: 'tas.devices' } }, () => done);
    this.apply([reading]);
  }

  /** A record found gone: a test node, device or token leaves its row at once. */
  forget(r: ShownRecord): void {
    const o = this.overview;
    if (!o) return;
    if (r.kind === 'mobileDevice' && this.deviceRows.delete(r.id)) o.devices = o.devices.filter((d) => d.id !== r.id);
    else if (r.kind === 'testNode' && this.nodeRows.delete(r.id)) o.nodes = o.nodes.filter((n) => n.id !== r.id);
    else if (r.kind === 'deviceToken' && o.tokens?.some((t) => t.id === r.id))
      o.tokens = o.tokens.filter((t) => t.id !== r.id);
    else return;
    this.changed.fire(undefined);
  }

  /** The follower's readings: rows change in place; one that is gone leaves the view. */
  apply(readings: StatusReading[]): void {
    for (const r of readings) {
      const key = `${r.target}:${r.id}`;
      const settle = this.settling.get(key);
      if (settle && !r.settling) {
        this.settling.delete(key);
        settle.resolve();
        const text = settledMessage(r.target, settle.name, r.kind, r.status);
        void (r.kind === 'available' || r.kind === 'online'
          ? vscode.window.showInformationMessage(text)
          : vscode.window.showWarningMessage(text));
      }
      if (r.gone) {
        this.forget({ kind: kindOfStatusTarget(r.target), id: r.id });
        continue;
      }
      const row = r.target === 'device' ? this.deviceRows.get(r.id) : this.nodeRows.get(r.id);
      if (!row) continue;
      if (row.type === 'device') Object.assign(row.device, { status: r.status, kind: r.kind });
      else if (row.type === 'testNode')
        Object.assign(
          row.node,
          { status: r.status, kind: r.kind },
          r.agentVersion ? { agentVersion: r.agentVersion } : {},
        );
      this.changed.fire(row);
    }
  }

  async getChildren(node?: DeviceNode): Promise<DeviceNode[]> {
    if (!node) return this.roots();
    const o = this.overview;
    if (!o) return [];
    if (node.type === 'testNode') return this.devicesOf(node.node.id).map((d) => this.deviceRows.get(d.id)!);
    if (node.type === 'otherDevices') return this.orphans().map((d) => this.deviceRows.get(d.id)!);
    if (node.type === 'device') {
      return (o.tokens ?? [])
        .filter((t) => t.mobileId === node.device.id)
        .map((token) => ({ type: 'deviceToken', token, device: node.device, entity: token.entity }));
    }
    return [];
  }

  private orphans(): DeviceSummary[] {
    return [...this.deviceRows.values()]
      .map((r) => r.device)
      .filter((d) => d.testNodeId === undefined || !this.nodeRows.has(d.testNodeId));
  }

  private async roots(): Promise<DeviceNode[]> {
    if (!this.requests.client) return [];
    try {
      const o = await this.load();
      this.tree.description = o.info;
      this.tree.message =
        o.nodes.length === 0 && o.devices.length === 0
          ? 'The service has no test nodes or devices.'
          : o.tokensError
            ? `Device tokens are not shown: ${o.tokensError}`
            : undefined;
      const roots: DeviceNode[] = [...this.nodeRows.values()];
      if (this.orphans().length > 0) roots.push({ type: 'otherDevices' });
      return roots;
    } catch (err) {
      this.tree.message = treeMessage(err);
      return [];
    }
  }

  getTreeItem(node: DeviceNode): vscode.TreeItem {
    const Collapsed = vscode.TreeItemCollapsibleState.Collapsed;
    const None = vscode.TreeItemCollapsibleState.None;
    if (node.type === 'otherDevices') {
      const item = new vscode.TreeItem('Other devices', vscode.TreeItemCollapsibleState.Expanded);
      item.id = 'otherDevices';
      item.tooltip = 'Devices whose test node the service did not list';
      item.iconPath = new vscode.ThemeIcon('question');
      item.contextValue = 'otherDevices';
      return item;
    }
    if (node.type === 'testNode') {
      const n = node.node;
      const settling = this.settling.has(`node:${n.id}`);
      const item = new vscode.TreeItem(
        n.name,
        this.devicesOf(n.id).length > 0 ? vscode.TreeItemCollapsibleState.Expanded : None,
      );
      item.id = `testNode:${n.id}`;
      item.description = nodeDescription(n, settling);
      item.tooltip = [
        `${n.name} (test node ${n.id})`,
        `Status: ${n.status}`,
        n.agentVersion && `Agent ${n.agentVersion}`,
        n.label && `Label: ${n.label}`,
        n.ipAddress && `Address: ${n.ipAddress}`,
      ]
        .filter(Boolean)
        .join('\n');
      item.contextValue = nodeContext(n);
      const color = NODE_COLOR[n.kind];
      item.iconPath = new vscode.ThemeIcon(
        settling ? 'sync~spin' : NODE_ICON[n.kind],
        color ? new vscode.ThemeColor(color) : undefined,
      );
      item.accessibilityInformation = { label: `Test node ${n.name}, ${item.description}` };
      return item;
    }
    if (node.type === 'device') {
      const d = node.device;
      const settling = this.settling.has(`device:${d.id}`);
      const hasTokens = (this.overview?.tokens ?? []).some((t) => t.mobileId === d.id);
      const item = new vscode.TreeItem(d.name, hasTokens ? Collapsed : None);
      item.id = `device:${d.id}`;
      const suspect = this.suspects.get(d.id);
      item.description = deviceDescription(d, settling, suspect !== undefined);
      item.tooltip = deviceTooltip(
        d,
        this.nodeName(d.testNodeId),
        suspect && { evidence: suspect.evidence, notes: this.suspectNotes },
      );
      item.contextValue = deviceContext(d);
      const color = DEVICE_COLOR[d.kind];
      item.iconPath = new vscode.ThemeIcon(
        settling ? 'sync~spin' : DEVICE_ICON[d.kind],
        color ? new vscode.ThemeColor(color) : undefined,
      );
      item.accessibilityInformation = { label: `Device ${d.name}, ${item.description}` };
      return item;
    }
    const t = node.token;
    const item = new vscode.TreeItem(tokenLabel(t), None);
    item.id = `deviceToken:${t.id}`;
    item.description = tokenDescription(t, Date.now());
    item.tooltip = [
      `Device token ${t.id} of ${node.device.name}`,
      t.createdAt && `Created ${t.createdAt}`,
      t.expiresAt && `Expires ${t.expiresAt}`,
    ]
      .filter(Boolean)
      .join('\n');
    item.contextValue = t.expired ? 'deviceToken.expired' : 'deviceToken';
    item.iconPath = new vscode.ThemeIcon('key');
    return item;
  }

  dispose(): void {
    for (const s of this.settling.values()) s.resolve();
    for (const d of this.disposables) d.dispose();
  }
}
