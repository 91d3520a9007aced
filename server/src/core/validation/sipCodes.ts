import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';

// Our rule for sipMessageCodes (the document shows only "str"): a comma-separated list of SIP
// status codes, each 100 to 699, e.g. "180,183,200". Spaces after commas are allowed.

// Codes met in the current list, marked with the list's number: no set made per list.
const metIn = new Uint32Array(1000);
let list = 0;

/**
 * A list with nothing to say about: codes 100 to 699, each once, commas, spaces after them
 * (`/^[1-6]\d\d(?:, *[1-6]\d\d)*$/` without repeats), in one loop over its characters; this
 * runs for every filter on every keystroke.
 */
export function cleanSipCodes(value: string): boolean {
  if (++list === 0xffffffff) {
    metIn.fill(0);
    list = 1;
  }
  const n = value.length;
  for (let i = 0; ;) {
    if (i + 3 > n) return false;
    const a = value.charCodeAt(i) - 0x30;
    const b = value.charCodeAt(i + 1) - 0x30;
    const c = value.charCodeAt(i + 2) - 0x30;
    if (a < 1 || a > 6 || b < 0 || b > 9 || c < 0 || c > 9) return false;
    const code = a * 100 + b * 10 + c;
    if (metIn[code] === list) return false;
    metIn[code] = list;
    i += 3;
    if (i === n) return true;
    if (value.charCodeAt(i) !== 0x2c) return false;
    for (i++; i < n && value.charCodeAt(i) === 0x20; i++);
  }
}

export function checkSipCodes(value: string, path: readonly (string | number)[]): Finding[] {
  if (cleanSipCodes(value)) return [];
  const findings: Finding[] = [];
  if (value.trim() === '') {
    return [
      {
        path,
        on: 'value',
        message: 'sipMessageCodes is empty: list SIP status codes such as "180,183,200".',
        code: DiagnosticCode.sipCodes,
        severity: Severity.Error,
      },
    ];
  }
  let offset = 1; // past the opening quote in the document text
  const seen = new Set<string>();
  const parts = value.split(',');
  parts.forEach((part, i) => {
    const code = part.trim();
    const start = offset + part.indexOf(code === '' ? part : code);
    const inner = { start, end: start + Math.max(1, code.length) };
    if (!/^\d{3}$/.test(code) || Number(code) < 100 || Number(code) > 699) {
      findings.push({
        path,
        on: 'value',
        inner,
        message:
          code === ''
            ? 'Empty entry in sipMessageCodes: remove the extra comma.'
            : `'${code}' is not a SIP status code: use three digits from 100 to 699.`,
        code: DiagnosticCode.sipCodes,
        severity: Severity.Error,
        data: removal(parts, i, offset, inner.start),
      });
    } else if (seen.has(code)) {
      findings.push({
        path,
        on: 'value',
        inner,
        message: `SIP code ${code} is listed twice.`,
        code: DiagnosticCode.sipCodes,
        severity: Severity.Warning,
        data: removal(parts, i, offset, inner.start),
      });
    }
    seen.add(code);
    offset += part.length + 1;
  });
  return findings;
}

/** What the quick fix deletes to drop entry `i` from the list, its comma with it. */
export interface SipRemoval {
  /** The entry as written ('' for an empty one). */
  code: string;
  /** Offsets relative to the start of the diagnostic's range. */
  from: number;
  to: number;
  /** The text expected there; the fix is offered only when the document still holds it. */
  text: string;
}

function removal(
  parts: string[],
  i: number,
  partStart: number,
  rangeStart: number,
): { remove: SipRemoval } | undefined {
  if (parts.length < 2) return undefined; // the only entry: removing it leaves an empty list
  const part = parts[i]!;
  let from: number;
  let text: string;
  if (i < parts.length - 1) {
    // The entry and the comma after it; a first entry also takes the space that followed it.
    const next = parts[i + 1]!;
    const space = i === 0 ? next.length - next.trimStart().length : 0;
    from = partStart;
    text = part + ',' + next.slice(0, space);
  } else {
    from = partStart - 1;
    text = ',' + part;
  }
  return { remove: { code: part.trim(), from: from - rangeStart, to: from - rangeStart + text.length, text } };
}
