import { exactNum, exactStr } from '../../../server/src/core';
import { listCommand, rowsWithId } from '../listing';

/** A test node as `tas nodes --json` prints it. */
export interface NodeRow {
  id: number;
  name?: string;
  label?: string;
  status?: string;
  deviceCount?: number;
  lastSeen?: string;
}

export const nodes = listCommand<NodeRow>({
  name: 'nodes',
  summary: 'List the test nodes.',
  action: 'list the test nodes',
  description: 'Lists the test nodes (the machines the devices are attached to) with their state.',
  async rows(ctx) {
    const list = await ctx.client.testNodes.list(ctx.signal);
    return rowsWithId<NodeRow>(list, {
      name: exactStr,
      label: exactStr,
      status: exactStr,
      deviceCount: exactNum,
      lastSeen: exactStr,
    });
  },
  columns: {
    ID: 'id',
    NAME: 'name',
    LABEL: 'label',
    STATUS: 'status',
    DEVICES: 'deviceCount',
    'LAST SEEN': 'lastSeen',
  },
  empty: 'The service has no test nodes.',
});
