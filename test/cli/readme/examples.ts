import { manualPages, type Page } from '../../manual';

// The manual's side of readmeExamples.test.ts: every `tas` command example the manual (README.md
// and the pages of docs/) shows (a line of a code block, or an inline code span that starts with
// `tas `), where it stands, and the text around it, so that what that text says about exit codes
// can be held to what tas does.

export interface Occurrence {
  /** The example as the manual writes it: whitespace collapsed, a table's `\|` read as `|`. */
  text: string;
  /** The page it is on (`README.md`, `docs/cli.md`). */
  page: string;
  /** 1-based line of that page where it starts. */
  line: number;
  heading: string;
  /** The paragraph, list item or table row around an inline example (empty for a code block's line). */
  unit: string;
  /** In a table row of the "Exit codes" section: the code that row is about. */
  rowCode?: number;
  /** A console block's output lines shown after the command. */
  transcript?: string[];
}

/** A line of a code block or a paragraph, list item or table row of the prose. */
interface Unit {
  line: number;
  heading: string;
  text: string;
  table: boolean;
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A page's prose cut into units, and every line of its code blocks with the block's language. */
function parse(readme: string): {
  units: Unit[];
  codeLines: { line: number; heading: string; lang: string; text: string }[];
} {
  const units: Unit[] = [];
  const codeLines: { line: number; heading: string; lang: string; text: string }[] = [];
  let heading = '';
  let lang: string | undefined;
  let open: Unit | undefined;
  const close = () => {
    if (open) units.push(open);
    open = undefined;
  };
  readme.split('\n').forEach((text, i) => {
    const line = i + 1;
    const fence = /^```(\w*)/.exec(text);
    if (fence) {
      close();
      lang = lang === undefined ? fence[1]! : undefined;
      return;
    }
    if (lang !== undefined) return void codeLines.push({ line, heading, lang, text });
    if (/^#{1,6} /.test(text)) {
      close();
      heading = text;
      units.push({ line, heading, text: text.replace(/^#+ /, ''), table: false });
    } else if (text.trim() === '') close();
    else if (text.startsWith('|')) {
      close();
      units.push({ line, heading, text, table: true });
    } else if (/^\s*- /.test(text) || !open) {
      close();
      open = { line, heading, text, table: false };
    } else open.text += `\n${text}`;
  });
  close();
  return { units, codeLines };
}

/** A `tas` command word in a shell command (not `tas.environments`, not a path ending in tas). */
const TAS_WORD = /(^|[\s;&|(])tas(?=\s|$)/;

/** The command of a code block's line, if it runs tas: prompt, YAML `- run:` and comment left out. */
function blockCommands(lang: string, text: string): string[] {
  if (lang === 'console' && !text.startsWith('$ ')) return [];
  const body = text.replace(/^\$ /, '').replace(/^\s*-\s+(run:\s+)?/, '');
  const hash = body.search(/\s#\s/);
  const command = (hash < 0 ? body : body.slice(0, hash)).trim();
  const comment = hash < 0 ? '' : body.slice(hash);
  const found = TAS_WORD.test(command) ? [command] : [];
  // A comment offering another way to do it ("# bash, now; or: tas completion bash > file").
  for (const m of comment.matchAll(/\bor: (tas [^;]*)/g)) found.push(m[1]!.trim());
  return found.map(collapse);
}

/** A heading's words, without its level. */
export const headingWords = (heading: string): string => heading.replace(/^#+ /, '');

/** The code a row of the "Exit codes" table is about. */
function exitRowCode(unit: Unit): number | undefined {
  if (!unit.table || headingWords(unit.heading) !== 'Exit codes') return undefined;
  const m = /^\| *(\d+) *\|/.exec(unit.text);
  return m ? Number(m[1]) : undefined;
}

/** Every tas example of the manual: page by page, in each page's order. */
export function manualExamples(pages: Page[] = manualPages()): Occurrence[] {
  return pages.flatMap((page) => pageExamples(page));
}

function pageExamples({ path: page, text }: Page): Occurrence[] {
  const { units, codeLines } = parse(text);
  const found: Occurrence[] = [];
  codeLines.forEach((c, i) => {
    const transcript: string[] = [];
    if (c.lang === 'console')
      for (
        let j = i + 1;
        j < codeLines.length &&
        codeLines[j]!.line === c.line + transcript.length + 1 &&
        !codeLines[j]!.text.startsWith('$ ');
        j++
      )
        transcript.push(codeLines[j]!.text);
    for (const text of blockCommands(c.lang, c.text))
      found.push({
        text,
        page,
        line: c.line,
        heading: c.heading,
        unit: '',
        ...(transcript.length > 0 && { transcript }),
      });
  });
  for (const u of units) {
    const unit = collapse(u.table ? u.text.replace(/\\\|/g, '|') : u.text);
    for (const m of unit.matchAll(/`([^`]+)`/g)) {
      if (!m[1]!.startsWith('tas ')) continue;
      const rowCode = exitRowCode(u);
      found.push({
        text: collapse(m[1]!),
        page,
        line: u.line,
        heading: u.heading,
        unit,
        ...(rowCode !== undefined && { rowCode }),
      });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Where the unit states an exit code ("exit 5", "exits 1"): the code and its place in the unit. */
export function exitStatements(unit: string): { code: number; at: number }[] {
  return [...unit.matchAll(/\bexit(?:s|ed)? (\d+)\b/g)].map((m) => ({ code: Number(m[1]), at: m.index }));
}

/** The rows of the "Exit codes" table: code to the row's text, flattened. */
export function exitRows(pages: Page[] = manualPages()): Map<number, string> {
  const rows = new Map<number, string>();
  for (const u of pages.flatMap((p) => parse(p.text).units)) {
    const code = exitRowCode(u);
    if (code !== undefined) rows.set(code, collapse(u.text.replace(/\\\|/g, '|')));
  }
  return rows;
}

/** The manual's whole text, whitespace collapsed and `\|` read as `|`, for finding quoted words. */
export function flatManual(pages: Page[] = manualPages()): string {
  return collapse(
    pages
      .map((p) => p.text)
      .join('\n\n')
      .replace(/\\\|/g, '|'),
  );
}
