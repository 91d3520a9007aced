// Real editor: the packaged extension in a real VS Code workbench (code-server + Chromium),
// driven as a person would. Needs `bash scripts/editor-setup.sh` and `npm run package` first;
// `bash scripts/test-editor.sh` does both. See test/editor/README.md.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Editor, withEditor } from './harness';

const CHANNEL = 'Test Automation Service';
const STARTED = 'language server started';
/** The extension's display name: the source of its notifications. */
const EXTENSION = 'Test Automation Service';

/** Error notifications the extension raised (the workbench's own, e.g. failed marketplace
 * calls without internet, are expected and ignored). */
async function ourErrors(e: Editor): Promise<string[]> {
  const all = await e.notifications();
  return all.filter((n) => n.severity === 'error' && n.source === EXTENSION).map((n) => n.text);
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('real editor: activation in the sample workspace', { timeout: 300_000 }, () => {
  let editor: Editor | undefined;

  before(async () => {
    editor = await Editor.start({ name: 'activation' });
  });

  after(async () => {
    await editor?.stop();
  });

  it('activates with the workspace: its output channel is listed and shows the server start', (t) =>
    withEditor(t, editor, async (e) => {
      await e.screenshot('workspace-open');
      await e.openFile('sms-to-pixel.testcase.json');
      await e.screenshot('testcase-open');

      // No command of ours has run: the channel (created in activate()) is listed because the
      // workspace activated the extension (workspaceContains).
      await e.showOutputChannel(CHANNEL);
      const text = await e.waitForOutputLines(STARTED);
      await e.screenshot('output-channel-after-activation');
      assert.match(text, /\[info\] language server started/);
      assert.equal(count(text, STARTED), 1, `one start; the log shows:\n${text}`);
      // Activation says how long it took (npm run bench -- activation reads this line).
      assert.match(await e.waitForOutputLines('activated in'), /\[info\] activated in \d+ ms/);
      assert.deepEqual(await ourErrors(e), [], 'no error notifications from the extension');
    }));

  it('"Test Automation: Show Log" brings the channel up', (t) =>
    withEditor(t, editor, async (e) => {
      // Switch the Output panel to another channel first, so the command has something to do.
      await e.showOutputChannel('Tasks');
      await e.screenshot('output-on-another-channel');
      await e.runCommand('Test Automation: Show Log');
      await e.waitForOutputChannel(CHANNEL);
      const text = await e.waitForOutputLines(STARTED);
      await e.screenshot('show-log');
      assert.equal(count(text, STARTED), 1, `one start so far; the log shows:\n${text}`);
    }));

  it('"Test Automation: Restart Language Server" starts the server again', (t) =>
    withEditor(t, editor, async (e) => {
      await e.runCommand('Test Automation: Restart Language Server');
      await e.runCommand('Test Automation: Show Log');
      await e.waitForOutputChannel(CHANNEL);
      const text = await e.waitForOutputLines(STARTED, 2);
      await e.screenshot('after-restart');
      assert.equal(count(text, STARTED), 2, `two starts; the log shows:\n${text}`);
      assert.deepEqual(await ourErrors(e), [], 'no error notifications from the extension');
    }));
});
