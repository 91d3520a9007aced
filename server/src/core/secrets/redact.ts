import { stringEnd } from '../jsonText';
import { isSecretMember } from './rule';
import { SECRET_PLACEHOLDER } from './secrets';

// Secrets never reach logs, error text or traces: the members the rule (rule.ts) calls secret
// are masked in any JSON text we show, print or log (scrub.ts also replaces known secret values).

export const REDACTED = '[redacted]';
const PLACEHOLDER = JSON.stringify(SECRET_PLACEHOLDER);

/** JSON text, or text with JSON in it (an LSP trace line), with the string value of every secret member replaced. */
export function redactJsonText(text: string): string {
  // It scans rather than parses: a message cut short or wrapped in words is still scrubbed, and
  // the layout stays. One frame per open object or array, the root one for loose `"key": value`.
  interface Frame {
    array: boolean;
    at: string | number | undefined;
    /** Inside a secret member (`"authorization": {...}`): every string in it is masked. */
    hidden: boolean;
    key: string | number | undefined;
    index: number;
  }
  const stack: Frame[] = [{ array: false, at: undefined, hidden: false, key: undefined, index: 0 }];
  const special = /["{}[\],]/g;
  let out = '';
  let copied = 0;
  for (let m = special.exec(text); m; m = special.exec(text)) {
    const top = stack[stack.length - 1]!;
    const c = m[0];
    if (c === '"') {
      const end = stringEnd(text, m.index);
      special.lastIndex = end;
      const literal = text.slice(m.index, end);
      const colon = /^\s*:/.exec(text.slice(end, end + 64));
      if (colon && !top.array) {
        top.key = decode(literal);
        continue;
      }
      const key = top.array ? top.index : top.key;
      // The placeholder files hold in a secret's place is no secret: kept, so a file shown stays one that imports.
      const secret = (top.hidden || (key !== undefined && isSecretMember(key, top.at))) && literal !== PLACEHOLDER;
      const replacement = secret ? `"${REDACTED}"` : nested(literal);
      if (replacement !== literal) {
        out += text.slice(copied, m.index) + replacement;
        copied = end;
      }
    } else if (c === '{' || c === '[') {
      const at = top.array ? top.index : top.key;
      const hidden = top.hidden || (at !== undefined && isSecretMember(at, top.at));
      stack.push({ array: c === '[', at, hidden, key: undefined, index: 0 });
    } else if (c === '}' || c === ']') {
      if (stack.length > 1) stack.pop();
    } else if (top.array) top.index++;
    else top.key = undefined;
  }
  return out + text.slice(copied);
}

function decode(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal.slice(1, -1);
  }
}

/** A string holding JSON itself (a document's text in a trace): its secret members masked too. */
function nested(literal: string): string {
  if (!literal.includes('\\"')) return literal;
  let inner: string;
  try {
    inner = JSON.parse(literal) as string;
  } catch {
    return literal;
  }
  const masked = redactJsonText(inner);
  return masked === inner ? literal : JSON.stringify(masked);
}
