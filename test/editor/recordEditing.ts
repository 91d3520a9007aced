import type { Emulator } from '../emulator/emulator';
import type { Editor, EditorOptions } from './harness';

// What the tests of record documents typed into share (recordKinds.test.ts,
// deviceDocument.test.ts): the demo admin, an editor that takes what is typed as typed, the
// bodies the extension sent, and whether a document's tab is saved.

export const ID = 'demo-admin';
export const SECRET = 'demo-admin-secret';

/** code-server on the emulator at `url` with autosave off, no suggestions but on Ctrl+Space, and nothing closed for the typist. */
export function typingEditor(name: string, url: string): EditorOptions {
  return {
    name,
    settings: {
      'files.autoSave': 'off',
      'tas.inlayHints.enabled': false,
      'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
      'editor.suggestOnTriggerCharacters': false,
      // What is typed lands as typed (no closing bracket or quote added).
      'editor.autoClosingBrackets': 'never',
      'editor.autoClosingQuotes': 'never',
    },
    env: { TAS_BASE_URL: url, TAS_CLIENT_ID: ID, TAS_CLIENT_SECRET: SECRET },
  };
}

/** The bodies the extension sent with `method` to `path`. */
export const bodiesSent = (emulator: () => Emulator) => (method: string, path: string) =>
  emulator()
    .requests.filter((r) => r.method === method && r.path === `/api/v2${path}`)
    .map((r) => r.body as Record<string, unknown>);

/** The active tab of `name`, saved. */
export const clean = (e: Editor, name: string) =>
  e.page.locator(`.tabs-container .tab.active:not(.dirty)[data-resource-name="${name}"]`);
/** The active tab of `name`, with unsaved changes. */
export const dirty = (e: Editor, name: string) =>
  e.page.locator(`.tabs-container .tab.active.dirty[data-resource-name="${name}"]`);
