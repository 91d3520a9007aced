import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { MessageDirection, NotificationType, NotificationType0 } from 'vscode-languageserver-protocol';
import * as protocol from '../../server/src/protocol';

// ARCHITECTURE.md's table ("The protocol") is how a newcomer finds a message: it must list
// every custom message of the code, in its feature's file, with its direction and kind, and
// nothing else (issue 37).

const ROOT = resolve(__dirname, '../../..');
const PARTS = join(ROOT, 'server/src/protocol');
/** How a message is declared, not a feature. */
const NOT_A_FEATURE = 'message.ts';

type Kind = 'request' | 'notification';
interface Entry {
  file: string;
  direction: MessageDirection;
  kind: Kind;
}

/** The messages the table lists, by method: `…/x` is the cell's previous method with its last part replaced. */
export function tableMessages(markdown: string): Map<string, Entry> {
  const section = /^## The protocol\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1];
  assert.ok(section !== undefined, 'ARCHITECTURE.md has a section "## The protocol"');
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*(---|Feature)/.test(line));
  const found = new Map<string, Entry>();
  for (const row of rows) {
    const cells = row.split('|').slice(1, -1);
    assert.equal(cells.length, 3, `a row of three cells: ${row}`);
    const file = /`(\w+\.ts)`/.exec(cells[0]!)?.[1];
    assert.ok(file !== undefined, `the row names its feature's file: ${row}`);
    const directions = [MessageDirection.clientToServer, MessageDirection.serverToClient];
    cells.slice(1).forEach((cell, i) => {
      let previous: string | undefined;
      for (const m of cell.matchAll(/`((?:tas|…)\/[^`]+)`( \(n\))?/g)) {
        let method = m[1]!;
        if (method.startsWith('…/')) {
          assert.ok(previous !== undefined, `${method} follows a full method in its cell: ${row}`);
          method = previous.slice(0, previous.lastIndexOf('/')) + method.slice(1);
        }
        previous = method;
        assert.ok(!found.has(method), `${method} is listed once`);
        found.set(method, { file, direction: directions[i]!, kind: m[2] === undefined ? 'request' : 'notification' });
      }
    });
  }
  return found;
}

/** The messages a module exports, by method. */
function declared(module: Record<string, unknown>, file: string): Map<string, Entry> {
  const found = new Map<string, Entry>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'object' || value === null || typeof (value as { method?: unknown }).method !== 'string')
      continue;
    const { method, direction } = value as { method: string; direction?: MessageDirection };
    assert.ok(direction !== undefined, `${name} (${method}) is declared with its direction`);
    const kind = value instanceof NotificationType || value instanceof NotificationType0 ? 'notification' : 'request';
    found.set(method, { file, direction, kind });
  }
  return found;
}

/** The messages of every feature file, by method, read from the compiled part next to this test's protocol. */
function codeMessages(): Map<string, Entry> {
  const found = new Map<string, Entry>();
  const files = readdirSync(PARTS).filter((f) => f.endsWith('.ts') && f !== NOT_A_FEATURE);
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const part = require(join(__dirname, '../../server/src/protocol', file.replace(/\.ts$/, ''))) as Record<
      string,
      unknown
    >;
    for (const [method, entry] of declared(part, file)) {
      assert.ok(!found.has(method), `${method} is declared once (again in ${file})`);
      found.set(method, entry);
    }
  }
  return found;
}

const sorted = (m: Map<string, Entry>): [string, Entry][] => [...m].sort(([a], [b]) => a.localeCompare(b));

describe("ARCHITECTURE.md's protocol table", () => {
  it('reads methods, the ellipsis, the direction by column and (n) as a notification', () => {
    const md = [
      '## The protocol',
      '| Feature (file) | Client → server | Server → client |',
      '| --- | --- | --- |',
      '| A (`a.ts`) | `tas/a/list`, `…/follow` (n), `tas/b/x` | `tas/a/changed` (n): words |',
      '## Next',
    ].join('\n');
    assert.deepEqual(sorted(tableMessages(md)), [
      ['tas/a/changed', { file: 'a.ts', direction: MessageDirection.serverToClient, kind: 'notification' }],
      ['tas/a/follow', { file: 'a.ts', direction: MessageDirection.clientToServer, kind: 'notification' }],
      ['tas/a/list', { file: 'a.ts', direction: MessageDirection.clientToServer, kind: 'request' }],
      ['tas/b/x', { file: 'a.ts', direction: MessageDirection.clientToServer, kind: 'request' }],
    ]);
  });

  it('lists every message of the code with its file, direction and kind, and no other', () => {
    const table = tableMessages(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
    const code = codeMessages();
    assert.ok(code.size > 0, 'the feature files declare messages');
    assert.deepEqual(sorted(table), sorted(code));
  });

  it('is what protocol.ts exports: every part re-exported, nothing declared elsewhere', () => {
    const methods = (m: Map<string, Entry>): string[] => [...m.keys()].sort();
    assert.deepEqual(
      methods(declared(protocol as unknown as Record<string, unknown>, 'protocol.ts')),
      methods(codeMessages()),
    );
  });
});
