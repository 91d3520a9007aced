import { completeItems, exactNum, exactStr, lacksField } from '../../../server/src/core';
import { listCommand, rowsWithId } from '../listing';

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

export const devices = listCommand<DeviceRow>({
  name: 'devices',
  summary: 'List the mobile devices.',
  action: 'list the mobile devices',
  description: 'Lists the mobile devices of the service: id, name, MSISDN, platform, test node and model.',
  async rows(ctx) {
    // The whole list, however the service pages it; summary items are completed by their records.
    const list = await completeItems(await ctx.client.devices.list(ctx.signal), lacksField('msisdn'), (id) => ctx.client.devices.get(id, ctx.signal));
    return rowsWithId(list, (d, id) => ({
      id,
      name: exactStr(d.name),
      msisdn: exactStr(d.msisdn),
      platformName: exactStr(d.platformName),
      testNodeId: exactNum(d.testNodeId),
      testNodeName: exactStr(d['testNodeName']),
      deviceModelName: exactStr(d['deviceModelName']),
    }));
  },
  columns: [
    { header: 'ID', field: 'id' },
    { header: 'NAME', field: 'name' },
    { header: 'MSISDN', field: 'msisdn' },
    { header: 'PLATFORM', field: 'platformName' },
    { header: 'NODE', field: 'testNodeName' },
    { header: 'MODEL', field: 'deviceModelName' },
  ],
  empty: 'The service has no mobile devices.',
});
