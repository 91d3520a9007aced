import { exactNum, exactStr } from '../../../server/src/core';
import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { defined, printList } from '../listing';

/** A test node as `tas nodes --json` prints it. */
export interface NodeRow {
  id: number;
  name?: string;
  label?: string;
  status?: string;
  deviceCount?: number;
  lastSeen?: string;
}

export const nodes: CommandSpec = {
  name: 'nodes',
  summary: 'List the test nodes.',
  action: 'list the test nodes',
  usage: 'tas nodes [--json]',
  description: 'Lists the test nodes (the machines the devices are attached to) with their state.',
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const list = await ctx.client.testNodes.list(ctx.signal);
    const rows = list.flatMap((n): NodeRow[] =>
      typeof n.id === 'number'
        ? [
            defined({
              id: n.id,
              name: exactStr(n.name),
              label: exactStr(n['label']),
              status: exactStr(n['status']),
              deviceCount: exactNum(n['deviceCount']),
              lastSeen: exactStr(n['lastSeen']),
            }),
          ]
        : [],
    );
    printList(ctx, rows, [
      { header: 'ID', field: 'id' },
      { header: 'NAME', field: 'name' },
      { header: 'LABEL', field: 'label' },
      { header: 'STATUS', field: 'status' },
      { header: 'DEVICES', field: 'deviceCount' },
      { header: 'LAST SEEN', field: 'lastSeen' },
    ], 'The service has no test nodes.');
    return Exit.ok;
  },
};
