import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-protocol';
import type { Emulator } from '../emulator/emulator';
import type { LspHarness } from './lspHarness';

// What the tests of the reference cache, stale results (cache.test.ts) and a large bundle
// (largeBundle.test.ts) share: the requests the emulator received per resource list, and a local
// mirror of an open document that knows the text of each version it sends.

export const LISTS = ['/api/v2/mobiledevices', '/api/v2/tracefilters', '/api/v2/testcases'] as const;
/** How many times the emulator was asked for each resource list (any page), and for a token. */
export function counts(emu: Emulator): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of [...LISTS, '/api/v2/connect/token'])
    out[path] = emu.requests.filter((r) => r.path === path).length;
  return out;
}
export const each = (n: number) => ({ '/api/v2/mobiledevices': n, '/api/v2/tracefilters': n, '/api/v2/testcases': n });

/** A local mirror of an open document, so the test knows the text each version has. */
export class Doc {
  doc: TextDocument;
  constructor(
    readonly uri: string,
    text: string,
  ) {
    this.doc = TextDocument.create(uri, 'json', 1, text);
  }
  get text() {
    return this.doc.getText();
  }
  get version() {
    return this.doc.version;
  }
  /** The range of the first occurrence of `needle` at or after `from`. */
  rangeOf(needle: string, from = 0): Range {
    const i = this.text.indexOf(needle, from);
    assert.ok(i >= 0, `'${needle}' is in ${this.uri}`);
    return { start: this.doc.positionAt(i), end: this.doc.positionAt(i + needle.length) };
  }
  /** Applies edits locally and sends them as one incremental change with the next version. */
  async edit(lsp: LspHarness, changes: { range: Range; text: string }[]): Promise<number> {
    const version = this.version + 1;
    // LSP applies content changes one after another, each against the text the previous left.
    let doc = this.doc;
    for (const c of changes) doc = TextDocument.update(doc, [c], version);
    this.doc = doc;
    await lsp.edit(this.uri, version, changes);
    return version;
  }
}
