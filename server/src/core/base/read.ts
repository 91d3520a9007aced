// The lenient readers of JSON we do not control: the service's answers above all, and the
// user's files. Each takes anything and gives the value in the one shape its caller uses, or
// undefined; none throws. They differ only in how lenient they are, which each one's comment
// says: pick the variant whose leniency the caller needs (the document shows few fields, and a
// service may send a number as text or an empty string for "none").

/** A JSON object whose members are not known in advance; every record type of the interface extends it. */
export interface Loose {
  [key: string]: unknown;
}

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
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

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
export const exactNum = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** Exactly an integer; text and fractions are not read (a file's ids, which the schema checks). */
export const exactInt = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined);

/** A flag: a boolean, or the text 'true' or 'false'. */
export const bool = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;

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
const TEXT_FIELDS = [
  'name',
  'msisdn',
  'description',
  'label',
  'testNodeName',
  'deviceModelName',
  'serverURL',
  'httpMethod',
  'email',
  'username',
] as const;

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

/** A value as a message shows it: its JSON, cut to 40 characters. */
export function shown(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** One item of an answer: the record (a digit-string id read as its number), or why it cannot be used, with its id when that could be read. */
export type ReadItem =
  | { record: Loose; id: number | undefined; why?: undefined }
  | { why: string; id: number | undefined; record?: undefined };

/**
 * One item of an answer read as a record: an object whose id, when it has one, is a whole number
 * (a string of digits is read as its number). `needs` is what its reader cannot do without: an
 * `id`, and `text` fields that must be exactly text (a string; a number is not mended here, since
 * the record is kept whole, as a file). `why` reads after the item's name: "item 3 has the id
 * "abc", not a whole number", "the record has no name".
 */
export function readItem(item: unknown, needs: { id?: boolean; text?: readonly string[] } = {}): ReadItem {
  if (!isRecord(item))
    return {
      why: `is ${item === null ? 'null' : Array.isArray(item) ? 'a list' : `a ${typeof item}`}, not a record`,
      id: undefined,
    };
  let record = item;
  let id: number | undefined;
  if ('id' in item) {
    id = int(item['id']);
    if (id === undefined) return { why: `has the id ${shown(item['id'])}, not a whole number`, id: undefined };
    if (id !== item['id']) record = { ...item, id };
  } else if (needs.id === true) return { why: 'has no id', id: undefined };
  for (const field of needs.text ?? []) {
    const v = item[field];
    if (typeof v === 'string') continue;
    return { why: v === undefined ? `has no ${field}` : `has the ${field} ${shown(v)}, not text`, id };
  }
  return { record, id };
}

/**
 * The records of a list the service sent, each read leniently (readItem): what is not a record
 * (null, a number, a string, a list) or carries an id that is not a whole number is left out and
 * said, so that one bad item never stops the others. `offset`: the place of the first item in the
 * whole list.
 */
export function usableRecords(items: readonly unknown[], offset = 0): UsableRecords {
  const records: Loose[] = [];
  const unusable: string[] = [];
  const mended: string[] = [];
  items.forEach((item, i) => {
    const place = `item ${offset + i + 1}`;
    const read = readItem(item);
    if (read.why !== undefined) unusable.push(`${place} ${read.why}`);
    else records.push(mendText(read.record, read.id !== undefined ? `id ${read.id}` : place, mended));
  });
  return { records, unusable, mended };
}
