import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { credentials, tas, tempDir } from './harness';

// `tas users` (issue 29): the users of the service with their role, as a table or --json, like
// the other list commands; for the demo tester too (reading users is not user management).

describe('tas users', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let dir: { path: string; remove: () => void };
  before(async () => {
    emu = await startEmulator();
    dir = tempDir();
  });
  after(async () => {
    dir.remove();
    await emu.close();
  });
  const run = (args: string[], who: 'admin' | 'tester' = 'admin') =>
    tas(args, { cwd: dir.path, env: credentials(emu, who) });

  test('--json: every user by id with email, role and createdAt; nothing else', async () => {
    const r = await run(['users', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(
      rows,
      emu.store.users.all().map((u) => ({ id: u.id, email: u.email, role: u.role, createdAt: u.createdAt })),
    );
  });

  test('a table otherwise, and --help says the command', async () => {
    const r = await run(['users'], 'tester');
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0]!, /^ID\s+EMAIL\s+ROLE\s+CREATED$/);
    assert.equal(lines.length, emu.store.users.all().length + 1);
    assert.match(lines[1]!, /^1\s+admin@example\.com\s+ADMIN\s/);
    const help = await tas(['users', '--help'], { cwd: dir.path, env: {} });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: tas users \[--json\]/);
  });
});
