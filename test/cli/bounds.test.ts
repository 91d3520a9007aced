import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// Issue 19, bounded work on hostile input, at the `tas` boundary: numbers from the environment
// are clamped like the editor's settings.

describe('tas: numbers from the environment are clamped', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir('tas-bounds-');
  });
  after(async () => {
    await emu.close();
    dir.remove();
  });

  test('TAS_REQUEST_TIMEOUT=1e10 is a timeout of 3600 s (not one that fires at once), said once', async () => {
    const r = await tas(['devices', '--json'], { cwd: dir.path, env: { ...credentials(emu), TAS_REQUEST_TIMEOUT: '1e10' } });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Array.isArray(JSON.parse(r.stdout)), r.stdout.slice(0, 200));
    assert.equal(r.stderr.split('TAS_REQUEST_TIMEOUT').length - 1, 1, r.stderr);
    assert.match(r.stderr, /warning TAS_REQUEST_TIMEOUT is 10000000000, outside 1\.\.3600: 3600 is used\./);
  });
});
