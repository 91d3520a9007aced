// The pass behind the positions of diagnostics, the outline and the other language features: a
// scanner that follows only the paths of a trie (pathTrie.ts) through the text, skipping every
// other subtree, and records where each node it meets starts and ends, with lines and
// characters. positions.ts turns what it records into places and ranges.

import { NO_CODES, codesOf } from './codeUnits';
import { arrayItems, childNamed, type Trie } from './pathTrie';

/**
 * A cursor over the text; a class, so the position is a field rather than a captured variable.
 * One instance serves every scan (scans never overlap): when every instance of a class is
 * collected, the engine may drop its hidden class, and the compiled scan that relies on it.
 */
class Scanner {
  i = 0;
  /** The line of `i` and the offset where that line starts (\n, \r\n and a lone \r end a line). */
  line = 0;
  lineStart = 0;
  text = '';
  /** The text's code units (`codesOf`). */
  codes: Uint16Array = NO_CODES;
  n = 0;
  /** Every node the paths pass through is recorded, not only the ends: their closest ancestors. */
  all = false;
  /** No backslash in the text: every key is spelt as its value, so keys compare in place. */
  plain = true;
  /**
   * The colons passed outside strings: one per object member in valid JSON. The pass reads the
   * whole text, so after it this is the text's member count, repeated keys included.
   */
  colons = 0;

  reset(text: string, all: boolean): void {
    this.i = 0;
    this.line = 0;
    this.lineStart = 0;
    this.text = text;
    this.codes = codesOf(text);
    this.n = text.length;
    this.all = all;
    this.plain = text.indexOf('\\') === -1;
    this.colons = 0;
  }

  /** Moves i past whitespace; only whitespace holds line breaks in valid JSON. */
  skipWs(): void {
    const codes = this.codes;
    let i = this.i;
    for (;;) {
      const c = codes[i]!;
      if (c === 0x20 || c === 0x09) i++;
      else if (c === 0x0a || c === 0x0d) {
        i++;
        if (c === 0x0a || codes[i] !== 0x0a) {
          this.line++;
          this.lineStart = i;
          // the indentation, in a loop of its own
          while (codes[i] === 0x20) i++;
        }
      } else break;
    }
    this.i = i;
  }

  /** The index just past the string whose opening quote is at `start` (an unterminated one ends the text). */
  stringEnd(start: number): number {
    // Without a backslash in the text a string ends at the next quote: found natively, faster than
    // the loop on all but the shortest strings.
    if (this.plain) {
      const j = this.text.indexOf('"', start + 1);
      return j === -1 ? this.n : j + 1;
    }
    const codes = this.codes;
    const n = this.n;
    let i = start + 1;
    for (;;) {
      const c = codes[i++]!;
      if (c === 0x22) return i;
      if (c === 0x5c) i++;
      // 0 is the stop after the end (undefined past it); in a text, a control character is not JSON
      else if (!(c > 0) && i > n) return n;
    }
  }

  /** Moves past any value starting at i without looking inside it. */
  skipValue(): void {
    const codes = this.codes;
    let i = this.i;
    const c = codes[i]!;
    if (c === 0x22) {
      this.i = this.stringEnd(i);
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      this.skipNested(0);
      return;
    }
    // number, true, false, null: up to the next delimiter, whitespace or the end (past the
    // array, undefined: `!(d > 0x20)` holds for it too)
    for (;;) {
      const d = codes[i]!;
      if (d === 0x2c || d === 0x7d || d === 0x5d || !(d > 0x20)) break;
      i++;
    }
    this.i = i;
  }

  /**
   * The child named by the key whose opening quote is at `start` and which ends just before
   * `end`. Most wanted objects have a few children: with no backslash in the text their names are
   * compared with the text in place, with no string made per key.
   */
  childOf(t: Trie, start: number, end: number): Trie | undefined {
    if (!this.plain || t.byName) {
      const raw = this.text.slice(start + 1, end - 1);
      return childNamed(t, raw.includes('\\') ? (JSON.parse(this.text.slice(start, end)) as string) : raw);
    }
    const from = start + 1;
    const length = end - 1 - from;
    const codes = this.codes;
    // Compared unit by unit with the array (startsWith on a text held in pieces costs more).
    for (let c = t.first; c !== undefined; c = c.next) {
      const name = c.name;
      if (name.length !== length) continue;
      let j = 0;
      while (j < length && name.charCodeAt(j) === codes[from + j]) j++;
      if (j === length) return c;
    }
    return undefined;
  }

  /**
   * Moves past the end of the container i is in, `depth` levels deep (0: at its opening bracket).
   * Most of a large text is skipped here: after a line break, the indentation is passed in a loop
   * of its own, and after a key, its `": "`.
   */
  skipNested(depth: number): void {
    const codes = this.codes;
    const n = this.n;
    let i = this.i;
    let line = this.line;
    let lineStart = this.lineStart;
    let colons = 0;
    do {
      const d = codes[i++]!;
      if (d === 0x22) {
        if (this.plain) {
          const j = this.text.indexOf('"', i);
          i = j === -1 ? n : j + 1;
        } else
          for (;;) {
            const c = codes[i++]!;
            if (c === 0x22) break;
            if (c === 0x5c) i++;
            else if (!(c > 0) && i > n) {
              // unterminated: the text ends here
              i = n;
              break;
            }
          }
        // A key's `": "`: passed at once, the value follows.
        if (codes[i] === 0x3a) {
          colons++;
          i++;
          if (codes[i] === 0x20) i++;
        }
      } else if (d > 0x22) {
        // '{' and '[' are 0x7b and 0x5b, '}' and ']' 0x7d and 0x5d: one test each with bit 5 set.
        const e = d | 0x20;
        if (e === 0x7b) depth++;
        else if (e === 0x7d) depth--;
        else if (d === 0x3a) colons++;
      } else if (d === 0x0a) {
        line++;
        lineStart = i;
        while (codes[i] === 0x20) i++;
      } else if (d === 0x0d && codes[i] !== 0x0a) {
        line++;
        lineStart = i;
      }
    } while (depth > 0 && i < n);
    this.i = i;
    this.line = line;
    this.lineStart = lineStart;
    this.colons += colons;
  }

