import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { defined, numOf, printList, strOf } from '../listing';

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
    const list = await ctx.client.devices.list(ctx.signal);
    const rows = list.flatMap((d): DeviceRow[] =>
      typeof d.id === 'number'
        ? [
            defined({
              id: d.id,
              name: strOf(d.name),
              msisdn: strOf(d.msisdn),
              platformName: strOf(d.platformName),
              testNodeId: numOf(d.testNodeId),
              testNodeName: strOf(d['testNodeName']),
              deviceModelName: strOf(d['deviceModelName']),
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
