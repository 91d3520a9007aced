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
    return rowsWithId(list, (n, id) => ({
      id,
      name: exactStr(n.name),
      label: exactStr(n['label']),
      status: exactStr(n['status']),
      deviceCount: exactNum(n['deviceCount']),
      lastSeen: exactStr(n['lastSeen']),
    }));
  },
  columns: [
    { header: 'ID', field: 'id' },
    { header: 'NAME', field: 'name' },
    { header: 'LABEL', field: 'label' },
    { header: 'STATUS', field: 'status' },
    { header: 'DEVICES', field: 'deviceCount' },
    { header: 'LAST SEEN', field: 'lastSeen' },
  ],
  empty: 'The service has no test nodes.',
});