  /** Visits the value at i as the node `t`; `keyStart` -1: an array item or the root. */
  visit(t: Trie, keyStart: number, keyEnd: number, keyLine: number, keyCharacter: number): void {
    const start = this.i;
    const line = this.line;
    const character = start - this.lineStart;
    const c = this.codes[start];
    if ((c === 0x7b || c === 0x5b) && t.count > 0) this.visitContainer(t, c === 0x5b);
    else this.skipValue();
    if (t.wanted || this.all) {
      // The pass counted every line break up to here (values hold none outside strings' escapes).
      t.found = true;
      t.start = start;
      t.end = this.i;
      t.line = line;
      t.character = character;
      t.endLine = this.line;
      t.endCharacter = this.i - this.lineStart;
      t.keyStart = keyStart;
      t.keyEnd = keyEnd;
      t.keyLine = keyLine;
      t.keyCharacter = keyCharacter;
    }
  }

  /**
   * An object or list on a path, read in one loop as skipNested reads text, that stops only at its
   * own members: an object's keys (a string where a member begins), whose wanted values it visits,
   * and a list's items, counted by the commas at its level, of which it visits the wanted ones
   * (no text made for every index passed). No call per member passed, per string or per line.
   */
  private visitContainer(t: Trie, list: boolean): void {
    const codes = this.codes;
    const n = this.n;
    const items = list ? (t.items ??= arrayItems(t)) : NO_ITEMS;
    if (list && items.length === 0) {
      this.i++;
      this.skipNested(1);
      return;
    }
    let next = 0;
    let wanted = list ? items[0]!.index : -1;
    let index = 0;
    let i = this.i + 1;
    let line = this.line;
    let lineStart = this.lineStart;
    // Levels inside the members, and whether a member (a key, an item) begins next at its own level.
    let depth = 0;
    let member = true;
    while (i < n) {
      const d = codes[i]!;
      // A list's item begins at its first character other than whitespace (a ']' ends the list).
      if (list && member && d > 0x20 && d !== 0x5d) {
        member = false;
        if (index === wanted) {
          this.i = i;
          this.line = line;
          this.lineStart = lineStart;
          this.visit(items[next++]!, -1, -1, 0, 0);
          // Past the last wanted item, the rest is skipped without counting items.
          if (next === items.length) {
            this.skipNested(1);
            return;
          }
          wanted = items[next]!.index;
          i = this.i;
          line = this.line;
          lineStart = this.lineStart;
          continue;
        }
      }
      i++;
      if (d === 0x22) {
        const start = i - 1;
        i = this.stringEnd(start);
        if (list || depth !== 0 || !member) continue;
        member = false;
        const child = this.childOf(t, start, i);
        if (child === undefined) continue;
        // The wanted member's value: past the colon and the whitespace around it, then visited.
        this.i = i;
        this.line = line;
        this.lineStart = lineStart;
        this.colons++;
        if (codes[this.i] === 0x3a) this.i++;
        else {
          this.skipWs();
          this.i++;
        }
        if (codes[this.i] === 0x20) this.i++;
        if (codes[this.i]! <= 0x20) this.skipWs();
        // A repeated key is visited again: JSON.parse keeps the last, so the place is the last one's.
        this.visit(child, start, i, line, start - lineStart);
        i = this.i;
        line = this.line;
        lineStart = this.lineStart;
      } else if (d > 0x22) {
        if (d === 0x2c) {
          if (depth === 0) {
            member = true;
            index++;
          }
        } else {
          // '{' and '[' are 0x7b and 0x5b, '}' and ']' 0x7d and 0x5d: one test each with bit 5 set.
          const e = d | 0x20;
          if (e === 0x7b) depth++;
          else if (e === 0x7d) {
            if (depth === 0) break;
            depth--;
          } else if (d === 0x3a) this.colons++;
        }
      } else if (d === 0x0a) {
        line++;
        lineStart = i;
        while (codes[i] === 0x20) i++;
      } else if (d === 0x0d && codes[i] !== 0x0a) {
        line++;
        lineStart = i;
      }
    }
    this.i = i;
    this.line = line;
    this.lineStart = lineStart;
  }
}

/** An object's items: none (only a list's members are counted as items). */
const NO_ITEMS: readonly Trie[] = [];

const scanner = new Scanner();

/** Follows the trie's paths through the text (see Scanner); returns how many members the text holds. */
export function scan(text: string, root: Trie, ancestors: boolean): number {
  scanner.reset(text, ancestors);
  scanner.skipWs();
  scanner.visit(root, -1, -1, 0, 0);
  // The text is not kept past the scan.
  scanner.text = '';
  scanner.codes = NO_CODES;
  return scanner.colons;
}
