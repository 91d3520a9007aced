import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator } from '../test/emulator/emulator';

// `npm start`: the emulator with demo data and, where a `code` binary exists, the sample
// workspace in an Extension Development Host pointed at it. Otherwise it keeps serving.

const root = resolve(__dirname, '..');
const port = Number(process.env['TAS_EMULATOR_PORT'] ?? 0);

async function main(): Promise<void> {
  const emu = await startEmulator({ port, log: undefined });
  const { admin, tester } = DEMO_CREDENTIALS;
  // Demo credentials are public fixtures of the emulator, not secrets.
  console.log(`Test Automation Service emulator with demo data: ${emu.url}`);
  console.log('Connect with:');
  console.log(`  TAS_BASE_URL=${emu.url}`);
  console.log(`  TAS_CLIENT_ID=${admin.clientId}   TAS_CLIENT_SECRET=${admin.clientSecret}   (ADMIN)`);
  console.log(`  TAS_CLIENT_ID=${tester.clientId}  TAS_CLIENT_SECRET=${tester.clientSecret}  (TESTER)`);

  const code = process.env['CODE_BINARY'] ?? 'code';
  const hasCode = spawnSync(code, ['--version'], { stdio: 'ignore' }).status === 0;
  if (hasCode && !process.env['CI']) {
    const workspace = resolve(root, 'samples/workspace');
    console.log(`Opening ${workspace} in an Extension Development Host (${code}).`);
    const child = spawn(code, ['--extensionDevelopmentPath', root, workspace], {
      stdio: 'inherit',
      env: { ...process.env, TAS_BASE_URL: emu.url, TAS_CLIENT_ID: admin.clientId, TAS_CLIENT_SECRET: admin.clientSecret },
    });
    child.on('error', (err) => console.error(`could not start ${code}: ${err.message}`));
  } else {
    console.log('No `code` binary on PATH: the emulator keeps serving. Press Ctrl+C to stop.');
  }
  const stop = () => void emu.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
