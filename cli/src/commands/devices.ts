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
    const list = await completeItems(await ctx.client.devices.list(ctx.signal), lacksField('msisdn'), (id) =>
      ctx.client.devices.get(id, ctx.signal),
    );
    return rowsWithId<DeviceRow>(list, {
      name: exactStr,
      msisdn: exactStr,
      platformName: exactStr,
      testNodeId: exactNum,
      testNodeName: exactStr,
      deviceModelName: exactStr,
    });
  },
  columns: {
    ID: 'id',
    NAME: 'name',
    MSISDN: 'msisdn',
    PLATFORM: 'platformName',
    NODE: 'testNodeName',
    MODEL: 'deviceModelName',
  },
  empty: 'The service has no mobile devices.',
});
