import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';

// A service richer than the document: fields we do not know must survive a read and a write
// back, and shapes the document leaves open must not break the client.

let server: Server;
let url = '';
const received: { method: string; url: string; body: unknown }[] = [];
const record = {
  id: 7,
  name: 'Rich test case',
  testStepList: [{ function: 'CALL', retries: 2, vendorExtension: { color: 'blue' } }],
  traceFilters: [{ mobileDeviceId: 1, traceFilterId: 2, mobileDeviceName: 'A', msisdn: '49', captureMode: 'FULL' }],
  ownerTeam: 'radio',
  customFields: { priority: 'P1' },
};

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', (): void => {
      received.push({ method: req.method!, url: req.url!, body: body ? (JSON.parse(body) as unknown) : undefined });
      res.setHeader('content-type', 'application/json');
      const answers: Record<string, string> = {
        'POST /api/v2/connect/token': JSON.stringify({
          accessToken: 'round-trip-token',
          tokenType: 'Bearer',
          expiresIn: 3600,
        }),
        'GET /api/v2/testcases/7': JSON.stringify(record),
        'PUT /api/v2/testcases/7': body,
        // An "unspecified" list answered as a wrapped object instead of a plain array.
        'GET /api/v2/mobiledevices': JSON.stringify({ items: [{ id: 1, name: 'Wrapped', firmware: '1.2' }] }),
      };
      const answer = answers[`${req.method} ${req.url}`];
      if (answer === undefined) res.statusCode = 404;
      res.end(answer ?? JSON.stringify({ message: 'no such thing' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a test case read and written back keeps every field the client does not know', async () => {
  const client = new TasClient({ baseUrl: url, clientId: 'id', clientSecret: 'round-trip-secret' });
  try {
    const tc = await client.testCases.get(7);
    assert.deepEqual(tc, record);
    await client.testCases.update(7, tc);
    const put = received.find((r) => r.method === 'PUT');
    const { id: _id, ...fields } = record;
    const traceFilters = record.traceFilters.map(({ mobileDeviceName: _n, msisdn: _m, ...item }) => item);
    assert.deepEqual(
      put?.body,
      { ...fields, traceFilters },
      'the PUT body is the record as read, unknown fields included, response-only ones left out',
    );
  } finally {
    await client.close();
  }
});

test('an open-shaped list is read leniently and its records keep unknown fields', async () => {
  const client = new TasClient({ baseUrl: url, clientId: 'id', clientSecret: 'round-trip-secret' });
  try {
    assert.deepEqual(await client.devices.list(), [{ id: 1, name: 'Wrapped', firmware: '1.2' }]);
  } finally {
    await client.close();
  }
});
