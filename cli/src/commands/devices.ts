import { completeItems, exactNum, exactStr, lacksField } from '../../../server/src/core';
import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { defined, printList } from '../listing';

/** A device as `tas devices --json` prints it. */
export interface DeviceRow {
  id: number;
  name?: string;
  msisdn?: string;
  platformName?: string;
  testNodeId?: number;
  testNodeName?: string;
  deviceModelName?: string;
}

export const devices: CommandSpec = {
  name: 'devices',
  summary: 'List the mobile devices.',
  action: 'list the mobile devices',
  usage: 'tas devices [--json]',
  description: 'Lists the mobile devices of the service: id, name, MSISDN, platform, test node and model.',
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    // The whole list, however the service pages it; summary items are completed by their records.
    const list = await completeItems(await ctx.client.devices.list(ctx.signal), lacksField('msisdn'), (id) => ctx.client.devices.get(id, ctx.signal));
    const rows = list.flatMap((d): DeviceRow[] =>
      typeof d.id === 'number'
        ? [
            defined({
              id: d.id,
              name: exactStr(d.name),
              msisdn: exactStr(d.msisdn),
              platformName: exactStr(d.platformName),
              testNodeId: exactNum(d.testNodeId),
              testNodeName: exactStr(d['testNodeName']),
              deviceModelName: exactStr(d['deviceModelName']),
            }),
          ]
        : [],
    );
    printList(ctx, rows, [
      { header: 'ID', field: 'id' },
      { header: 'NAME', field: 'name' },
      { header: 'MSISDN', field: 'msisdn' },
      { header: 'PLATFORM', field: 'platformName' },
      { header: 'NODE', field: 'testNodeName' },
      { header: 'MODEL', field: 'deviceModelName' },
    ], 'The service has no mobile devices.');
    return Exit.ok;
  },
};
