import { decodeString, stringEnd, type Span } from './strings';

// Keys repeated within one object (JSON readers keep only the last one). The full scan reads
// every character; for the usual document, which repeats nothing, counting proves it cheaper.

/** What a parsed value holds, counted by the walk over it (validation's local walk): property keys, nested ones included. */
export interface KeyCounts {
  keys: number;
}

/**
 * Whether a valid JSON text repeats no key, given the key count of the value JSON.parse made of
 * it (and the value, for the rare text the quick count does not settle). JSON.parse keeps one of
 * each repeated key, so the text holds more keys than the value exactly when some key repeats.
 * Without backslashes, a string in the text holds no '"' and no line break or tab, so a ':' whose
 * last character before (spaces and line breaks aside) is '"' either follows a key or opens a
 * string that starts with ':'. As many of those as the value has keys proves that no key repeats,
 * and finding ':' with indexOf visits a few characters of 30. Otherwise every ':' of the text is
 * compared with the value's keys plus the colons inside its keys and texts (a dropped key adds
 * its own ':'); with backslashes, the text's keys are counted by skipping its strings.
 */
export function noRepeatedKeys(text: string, counts: KeyCounts, value: unknown): boolean {
  if (text.indexOf('\\') !== -1) return keysInText(text) === counts.keys;
  let all = 0;
  let afterQuote = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    all++;
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--j);
    if (c === 0x22) afterQuote++;
  }
  return afterQuote === counts.keys || all === counts.keys + colonsInValue(value);
}

/** How many ':' a text holds. */
function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) n++;
  return n;
}

/**
 * Every key that appears twice in one object, with the span of each repeat. A full scan: it runs
 * after the schema diagnostics are out. Given the value JSON.parse made of this very text, it
 * first compares key counts: JSON.parse keeps one of each repeated key, so equal counts mean no
 * repeats, and that check skips over strings with indexOf instead of reading every character.
 * Given the value's counts too (the local walk made them), `noRepeatedKeys` decides.
 */
export function findDuplicateKeys(text: string, parsed?: unknown, counts?: KeyCounts): { key: string; span: Span }[] {
  if (counts ? noRepeatedKeys(text, counts, parsed) : parsed !== undefined && keysInText(text) === keysInValue(parsed))
    return [];
  const out: { key: string; span: Span }[] = [];
  const n = text.length;
  // The keys of the open objects, innermost last; per open container where its keys begin in
  // `keys` (-1 for an array), and a Set for an object with many keys.
  const keys: string[] = [];
  const frames: number[] = [];
  const sets: (Set<string> | undefined)[] = [];
  let i = 0;
  // A string right after '{' or ',' inside an object is a key.
  let expectKey = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i = stringEnd(text, i);
      if (expectKey) {
        const depth = frames.length - 1;
        const from = frames[depth]!;
        const key = decodeString(text.slice(start + 1, i - 1));
        const set = sets[depth];
        let repeated = false;
        if (set) {
          repeated = set.has(key);
          if (!repeated) set.add(key);
        } else {
          for (let k = from; k < keys.length; k++) {
            if (keys[k] === key) {
              repeated = true;
              break;
            }
          }
          if (!repeated && keys.length - from >= 16) sets[depth] = new Set(keys.slice(from)).add(key);
        }
        if (repeated) out.push({ key, span: { start, end: i } });
        else keys.push(key);
        expectKey = false;
      }
      continue;
    }
    if (c === 0x7b) {
      frames.push(keys.length);
      expectKey = true;
    } else if (c === 0x5b) {
      frames.push(-1);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      const from = frames.pop();
      if (from !== undefined && from >= 0) keys.length = from;
      sets.length = frames.length;
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = frames.length > 0 && frames[frames.length - 1]! >= 0;
    }
    i++;
  }
  return out;
}

/** Property keys in a valid JSON text: strings followed by a colon. */
function keysInText(text: string): number {
  const n = text.length;
  let count = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    let k = stringEnd(text, i);
    let c = text.charCodeAt(k);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++k);
    if (c === 0x3a) count++;
    i = k < n ? text.indexOf('"', k) : -1;
  }
  return count;
}

/** Property keys in a parsed JSON value, nested ones included; a loop, however deep the value. */
function keysInValue(root: unknown): number {
  let count = 0;
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === 'object') todo.push(item);
      continue;
    }
    for (const k in v) {
      count++;
      const item = (v as Record<string, unknown>)[k];
      if (item !== null && typeof item === 'object') todo.push(item);
    }
  }
  return count;
}

/** The ':' characters inside the keys and texts of a parsed JSON value; a loop, however deep the value. */
function colonsInValue(root: unknown): number {
  let count = 0;
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const v = todo.pop();
    if (typeof v === 'string') count += colonsIn(v);
    else if (Array.isArray(v)) for (const item of v) todo.push(item);
    else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        count += colonsIn(k);
        todo.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return count;
}
