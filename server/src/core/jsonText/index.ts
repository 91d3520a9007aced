// Reading JSON text: the one module for it. The rest of the core imports this entry, never a file
// of the folder. Which reader serves what:
//
// - jsonc-parser (`parse.ts`: parseJson): the value and the syntax diagnostics of a document, with
//   their positions; the reader to start from for any new need that has no speed budget. It
//   builds the whole value and reads every token, so the scanners below exist only where that
//   costs too much on a large file (the validation, typing and hover budgets in bench/RESULTS.md).
// - `nesting.ts` (boundDepth): the depth limit, run before jsonc-parser, ajv or a walker sees
//   user text: values nested deeper than MAX_DEPTH are blanked, offsets kept.
// - `positions.ts` (locate, locateEach, rangesEach), over `pathScan.ts`, `pathTrie.ts` and
//   `codeUnits.ts`: where a few JSON paths are in a valid text, with lines and characters, in one
//   pass that skips every subtree no path leads into (diagnostics, the outline, links).
// - `cursor.ts` (cursorContext, presentKeys, literalAt): where the cursor is in half-typed text
//   (completion, hover): one loop finds the containers open at the cursor, then jsonc-parser's
//   getLocation reads only the cursor's entry.
// - `tokens.ts` (JsonTokens): the tokens of any text, half-typed included, with their lines and
//   characters and no value built (formatting, folding; selection ranges use jsonc-parser's tree).
// - `duplicateKeys.ts`: keys repeated within one object, which JSON.parse and jsonc-parser both
//   hide (they keep the last); counting proves most texts free of them without the full scan.
// - `strings.ts`: the primitives they share: where a string or a comment ends (half-typed text
//   ends an unterminated string at its line break, valid JSON is read with indexOf), and what a
//   string says.
//
// No two of them do the same job: they differ in what text they take (valid or half-typed), what
// they give (a value, places of some paths, the cursor's place, tokens, repeats) and what they
// cost. A new need takes the one whose job it is, else jsonc-parser.

export { cursorContext, type CursorContext, literalAt, presentKeys } from './cursor';
export { findDuplicateKeys, type KeyCounts, noRepeatedKeys } from './duplicateKeys';
export { boundDepth, deeperThan, MAX_DEPTH, shallowText } from './nesting';
export { parseJson, toDiagnostics } from './parse';
export { type JsonPath, type Located, locate, locateEach, pathKey } from './positions';
export { stringEnd } from './strings';
export { JsonTokens, Tok } from './tokens';
