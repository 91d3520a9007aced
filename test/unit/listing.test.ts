import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { exactNum, exactStr } from '../../server/src/core';
import type { Context } from '../../cli/src/context';
import { Exit } from '../../cli/src/exitCodes';
import { listCommand, printList, rowsWithId } from '../../cli/src/listing';

// The list commands of tas (devices, nodes, users, suites, executions) print through one
// listing: JSON rows whole under --json, else a table of the columns; an empty list says so.

interface Printed {
  json: unknown[];
  err: string[];
  tables: { header: string[]; rows: (string | number | undefined)[][] }[];
}

function fakeContext(json: boolean): { ctx: Context; printed: Printed } {
  const printed: Printed = { json: [], err: [], tables: [] };
  const out = {
    json: (v: unknown) => printed.json.push(v),
    err: (line: string) => printed.err.push(line),
    table: (header: string[], rows: (string | number | undefined)[][]) => printed.tables.push({ header, rows }),
  };
  return { ctx: { options: { json }, out } as unknown as Context, printed };
}

interface Suite {
  id: number;
  name: string;
  disabled: boolean;
  testCaseIds: number[];
  schedule?: string;
}

const SUITES: Suite[] = [
  { id: 1, name: 'Smoke', disabled: false, testCaseIds: [4, 5] },
  { id: 2, name: 'Night', disabled: true, testCaseIds: [], schedule: '0 2 * * *' },
];

describe('tas listings', () => {
  test('a table of the columns in order: fields, values worked out, yes/no, blanks', () => {
    const { ctx, printed } = fakeContext(false);
    printList(
      ctx,
      SUITES,
      {
        ID: 'id',
        NAME: 'name',
        CASES: (s) => s.testCaseIds.length,
        IDS: 'testCaseIds',
        DISABLED: 'disabled',
        SCHEDULE: 'schedule',
      },
      'none',
    );
    assert.deepEqual(printed.tables, [
      {
        header: ['ID', 'NAME', 'CASES', 'IDS', 'DISABLED', 'SCHEDULE'],
        rows: [
          ['1', 'Smoke', '2', '4, 5', 'no', undefined],
          ['2', 'Night', '0', '', 'yes', '0 2 * * *'],
        ],
      },
    ]);
  });

  test('--json prints the rows whole, worked-out columns left out; an empty table says so', () => {
    const json = fakeContext(true);
    printList(json.ctx, SUITES, { CASES: (s) => s.testCaseIds.length }, 'none');
    assert.deepEqual(json.printed.json, [SUITES]);
    const empty = fakeContext(false);
    printList(empty.ctx, [], { ID: 'id' }, 'The service has no test suites.');
    assert.deepEqual(empty.printed, { json: [], err: ['The service has no test suites.'], tables: [] });
  });

  test('rows of the items with a numeric id, members read exactly and left out when unread', () => {
    const rows = rowsWithId<{ id: number; name?: string; count?: number }>(
      [
        { id: 3, name: 'a', count: 2, other: 'x' },
        { id: '4', name: 'b' },
        { id: 5, name: 7, count: '2' },
      ],
      { name: exactStr, count: exactNum },
    );
    assert.deepEqual(rows, [{ id: 3, name: 'a', count: 2 }, { id: 5 }]);
    assert.deepEqual(Object.keys(rows[0]!), ['id', 'name', 'count']);
  });

  test('a list command: `tas <name> [--json]`, no option or argument, exit 0', async () => {
    const cmd = listCommand<Suite>({
      name: 'suites',
      summary: 'List the test suites.',
      action: 'list the test suites',
      description: 'Lists them.',
      rows: () => Promise.resolve(SUITES),
      columns: { ID: 'id' },
      empty: 'none',
    });
    assert.equal(cmd.usage, 'tas suites [--json]');
    assert.deepEqual([cmd.options, cmd.optionHelp, cmd.positionals], [{}, {}, { min: 0, max: 0 }]);
    const { ctx, printed } = fakeContext(false);
    assert.equal(await cmd.run(ctx, {}, []), Exit.ok);
    assert.deepEqual(printed.tables, [{ header: ['ID'], rows: [['1'], ['2']] }]);
  });
});
