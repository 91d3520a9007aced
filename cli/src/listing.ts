import type { CommandSpec } from './command';
import type { Context } from './context';
import { Exit } from './exitCodes';

// Listings: JSON with the documented field names under --json, a table otherwise. Fields the
// service did not send are left out of the JSON (never null), so consumers test for presence.

/** A table column: a JSON field as it is, or a value worked out from the row (a count). */
export type Column<T> =
  | {
      header: string;
      /** The JSON field name; stable across versions (README.md, "JSON fields", lists them). */
      field: keyof T & string;
    }
  | { header: string; value: (row: T) => unknown };

export function printList<T extends object>(ctx: Context, rows: T[], columns: Column<T>[], empty: string): void {
  if (ctx.options.json) {
    ctx.out.json(rows);
    return;
  }
  if (rows.length === 0) {
    ctx.out.err(empty);
    return;
  }
  ctx.out.table(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => cell('field' in c ? (r as Record<string, unknown>)[c.field] : c.value(r)))),
  );
}

function cell(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** A copy without the undefined members. */
export function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The items that carry a numeric id, each as its row without the undefined members. */
export function rowsWithId<I extends { id?: unknown }, T extends { id: number }>(items: readonly I[], row: (item: I, id: number) => T): T[] {
  return items.flatMap((item) => (typeof item.id === 'number' ? [defined(row(item, item.id))] : []));
}

/** A command that lists one kind of record, `tas <name> [--json]`, with no option of its own. */
export interface ListSpec<T> {
  name: string;
  summary: string;
  action: string;
  description: string;
  /** The rows, the whole list. */
  rows: (ctx: Context) => Promise<T[]>;
  columns: Column<T>[];
  /** What the table says instead when there is no row. */
  empty: string;
}

export function listCommand<T extends object>({ rows, columns, empty, ...words }: ListSpec<T>): CommandSpec {
  return {
    ...words,
    usage: `tas ${words.name} [--json]`,
    options: {},
    optionHelp: {},
    positionals: { min: 0, max: 0 },
    async run(ctx) {
      printList(ctx, await rows(ctx), columns, empty);
      return Exit.ok;
    },
  };
}
