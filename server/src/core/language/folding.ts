import { parseTree, findNodeAtOffset, type Node } from 'jsonc-parser';
import type { TextDocument } from '../text/textDocument';
import type { Position } from '../text/shapes';
import type { FoldingRange, SelectionRange } from '../text/editingShapes';
import { JsonTokens, Tok, boundDepth } from '../jsonText';

// Folding ranges for every object and array that spans lines (and for block comments), and
// selection ranges (expand selection: string content, value, `"key": value`, the container, ...).

/**
 * Every object and array over more than one line folds from its opening line to the line before
 * its closing bracket (so the bracket stays in sight), or to the closing line when something
 * precedes the bracket there. Innermost last; at most `limit` ranges, outermost kept first.
 */
export function foldingRanges(doc: TextDocument, limit = Infinity): FoldingRange[] {
  const t = new JsonTokens(doc.getText());
  const open: number[] = [];
  const out: FoldingRange[] = [];
  for (let kind = t.next(); kind !== Tok.End; kind = t.next()) {
    if (kind === Tok.Open) open.push(t.line);
    else if (kind === Tok.Close) {
      const startLine = open.pop();
      if (startLine === undefined) continue;
      const endLine = t.gapHasNewline ? t.line - 1 : t.line;
      if (endLine > startLine) out.push({ startLine, endLine });
    } else if (kind === Tok.BlockComment) {
      const endLine = t.line + lineBreaksIn(t.text, t.start, t.end);
      if (endLine > t.line) out.push({ startLine: t.line, endLine, kind: 'comment' });
    }
  }
  // Found innermost first (closing order); clients want them by start, and when a limit cuts,
  // the outer ones matter more.
  out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  return out.length > limit ? out.slice(0, limit) : out;
}

function lineBreaksIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** For each position, the ranges around it from the innermost out, as LSP chains them. */
export function selectionRanges(doc: TextDocument, positions: Position[]): SelectionRange[] {
  const text = boundDepth(doc.getText()).text;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return positions.map((p) => {
    const offset = doc.offsetAt(p);
    const here: SelectionRange = { range: { start: p, end: p } };
    if (!root) return here;
    const spans: [number, number][] = [];
    let node: Node | undefined = findNodeAtOffset(root, offset, true);
    // Between tokens (on a comma, in whitespace): the innermost container around the offset.
    if (!node || offset < node.offset || offset > node.offset + node.length) node = containerAt(root, offset);
    for (; node; node = node.parent) {
      if (node.type === 'string' && node.length >= 2 && offset > node.offset && offset < node.offset + node.length) {
        spans.push([node.offset + 1, node.offset + node.length - 1]);
      }
      spans.push([node.offset, node.offset + node.length]);
    }
    let chain: SelectionRange | undefined;
    let last: [number, number] | undefined;
    for (const span of spans.reverse()) {
      if (last && last[0] === span[0] && last[1] === span[1]) continue;
      last = span;
      chain = {
        range: { start: doc.positionAt(span[0]), end: doc.positionAt(span[1]) },
        ...(chain && { parent: chain }),
      };
    }
    return chain ?? here;
  });
}

function containerAt(root: Node, offset: number): Node | undefined {
  let node: Node | undefined = root;
  if (offset < root.offset || offset > root.offset + root.length) return undefined;
  for (;;) {
    const child: Node | undefined = node.children?.find((c) => offset >= c.offset && offset <= c.offset + c.length);
    if (!child || (child.type !== 'object' && child.type !== 'array' && child.type !== 'property')) return node;
    node = child;
  }
}
