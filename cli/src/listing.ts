import type { CommandSpec } from './command';
import type { Context } from './context';
import { Exit } from './exitCodes';

// Listings: JSON with the documented field names under --json, a table otherwise. Fields the
// service did not send are left out of the JSON (never null), so consumers test for presence.

/**
 * A table's columns, in order: each header with the JSON field it shows (the field names are
 * stable across versions; docs/cli.md, "JSON fields (stable)", lists them), or a value worked out from the
 * row (a count).
 */
export type Columns<T> = Record<string, (keyof T & string) | ((row: T) => unknown)>;

export function printList<T extends object>(ctx: Context, rows: T[], columns: Columns<T>, empty: string): void {
  if (ctx.options.json) {
    ctx.out.json(rows);
    return;
  }
  if (rows.length === 0) {
    ctx.out.err(empty);
    return;
  }
  const shown = Object.values(columns);
  ctx.out.table(
    Object.keys(columns),
    rows.map((r) => shown.map((c) => cell(typeof c === 'function' ? c(r) : (r as Record<string, unknown>)[c]))),
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

/** How each member of a row is read from the item's member of the same name. */
export type RowReaders<T> = { [K in Exclude<keyof T, 'id'>]-?: (v: unknown) => T[K] | undefined };

/** The items that carry a numeric id, each as its row: the id, then each member as `readers` read it (left out when unread). */
export function rowsWithId<T extends { id: number }>(
  items: readonly { id?: unknown; [key: string]: unknown }[],
  readers: RowReaders<T>,
): T[] {
  return items.flatMap((item) => {
    if (typeof item.id !== 'number') return [];
    const members = Object.entries(readers as Record<string, (v: unknown) => unknown>).map(([key, read]) => [
      key,
      read(item[key]),
    ]);
    return [defined({ id: item.id, ...Object.fromEntries(members) } as T)];
  });
}

/** A command that lists one kind of record, `tas <name> [--json]`, with no option of its own. */
export interface ListSpec<T> {
  name: string;
  summary: string;
  action: string;
  description: string;
  /** The rows, the whole list. */
  rows: (ctx: Context) => Promise<T[]>;
  columns: Columns<T>;
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
