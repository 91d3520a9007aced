// Positions for a few JSON paths in a valid JSON text, found in one pass that skips every subtree
// no path leads into. Validation works on the parsed value; only the nodes that carry a
// diagnostic ever get a position, so a large valid document costs no position work at all.

export type JsonPath = readonly (string | number)[];

export interface Span {
  start: number;
  end: number;
}

export interface Located {
  /** The whole value: from its first character to just after its last. */
  value: Span;
  /** The property key, quotes included, when the value is an object property. */
  key?: Span;
}

interface Trie {
  wanted: boolean;
  children: Map<string, Trie>;
}

export const pathKey = (path: JsonPath): string => JSON.stringify(path);

const WS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

/** Finds each path's value (and key) span. `text` must be valid JSON (JSON.parse accepted it). */
export function locate(text: string, paths: readonly JsonPath[]): Map<string, Located> {
  const root: Trie = { wanted: false, children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const seg of path) {
      const k = String(seg);
      let next = node.children.get(k);
      if (!next) node.children.set(k, (next = { wanted: false, children: new Map() }));
      node = next;
    }
    node.wanted = true;
  }
  const found = new Map<string, Located>();
  let i = 0;
  const n = text.length;

  const skipWs = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 128 && WS[c]) i++;
      else break;
    }
  };

  /** Moves past a string starting at i (on the quote). */
  const skipString = () => {
    i++;
    for (;;) {
      const c = text.charCodeAt(i++);
      if (c === 0x22) return;
      if (c === 0x5c) i++;
    }
  };

  /** Moves past any value starting at i without looking inside it. */
  const skipValue = () => {
    const c = text.charCodeAt(i);
    if (c === 0x22) return skipString();
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      do {
        const d = text.charCodeAt(i);
        if (d === 0x22) {
          skipString();
          continue;
        }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) depth--;
        i++;
      } while (depth > 0);
      return;
    }
    // number, true, false, null
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 0x2c || d === 0x7d || d === 0x5d || (d < 128 && WS[d])) break;
      i++;
    }
  };

  const readKey = (): string => {
    const start = i;
    skipString();
    const raw = text.slice(start + 1, i - 1);
    return raw.includes('\\') ? (JSON.parse(text.slice(start, i)) as string) : raw;
  };

  const visit = (node: Trie | undefined, path: (string | number)[], key: Span | undefined) => {
    if (!node) return skipValue();
    const start = i;
    const c = text.charCodeAt(i);
    if (node.children.size > 0 && c === 0x7b) {
      i++;
      skipWs();
      while (text.charCodeAt(i) !== 0x7d) {
        const keyStart = i;
        const k = readKey();
        const keySpan = { start: keyStart, end: i };
        skipWs();
        i++; // colon
        skipWs();
        path.push(k);
        visit(node.children.get(k), path, keySpan);
        path.pop();
        skipWs();
        if (text.charCodeAt(i) === 0x2c) {
          i++;
          skipWs();
        }
      }
      i++;
    } else if (node.children.size > 0 && c === 0x5b) {
      i++;
      skipWs();
      let index = 0;
      while (text.charCodeAt(i) !== 0x5d) {
        path.push(index);
        visit(node.children.get(String(index)), path, undefined);
        path.pop();
        index++;
        skipWs();
        if (text.charCodeAt(i) === 0x2c) {
          i++;
          skipWs();
        }
      }
      i++;
    } else {
      skipValue();
    }
    if (node.wanted) found.set(pathKey(path), { value: { start, end: i }, ...(key && { key }) });
  };

  skipWs();
  visit(root, [], undefined);
  return found;
}

/**
 * Every key that appears twice in one object, with the span of each repeat. A full scan:
 * it runs after the schema diagnostics are out.
 */
export function findDuplicateKeys(text: string): { key: string; span: Span }[] {
  const out: { key: string; span: Span }[] = [];
  const stack: (Set<string> | null)[] = [];
  const n = text.length;
  let i = 0;
  // A string right after '{' or ',' inside an object is a key.
  let expectKey = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      i++;
      for (;;) {
        const d = text.charCodeAt(i++);
        if (d === 0x22 || i > n) break;
        if (d === 0x5c) i++;
      }
      if (expectKey) {
        const keys = stack[stack.length - 1];
        const raw = text.slice(start + 1, i - 1);
        const key = raw.includes('\\') ? safeParse(text.slice(start, i)) : raw;
        if (keys) {
          if (keys.has(key)) out.push({ key, span: { start, end: i } });
          else keys.add(key);
        }
        expectKey = false;
      }
      continue;
    }
    if (c === 0x7b) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] !== null && stack.length > 0;
    }
    i++;
  }
  return out;
}

function safeParse(s: string): string {
  try {
    return JSON.parse(s) as string;
  } catch {
    return s.slice(1, -1);
  }
}
