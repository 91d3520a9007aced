import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

// The test cases of a file and what an execution's log says, as plain functions without
// `vscode`, so they are unit-tested as they are.

export interface CaseInFile {
  /** Position in a bundle; absent for a single test-case file. */
  index?: number;
  name?: string;
  /** Where the case's object starts and ends, as offsets into the text. */
  start: number;
  end: number;
}

const nameOf = (node: Node | undefined): string | undefined => {
  const n = node && findNodeAtLocation(node, ['name']);
  return n?.type === 'string' && typeof n.value === 'string' && n.value.trim() !== '' ? n.value : undefined;
};

/** A single test case, or each object of a bundle's array; text being edited yields what parses. */
export function casesIn(text: string, bundle: boolean): CaseInFile[] {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return bundle ? [] : [{ start: 0, end: text.length }];
  if (!bundle) {
    const name = root.type === 'object' ? nameOf(root) : undefined;
    return [{ start: root.offset, end: root.offset + root.length, ...(name !== undefined && { name }) }];
  }
  if (root.type !== 'array') return [];
  return (root.children ?? []).map((child, index) => {
    const name = child.type === 'object' ? nameOf(child) : undefined;
    return { index, start: child.offset, end: child.offset + child.length, ...(name !== undefined && { name }) };
  });
}

/** Where step `step` (1-based) of a case is in the text: the step's object in its testStepList. */
export function stepOffset(
  text: string,
  index: number | undefined,
  step: number,
): { start: number; end: number } | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (!root) return undefined;
  const node = findNodeAtLocation(root, [...(index !== undefined ? [index] : []), 'testStepList', step - 1]);
  return node ? { start: node.offset, end: node.offset + node.length } : undefined;
}

/** The log lines of an execution's details text (between "Log (...):" and the blank line after). */
export function logLines(details: string): string[] {
  const lines = details.split('\n');
  const head = lines.findIndex((l) => /^Log \(\d+ (entry|entries)\):$/.test(l));
  if (head < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(head + 1)) {
    if (l === '') break;
    if (l !== '(the service sent no log)') out.push(l);
  }
  return out;
}

export interface FailedStep {
  step: number;
  of: number;
  name: string;
  line: string;
}

/** The step a failed execution failed at, from the log ("Step 3/7 HANGUP: failed"), if it says. */
export function failedStep(log: readonly string[]): FailedStep | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const line = log[i]!;
    const m = /\bStep (\d+)\/(\d+) (.*?):? failed\b/i.exec(line);
    if (m) return { step: Number(m[1]), of: Number(m[2]), name: m[3]!, line };
  }
  return undefined;
}

/** Run output lines end with CRLF (the test output is a terminal). */
export const crlf = (lines: readonly string[]): string => lines.map((l) => `${l}\r\n`).join('');
