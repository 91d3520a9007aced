import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { writeAtomic, WriteError } from '../../server/src/core/files/atomicWrite';

// The one atomic write: what test-case files, sync state, JUnit reports and tas profiles rely on.

const root = mkdtempSync(join(tmpdir(), 'tas-atomic-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('makes the folder, replaces the file whole, and leaves no temporary file', async () => {
  const path = join(root, 'a', 'b', 'report.xml');
  await writeAtomic(path, 'first');
  await writeAtomic(path, 'second');
  assert.equal(readFileSync(path, 'utf8'), 'second');
  assert.deepEqual(readdirSync(join(root, 'a', 'b')), ['report.xml']);
});

test('credentials: the file 0600 and a new folder 0700', { skip: process.platform === 'win32' }, async () => {
  const path = join(root, 'config', 'tas', 'profiles.json');
  await writeAtomic(path, '{}\n', { mode: 0o600, folderMode: 0o700 });
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.equal(statSync(join(root, 'config', 'tas')).mode & 0o777, 0o700);
});

test('a failure says which file, and cleans up', async () => {
  const dir = join(root, 'taken');
  mkdirSync(dir);
  // A folder where the file should be: the rename fails.
  await assert.rejects(
    writeAtomic(dir, 'x'),
    (err) => err instanceof WriteError && err.path === dir && /Could not write/.test(err.message),
  );
  assert.deepEqual(
    readdirSync(root).filter((n) => n.endsWith('.tmp')),
    [],
  );
});
