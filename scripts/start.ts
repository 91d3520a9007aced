import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { DEMO_CREDENTIALS } from '../test/emulator/demoData';
import { startEmulator, type Emulator } from '../test/emulator/emulator';
import { DEMO_LAB } from '../test/emulator/lab';
import {
  claimProfile,
  codeServerEnv,
  packageExtension,
  pickPort,
  prepareProfile,
  setUpCodeServer,
  startCodeServer,
  StartError,
  stopGroup,
  toolPaths,
} from './start/browser';
import { StartUsageError, USAGE, chooseMode, isCi, parseStartArgs } from './start/mode';

// `npm start`: the emulator with demo data and the extension in VS Code, signed in to it, in
// every case: desktop VS Code's Extension Development Host when `code` is on PATH, otherwise
// VS Code in the browser (code-server from .tools/). `--emulator-only` serves the emulator alone.
// Which of these is decided in start/mode.ts; the browser route's steps are in start/browser.ts.

const root = resolve(__dirname, '..');

let emulator: Emulator | undefined;
let editor: ChildProcess | undefined;
let release: (() => void) | undefined;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  stopping = true;
  if (editor) await stopGroup(editor);
  await emulator?.close();
  process.exit(code);
}

function onSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      console.log('\nStopping.');
      void stopAll(0);
    });
  }
  // Whatever ends this process, no code-server may outlive it.
  process.on('exit', () => {
    release?.();
    if (editor?.pid !== undefined) {
      try {
        process.kill(-editor.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

async function main(): Promise<void> {
  const options = parseStartArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const codeBinary = process.env['CODE_BINARY'] ?? 'code';
  const machine = {
    hasCode: !options.emulatorOnly && spawnSync(codeBinary, ['--version'], { stdio: 'ignore' }).status === 0,
    ci: isCi(process.env),
    platform: process.platform,
    arch: process.arch,
  };
  const mode = chooseMode(options, machine);
  onSignals();

  const emulatorPort = Number(process.env['TAS_EMULATOR_PORT'] ?? 0);
  try {
    // A lab that behaves like one: history of the last days, a flaky case and a suspect phone.
    emulator = await startEmulator({ port: emulatorPort, log: undefined, lab: DEMO_LAB });
  } catch (err) {
    throw new StartError(
      `The emulator could not listen on 127.0.0.1:${emulatorPort} (${err instanceof Error ? err.message : String(err)}). ` +
        'Set TAS_EMULATOR_PORT to a free port, or to 0 for any.',
    );
  }
  const { admin, tester } = DEMO_CREDENTIALS;
  // Demo credentials are public fixtures of the emulator, not secrets.
  console.log(`Test Automation Service emulator with demo data: ${emulator.url}`);
  console.log('Connect with:');
  console.log(`  TAS_BASE_URL=${emulator.url}`);
  console.log(`  TAS_CLIENT_ID=${admin.clientId}   TAS_CLIENT_SECRET=${admin.clientSecret}   (ADMIN)`);
  console.log(`  TAS_CLIENT_ID=${tester.clientId}  TAS_CLIENT_SECRET=${tester.clientSecret}  (TESTER)`);
  const credentials = {
    TAS_BASE_URL: emulator.url,
    TAS_CLIENT_ID: admin.clientId,
    TAS_CLIENT_SECRET: admin.clientSecret,
  };

  switch (mode) {
    case 'emulator-only':
      console.log('Only the emulator (--emulator-only). Press Ctrl+C to stop.');
      return;
    case 'unsupported':
      console.log(
        'No `code` binary on PATH, and VS Code in the browser is set up only on Linux x64. ' +
          'Install VS Code with its `code` command and run `npm start` again, or connect an editor yourself. ' +
          'The emulator keeps serving; press Ctrl+C to stop.',
      );
      return;
    case 'desktop': {
      const workspace = resolve(root, 'samples/workspace');
      console.log(`Opening ${workspace} in an Extension Development Host (${codeBinary}).`);
      const child = spawn(codeBinary, ['--extensionDevelopmentPath', root, workspace], {
        stdio: 'inherit',
        env: { ...process.env, ...credentials },
      });
      child.on('error', (err) =>
        console.error(`Could not start ${codeBinary}: ${err.message}. The emulator keeps serving.`),
      );
      console.log('The emulator keeps serving; press Ctrl+C to stop.');
      return;
    }
    case 'browser': {
      const p = toolPaths(root);
      console.log(
        machine.hasCode
          ? 'CI is set: opening VS Code in the browser rather than a desktop window.'
          : `No \`${codeBinary}\` command on PATH: opening VS Code in the browser.`,
      );
      release = await claimProfile(p);
      const wantedPort = Number(process.env['TAS_CODE_SERVER_PORT'] ?? 0);
      if (wantedPort > 0) await pickPort(wantedPort); // a taken port is said before minutes of setup
      await setUpCodeServer(p);
      console.log('Packaging the extension (dist/test-automation-service.vsix)...');
      await packageExtension(root);
      const env = codeServerEnv(p, process.env, credentials);
      console.log('Installing it into code-server...');
      await prepareProfile(p, env);
      const running = await startCodeServer(p, env, await pickPort(wantedPort));
      editor = running.child;
      editor.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(
          `code-server stopped by itself (${signal ?? `exit code ${code}`}); its log: ${p.log}. Stopping the emulator.`,
        );
        void stopAll(1);
      });
      console.log(`code-server's log: ${p.log}. Press Ctrl+C to stop both.`);
      console.log(`Open VS Code with the extension, signed in to the emulator: ${running.url}`);
      return;
    }
  }
}

main().catch(async (err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(err instanceof StartUsageError ? message : `npm start: ${message}`);
  await stopAll(err instanceof StartUsageError ? 2 : 1);
});
