import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// `tas get` prints a record as its document; `tas apply` saves one: only the fields the interface
// allows go out, someone else's change since the file was read is a conflict (exit code 5, a
// diff, nothing sent) unless --force, a new record's document creates it once.

describe('tas get and tas apply', { timeout: 90_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator({ keepBodies: true });
    dir = tempDir();
  });
  after(async () => {
    dir.remove();
    await emu.close();
  });
  const run = (args: string[]) => tas(args, { cwd: dir.path, env: credentials(emu) });
  const puts = (path: string) => emu.requests.filter((r) => r.method === 'PUT' && r.path === path);

  test('get prints the document; apply sends the changed MSISDN in a PUT without response-only fields and rewrites the file', async () => {
    const got = await run(['get', 'device', '1']);
    assert.equal(got.code, 0, got.stderr);
    const doc = JSON.parse(got.stdout) as Record<string, unknown> & {
      $record: { kind: string; id: number; revision: string };
    };
    assert.equal(doc.$record.kind, 'mobileDevice');
    assert.equal(doc.$record.id, 1);
    assert.equal(doc['name'], emu.store.devices.get(1)!.name);
    const file = join(dir.path, 'device-1.json');
    writeFileSync(file, JSON.stringify({ ...doc, msisdn: '+491700000111' }, null, 2));
    const applied = await run(['apply', 'device-1.json']);
    assert.equal(applied.code, 0, applied.stderr);
    assert.equal(emu.store.devices.get(1)!.msisdn, '+491700000111');
    const body = puts('/api/v2/mobiledevices/1').at(-1)!.body as Record<string, unknown>;
    for (const field of ['id', 'testNodeName', 'deviceModelName', 'projects', '$record'])
      assert.ok(!(field in body), `${field} is not sent`);
    assert.equal(body['msisdn'], '+491700000111');
    const rewritten = JSON.parse(readFileSync(file, 'utf8')) as { $record: { revision: string }; msisdn: string };
    assert.equal(rewritten.msisdn, '+491700000111');
    assert.notEqual(rewritten.$record.revision, doc.$record.revision, 'the file holds the new revision');
  });

  test("a colleague's change since get is a conflict: exit 5, a diff, nothing sent; --force overwrites", async () => {
    const got = await run(['get', 'node', '1']);
    assert.equal(got.code, 0, got.stderr);
    const file = join(dir.path, 'node-1.json');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(got.stdout) as object), name: 'Mine' }, null, 2));
    emu.store.testNodes.get(1)!.name = 'Theirs';
    const before = puts('/api/v2/testnodes/1').length;
    const refused = await run(['apply', 'node-1.json']);
    assert.equal(refused.code, 5, refused.stderr);
    assert.match(refused.stderr, /Someone else changed test node 1/);
    assert.match(refused.stderr, /^-\s+"name": "Theirs",?$/m);
    assert.match(refused.stderr, /^\+\s+"name": "Mine",?$/m);
    assert.equal(puts('/api/v2/testnodes/1').length, before, 'nothing was sent');
    assert.equal(emu.store.testNodes.get(1)!.name, 'Theirs');
    const forced = await run(['apply', 'node-1.json', '--force']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(emu.store.testNodes.get(1)!.name, 'Mine');
    assert.deepEqual(puts('/api/v2/testnodes/1').at(-1)!.body, { name: 'Mine' });
  });

  test('a new device is created once by POST without ecid; ecid in a new document is refused before sending', async () => {
    const file = join(dir.path, 'new-device.json');
    const doc = {
      $record: { kind: 'mobileDevice' },
      name: 'CLI phone',
      msisdn: '+4915100000',
      testNodeId: 1,
      deviceModelId: 1,
    };
    writeFileSync(file, JSON.stringify({ ...doc, ecid: 'E1' }));
    const posts = () => emu.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/mobiledevices');
    const refused = await run(['apply', 'new-device.json']);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /ecid.*accepted on update only/);
    assert.equal(posts().length, 0);
    writeFileSync(file, JSON.stringify(doc));
    const created = await run(['apply', 'new-device.json']);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(posts().length, 1);
    assert.deepEqual(Object.keys(posts()[0]!.body as object).sort(), ['deviceModelId', 'msisdn', 'name', 'testNodeId']);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { $record: { id: number } };
    assert.equal(emu.store.devices.get(kept.$record.id)?.name, 'CLI phone');
  });

  test('a wrong type is refused before sending, and a refusal of the service names the field', async () => {
    const got = await run(['get', 'tracefilter', '1']);
    const file = join(dir.path, 'filter.json');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(got.stdout) as object), filter: 42 }));
    const wrong = await run(['apply', 'filter.json']);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /"filter" must be a string/);
    const other = emu.store.traceFilters.all().find((f) => f.id !== 1)!;
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(got.stdout) as object), name: other.name }));
    const taken = await run(['apply', 'filter.json']);
    assert.equal(
      taken.code,
      7,
      `the service refused it: not the file's own problem (1), not an outage (4): ${taken.stderr}`,
    );
    assert.match(taken.stderr, /refused to save the trace filter/);
  });

  test('every problem of an applied file is said at file:line:col: a wrong type, a syntax mistake, a refusal of the service', async () => {
    const got = await run(['get', 'tracefilter', '1']);
    const doc = JSON.parse(got.stdout) as Record<string, unknown>;
    const file = join(dir.path, 'placed.json');
    /** 1-based line and column of `needle` in `text`. */
    const place = (text: string, needle: string, after = '') => {
      const before = text.slice(0, text.indexOf(after + needle) + after.length).split('\n');
      return `${before.length}:${before.at(-1)!.length + 1}`;
    };
    const typed = JSON.stringify({ ...doc, filter: 42 }, null, 2);
    writeFileSync(file, typed);
    const wrong = await run(['apply', 'placed.json']);
    assert.equal(wrong.code, 1, wrong.stderr);
    assert.match(
      wrong.stderr,
      new RegExp(
        `^placed\\.json:${place(typed, '42', '"filter": ')}: error wrong-type "filter" must be a string\\.$`,
        'm',
      ),
    );
    const broken = JSON.stringify(doc, null, 2).replace(/,\n(\s*"filter")/, '\n$1');
    writeFileSync(file, broken);
    const syntax = await run(['apply', 'placed.json']);
    assert.equal(syntax.code, 1, syntax.stderr);
    assert.match(syntax.stderr, new RegExp(`^placed\\.json:${place(broken, '"filter"')}: error syntax `, 'm'));
    const other = emu.store.traceFilters.all().find((f) => f.id !== 1)!;
    const taken = JSON.stringify({ ...doc, name: other.name }, null, 2);
    writeFileSync(file, taken);
    const refused = await run(['apply', 'placed.json']);
    assert.equal(refused.code, 7, `refused by the service: ${refused.stderr}`);
    assert.match(
      refused.stderr,
      new RegExp(`^placed\\.json:${place(taken, '"name"')}: The service refused to save the trace filter`, 'm'),
    );
  });

  test("a copy of a device's file, its id removed and new values given, is never saved over the original: refused, even with --force, with the way to create it", async () => {
    const original = { ...emu.store.devices.get(2)! };
    const got = await run(['get', 'device', '2']);
    assert.equal(got.code, 0, got.stderr);
    const { id: _id, ...copy } = JSON.parse(got.stdout) as Record<string, unknown> & {
      $record: Record<string, unknown>;
    };
    const fresh = {
      name: 'One more phone',
      msisdn: '+4915199990001',
      imei: '490154203237518',
      imsi: '262019999000001',
    };
    const file = join(dir.path, 'copy.json');
    const text = JSON.stringify({ ...copy, ...fresh }, null, 2);
    writeFileSync(file, text);
    const sent = () =>
      emu.requests.filter(
        (r) => (r.method === 'PUT' || r.method === 'POST') && r.path.startsWith('/api/v2/mobiledevices'),
      ).length;
    const before = sent();
    for (const args of [
      ['apply', 'copy.json'],
      ['apply', 'copy.json', '--force'],
    ]) {
      const r = await run(args);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const line = text.split('\n').findIndex((l) => /^\s+"id": 2,?$/.test(l)) + 1;
      assert.match(
        r.stderr,
        new RegExp(
          `^copy\\.json:${line}:\\d+: error invalid-value "\\$record" names device 2, but the document has no "id" of its own`,
          'm',
        ),
      );
      assert.match(
        r.stderr,
        /nothing is sent to device 2\. To create a new device from it, remove "id" and "revision" from "\$record" as well\. To update device 2, put back "id": 2\./,
      );
      assert.doesNotMatch(r.stdout, /Saved/);
    }
    assert.equal(sent(), before, 'nothing was sent');
    assert.deepEqual(emu.store.devices.get(2), original, 'device 2 keeps its own values');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).name, 'One more phone', 'the file is not rewritten');

    // $record and id naming two records: neither is written.
    writeFileSync(file, JSON.stringify({ ...copy, id: 3, ...fresh }, null, 2));
    const two = await run(['apply', 'copy.json', '--force']);
    assert.equal(two.code, 1, two.stderr);
    assert.match(two.stderr, /"\$record" names device 2, but "id" is 3: nothing is sent to either/);
    assert.equal(sent(), before);

    // Following the words (and the next ones: ecid is for an existing device) creates one device, once.
    const { ecid: _ecid, ...rest } = copy;
    writeFileSync(
      file,
      JSON.stringify(
        { ...rest, $record: { kind: 'mobileDevice', service: copy.$record['service'] }, ...fresh },
        null,
        2,
      ),
    );
    const created = await run(['apply', 'copy.json']);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^Created device (\d+);/);
    const newId = Number(/^Created device (\d+)/.exec(created.stdout)![1]);
    assert.notEqual(newId, 2);
    assert.equal(emu.store.devices.get(newId)?.msisdn, fresh.msisdn);
    assert.deepEqual(emu.store.devices.get(2), original, 'device 2 still keeps its own values');
    assert.equal(sent(), before + 1, 'one POST');
  });

  test('get of an API client leaves its password and auth parameters out', async () => {
    const c =
      emu.store.apiClients.all().find((a) => a.password !== '' || Object.keys(a.authParams).length > 0) ??
      emu.store.apiClients.all()[0]!;
    const got = await run(['get', 'apiclient', String(c.id)]);
    assert.equal(got.code, 0, got.stderr);
    const doc = JSON.parse(got.stdout) as Record<string, unknown>;
    assert.ok(!('password' in doc) && !('authParams' in doc));
    for (const v of Object.values(c.authParams))
      if (v) assert.ok(!got.stdout.includes(v), 'no auth parameter value is printed');
  });
});
