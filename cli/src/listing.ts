import type { Context } from './context';

// Listings: JSON with the documented field names under --json, a table otherwise. Fields the
// service did not send are left out of the JSON (never null), so consumers test for presence.

export interface Column<T> {
  header: string;
  /** The JSON field name; stable across versions (README.md, "JSON fields", lists them). */
  field: keyof T & string;
}

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
    rows.map((r) => columns.map((c) => cell((r as Record<string, unknown>)[c.field]))),
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
