import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { credentials, pos } from '../server/featureHelpers';
import { startEmulator, type Emulator } from '../emulator/emulator';

// The language server in a second LSP client (issue 21): Neovim, headless, with the client API
// of 0.7 (the oldest we claim), starts dist/server.js over stdio as the 0.7 snippet of docs/editor.md does and
// runs the scenarios of the LSP tests: diagnostics with codes, completion of devices from the
// service, Go to Definition, the outline and Format Document. client.lua drives Neovim and writes
// the answers; this file plans the steps and checks them. Needs `nvim` (0.7+) on the PATH.

const SERVER = resolve(__dirname, '../../../dist/server.js');
const CLIENT = resolve(__dirname, '../../../test/neovim/client.lua');

interface Answer {
  result?: unknown;
  text?: string;
  found?: boolean;
  diagnostics?: { code: string; line: number; message: string }[];
  error?: string;
  lspError?: unknown;
}

interface Step {
  id: string;
  method?: string;
  line?: number;
  character?: number;
  apply?: boolean;
  waitFor?: string;
}

let emu: Emulator;
let dir: string;
before(async () => {
  const v = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(v.status, 0, 'nvim (Neovim 0.7 or newer) must be on the PATH for this layer: apt-get install neovim');
  emu = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), 'tas-nvim-'));
  mkdirSync(join(dir, 'xdg'));
});
after(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens `name` with `text` in a headless Neovim, runs the steps, and returns each step's answer. */
async function inNeovim(
  name: string,
  text: string,
  steps: Step[],
): Promise<Record<string, Answer> & { initialized?: boolean; failed?: string }> {
  const file = join(dir, name);
  writeFileSync(file, text);
  const planPath = join(dir, `${name}.plan.json`);
  const outPath = join(dir, `${name}.out.json`);
  writeFileSync(
    planPath,
    JSON.stringify({ node: process.execPath, server: SERVER, root: dir, env: credentials(emu), steps }),
  );
  const xdg = join(dir, 'xdg');
  const child = spawn('nvim', ['--headless', '--clean', file, '-c', `luafile ${CLIENT}`], {
    cwd: dir,
    // Neovim's own state, log and cache stay in the test's folder.
    env: {
      ...process.env,
      NV_PLAN: planPath,
      NV_OUT: outPath,
      XDG_CONFIG_HOME: xdg,
      XDG_DATA_HOME: xdg,
      XDG_STATE_HOME: xdg,
      XDG_CACHE_HOME: xdg,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  assert.equal(code, 0, output);
  const answers = JSON.parse(readFileSync(outPath, 'utf8')) as Record<string, Answer> & {
    initialized?: boolean;
    failed?: string;
  };
  assert.equal(answers.failed, undefined, answers.failed);
  assert.equal(answers.initialized, true, 'the server answered initialize');
  return answers;
}

const at = (text: string, needle: string) => ({ ...pos(text, needle) });

describe('Neovim as a second LSP client', { timeout: 90_000 }, () => {
  test('a test case: diagnostics with codes, device completion, Go to Definition, hover, references, the outline, Format Document', async () => {
    const device = emu.store.devices.all()[0]!;
    const text = `{ "name": "From Neovim", "testStepList": [ { "function": "HANGUP", "mobileDeviceId": ${device.id} }, { "function": "HANGUP", "mobileDeviceId": 999 } ] }\n`;
    const a = await inNeovim('nvim.testcase.json', text, [
      { id: 'diagnostics', waitFor: 'unknown-device' },
      { id: 'completion', method: 'textDocument/completion', ...at(text, '"mobileDeviceId": ') },
      { id: 'definition', method: 'textDocument/definition', ...at(text, '"mobileDeviceId": ') },
      { id: 'hover', method: 'textDocument/hover', ...at(text, '"mobileDeviceId": ') },
      { id: 'references', method: 'textDocument/references', ...at(text, '"mobileDeviceId": ') },
      { id: 'symbols', method: 'textDocument/documentSymbol' },
      { id: 'format', method: 'textDocument/formatting', apply: true },
    ]);
    assert.equal(a['diagnostics']!.found, true, JSON.stringify(a['diagnostics']));
    assert.deepEqual(
      a['diagnostics']!.diagnostics!.filter((d) => d.code === 'unknown-device').map((d) => d.message),
      ['Mobile device 999 does not exist on the service.'],
    );
    const items = a['completion']!.result as { items?: { label: string }[] } | { label: string }[];
    const labels = (Array.isArray(items) ? items : (items.items ?? [])).map((i) => i.label);
    assert.ok(
      labels.some((l) => l.includes(device.name)),
      JSON.stringify(labels.slice(0, 10)),
    );
    const definition = a['definition']!.result as { uri: string } | { uri: string }[];
    assert.equal(
      (Array.isArray(definition) ? definition[0] : definition)?.uri,
      `tas-remote:/mobileDevice/${device.id}.json`,
    );
    const hover = a['hover']!.result as { contents: { value: string } };
    assert.ok(hover.contents.value.includes(device.name), hover.contents.value);
    const refs = a['references']!.result as { uri: string; range: { start: { line: number; character: number } } }[];
    assert.deepEqual(
      refs.map((r) => [r.uri, r.range.start]),
      [[pathToFileURL(join(dir, 'nvim.testcase.json')).href, at(text, '"mobileDeviceId": ')]],
    );
    // Neovim says it takes hierarchical symbols: the test case, its steps by position, function and device.
    const symbols = a['symbols']!.result as {
      name: string;
      children?: { name: string; children?: { name: string }[] }[];
    }[];
    assert.equal(symbols[0]?.name, 'From Neovim');
    assert.deepEqual(
      symbols[0]?.children?.[0]?.children?.map((s) => s.name),
      [`1 HANGUP · ${device.name}`, '2 HANGUP · device 999'],
    );
    // Formatted as export writes it (Neovim keeps the final line break as the file's end of line).
    assert.equal(a['format']!.text!.replace(/\n+$/, ''), JSON.stringify(JSON.parse(text), null, 2));
  });

  test('a bundle: Go to Definition leads to the device record it carries', async () => {
    const device = emu.store.devices.all()[1]!;
    const bundle = JSON.stringify(
      [
        {
          name: 'Bundled',
          testStepList: [{ function: 'HANGUP', mobileDeviceId: device.id }],
          devices: [{ id: device.id, name: device.name, msisdn: device.msisdn }],
        },
      ],
      null,
      2,
    );
    const a = await inNeovim('nvim.testcases.json', bundle, [
      { id: 'definition', method: 'textDocument/definition', ...at(bundle, '"mobileDeviceId": ') },
    ]);
    const d = a['definition']!.result as
      { uri: string; range: { start: { line: number } } } | { uri: string; range: { start: { line: number } } }[];
    const target = Array.isArray(d) ? d[0] : d;
    assert.equal(target?.uri, pathToFileURL(join(dir, 'nvim.testcases.json')).href);
    assert.equal(target?.range.start.line, at(bundle, '"devices": [').line + 1, 'the record in devices');
  });
});
