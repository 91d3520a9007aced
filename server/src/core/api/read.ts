import type { Loose } from './types';

// The lenient readers of JSON we do not control: the service's answers above all, and the
// user's files. Each takes anything and gives the value in the one shape its caller uses, or
// undefined; none throws. They differ only in how lenient they are, which each one's comment
// says: pick the variant whose leniency the caller needs (the document shows few fields, and a
// service may send a number as text or an empty string for "none").

/** A JSON object: not null and not an array. */
export function isRecord(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first of several spellings of a field that is there (neither undefined nor null). */
export function pick(raw: Loose, keys: readonly string[]): unknown {
  for (const k of keys) if (raw[k] !== undefined && raw[k] !== null) return raw[k];
  return undefined;
}

/** Lenient text: a string other than '' as sent, or a number as its decimal text (`7` → '7'). */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** A name or label: a string with something besides white space in it, as sent (untrimmed); never a number. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Exactly a string, as sent: '' and blanks included, a number is not read. */
export const exactStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** An id or count: an integer, or a string of decimal digits as its number ('12' → 12; '-1', '1.5' and 1.5 → undefined). */
export const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** A quantity: a finite number (fractions kept), or a string of decimal digits as its number. */
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** Exactly a finite number, fractions kept; text is not read. */
export const exactNum = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Exactly an integer; text and fractions are not read (a file's ids, which the schema checks). */
export const exactInt = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined);

/** A flag: a boolean, or the text 'true' or 'false'. */
export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined);

/** A point in time as ISO text: a string Date.parse reads (as sent), or milliseconds since 1970. */
export const time = (v: unknown): string | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString();
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined;
};

/** Records of a list as sent, and what could not be used of it, in words (by place, or by id). */
export interface UsableRecords {
  records: Loose[];
  unusable: string[];
  /** Fields of kept records that were not text where the interface says text, by id: how each was read. */
  mended: string[];
}

/** Fields the interface types as text in the records the project shows (names, numbers of phones). */
const TEXT_FIELDS = ['name', 'msisdn', 'description', 'label', 'testNodeName', 'deviceModelName', 'serverURL', 'httpMethod', 'email', 'username'] as const;

/**
 * The record with each text field that holds something else read once, here, for every reader
 * after it: a number as its decimal text (said, since a phone number loses its leading + or 0),
 * anything else left out (said). Null means "none" and is kept.
 */
function mendText(record: Loose, who: string, mended: string[]): Loose {
  let out = record;
  for (const field of TEXT_FIELDS) {
    const v = record[field];
    if (v === undefined || v === null || typeof v === 'string') continue;
    if (out === record) out = { ...record };
    if (typeof v === 'number' && Number.isFinite(v)) {
      out[field] = String(v);
      mended.push(`${who}: ${field} is the number ${String(v)}, read as the text "${String(v)}"`);
    } else {
      delete out[field];
      mended.push(`${who}: ${field} is ${Array.isArray(v) ? 'a list' : `a ${typeof v}`}, not text, and is left out`);
    }
  }
  return out;
}

/**
 * The records of a list the service sent, each read leniently: an object, with its id an integer
 * (a string of digits is read as its number). What is not a record (null, a number, a string, a
 * list) or carries an id that is not a whole number is left out and said, so that one bad item
 * never stops the others. `offset`: the place of the first item in the whole list.
 */
export function usableRecords(items: readonly unknown[], offset = 0): UsableRecords {
  const records: Loose[] = [];
  const unusable: string[] = [];
  const mended: string[] = [];
  items.forEach((item, i) => {
    const place = `item ${offset + i + 1}`;
    if (!isRecord(item)) {
      unusable.push(`${place} is ${item === null ? 'null' : Array.isArray(item) ? 'a list' : `a ${typeof item}`}, not a record`);
      return;
    }
    if (!('id' in item) || typeof item['id'] === 'number' && Number.isInteger(item['id'])) {
      records.push(mendText(item, 'id' in item ? `id ${String(item['id'])}` : place, mended));
      return;
    }
    const id = int(item['id']);
    if (id === undefined) {
      const shown = JSON.stringify(item['id']) ?? String(item['id']);
      unusable.push(`${place} has the id ${shown.length > 40 ? `${shown.slice(0, 40)}...` : shown}, not a whole number`);
      return;
    }
    records.push(mendText({ ...item, id }, `id ${id}`, mended));
  });
  return { records, unusable, mended };
}
