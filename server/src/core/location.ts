import { getLocation, parseTree, findNodeAtLocation, type Node, type Location } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Range, type Position } from 'vscode-languageserver-types';

// Where the cursor is in a document that may be half-typed: jsonc-parser is tolerant of errors.

export interface CursorContext {
  location: Location;
  /** Tolerant tree of the whole document (undefined for empty text). */
  tree: Node | undefined;
  offset: number;
  /** The range the completion replaces: the token under the cursor, or empty at the cursor. */
  replace: Range;
}

// One request asks several times for the same position (a hover: what it is about, then the
// hover itself), and requests follow each other on one text; a whole tree of a 1 MB bundle costs
// about 100 ms, so the last tree and the last context are kept (compared by text, never stale).
let lastTree: { text: string; tree: Node | undefined } | undefined;
let lastContext: { text: string; offset: number; ctx: CursorContext } | undefined;

export function cursorContext(doc: TextDocument, position: Position): CursorContext {
  const text = doc.getText();
  const offset = doc.offsetAt(position);
  if (lastContext && lastContext.offset === offset && lastContext.text === text) return lastContext.ctx;
  const ctx = computeContext(doc, text, offset, position);
  lastContext = { text, offset, ctx };
  return ctx;
}

function computeContext(doc: TextDocument, text: string, offset: number, position: Position): CursorContext {
  const location = getLocation(text, offset);
  // jsonc-parser leaves isAtPropertyKey set after an empty object (`"params": {}`) closes; at an
  // array item position (the path ends in an index) the cursor can never be on a property key.
  if (location.isAtPropertyKey && typeof location.path[location.path.length - 1] === 'number') location.isAtPropertyKey = false;
  const tree = lastTree?.text === text ? lastTree.tree : parseTree(text, undefined, { disallowComments: true });
  lastTree = { text, tree };
  const prev = location.previousNode;
  const onToken = prev && offset >= prev.offset && offset <= prev.offset + prev.length && prev.type !== 'object' && prev.type !== 'array';
  const replace = onToken
    ? Range.create(doc.positionAt(prev.offset), doc.positionAt(prev.offset + prev.length))
    : Range.create(position, position);
  return { location, tree, offset, replace };
}

/** Property names already present in the object at `path`. */
export function existingKeys(tree: Node | undefined, path: (string | number)[]): Set<string> {
  const node = tree && (path.length === 0 ? tree : findNodeAtLocation(tree, path));
  const keys = new Set<string>();
  if (node?.type === 'object') {
    for (const prop of node.children ?? []) {
      const key: unknown = prop.children?.[0]?.value;
      if (typeof key === 'string') keys.add(key);
    }
  }
  return keys;
}

/** The tolerant value of a node at `path`, or undefined. */
export function valueAt(tree: Node | undefined, path: (string | number)[]): unknown {
  const node = tree && (path.length === 0 ? tree : findNodeAtLocation(tree, path));
  return node ? nodeValue(node) : undefined;
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries((node.children ?? []).flatMap((p) => (p.children?.length === 2 ? [[p.children[0]!.value as string, nodeValue(p.children[1]!)]] : [])));
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value as unknown;
  }
}
