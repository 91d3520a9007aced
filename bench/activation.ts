import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Editor, EditorSetupError, VSIX } from '../test/editor/harness';
import { summarize, type Sample } from './stats';

// Activation in a real editor: the packaged extension in a fresh code-server (the real-editor
// harness, test/editor), a test case opened as a user would, and the time the extension's
// activate() took as it logs it ("activated in N ms"). Needs `bash scripts/editor-setup.sh` and a
// .vsix from `npm run package` at least as new as the bundle; otherwise it says why it did not run.

const root = resolve(__dirname, '../..');

export type ActivationResult = { sample: Sample; runs: number } | { skipped: string };

async function activateOnce(run: number): Promise<number> {
  const editor = await Editor.start({ name: `bench-activation-${run}` });
  try {
    await editor.openFile('sms-to-pixel.testcase.json');
    await editor.showOutputChannel('Test Automation Service');
    const text = await editor.waitForOutputLines('activated in');
    const ms = /activated in (\d+) ms/.exec(text)?.[1];
    if (ms === undefined) throw new Error(`no activation time in the log:\n${text}`);
    return Number(ms);
  } finally {
    await editor.stop();
  }
}

export async function benchActivation(runs: number): Promise<ActivationResult> {
  // Named from the repository (RESULTS.md is committed: no path of this machine in it).
  if (!existsSync(VSIX)) return { skipped: `no ${relative(root, VSIX)}: run npm run package` };
  if (statSync(VSIX).mtimeMs < statSync(join(root, 'dist/extension.js')).mtimeMs)
    return { skipped: 'the .vsix is older than dist/extension.js: run npm run package' };
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) times.push(await activateOnce(i));
  } catch (err) {
    if (err instanceof EditorSetupError) return { skipped: `${err.message} (bash scripts/editor-setup.sh)` };
    throw err;
  }
  return { sample: summarize(times), runs };
}
