// Writes the Commands and Settings tables of docs/reference.md from package.json, between the
// page's marker comments, so that the manual cannot miss a command or a setting, nor keep one
// that is gone, nor give another default or range. The words of each command come from
// commandTexts.mjs (package.json has none); a command without them stops the script.
//
//   node scripts/docTables.mjs           write the tables
//   node scripts/docTables.mjs --check   exit 1 when the page differs from what would be written
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMAND_TEXTS } from './commandTexts.mjs';

export const PAGE = 'docs/reference.md';

/** A cell's text: a `|` would end the cell. */
const cell = (text) => String(text).replace(/\|/g, '\\|');
const code = (value) => `\`${value}\``;
/** A table row; an empty cell stays empty. */
const row = (cells) => `|${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`;

/** Words joined as a list: `a`, `b` or `c`. */
const either = (words) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

export function commandsTable(pkg, texts = COMMAND_TEXTS) {
  const hidden = new Set(
    (pkg.contributes.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command),
  );
  const commands = pkg.contributes.commands;
  const unknown = Object.keys(texts).filter((id) => !commands.some((c) => c.command === id));
  const missing = commands.filter((c) => !texts[c.command]).map((c) => c.command);
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `scripts/commandTexts.mjs must say what each command of package.json does: ${missing.length > 0 ? `add ${missing.join(', ')}` : ''}${missing.length > 0 && unknown.length > 0 ? '; ' : ''}${unknown.length > 0 ? `remove ${unknown.join(', ')} (not in package.json)` : ''}`,
    );
  }
  const rows = commands.map((c) => {
    const title = c.category ? `${c.category}: ${c.title}` : c.title;
    const where = hidden.has(c.command) ? ' Not in the Command Palette.' : '';
    return row([cell(title), code(c.command), cell(texts[c.command] + where)]);
  });
  return ['| Command | Id | What it does |', '|---|---|---|', ...rows].join('\n');
}

/** A default as a setting's JSON would write it; a non-empty text as itself. */
function defaultOf(p) {
  if (p.default === undefined) return '';
  return typeof p.default === 'string' && p.default !== '' ? code(p.default) : code(JSON.stringify(p.default));
}

/** What a setting does: its description, its choices, the fields of its items, where it may be set. */
function wordsOf(p) {
  const words = [p.markdownDescription ?? p.description ?? ''];
  if (p.enum) words.push(`One of ${either(p.enum.map(code))}.`);
  const fields = p.items?.properties;
  if (fields) {
    const described = Object.entries(fields).map(([name, f]) => {
      const notes = [
        f.enum ? either(f.enum.map(code)) : '',
        f.default !== undefined ? `default ${defaultOf(f)}` : '',
      ].filter((n) => n !== '');
      const required = p.items.required?.includes(name) ? '' : ' (optional)';
      return `${code(name)}${notes.length > 0 ? ` (${notes.join('; ')})` : required}`;
    });
    words.push(`Each item: ${described.join(', ')}.`);
  }
  if (p.scope === 'application') words.push('User settings only: never read from a workspace.');
  return words.filter((w) => w !== '').join(' ');
}

export function settingsTable(pkg) {
  const rows = Object.entries(pkg.contributes.configuration.properties).map(([name, p]) => {
    const range = p.minimum !== undefined || p.maximum !== undefined ? `${p.minimum ?? ''} to ${p.maximum ?? ''}` : '';
    return row([code(name), cell(defaultOf(p)), range, cell(wordsOf(p))]);
  });
  return ['| Setting | Default | Range | What it does |', '|---|---|---|---|', ...rows].join('\n');
}

const begin = (name) =>
  `<!-- ${name} table: written by scripts/docTables.mjs from package.json and scripts/commandTexts.mjs; edit them, not this -->`;
const end = (name) => `<!-- end of the ${name} table -->`;

/** The page with each table between its markers replaced by what package.json gives. */
export function withTables(page, pkg, texts = COMMAND_TEXTS) {
  const tables = { commands: commandsTable(pkg, texts), settings: settingsTable(pkg) };
  let out = page;
  for (const [name, table] of Object.entries(tables)) {
    const from = out.indexOf(begin(name));
    const to = out.indexOf(end(name));
    if (from < 0 || to < from)
      throw new Error(`${PAGE} lacks the markers of the ${name} table: ${begin(name)} ... ${end(name)}`);
    out = `${out.slice(0, from + begin(name).length)}\n\n${table}\n\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const path = new URL(`../${PAGE}`, import.meta.url);
  const page = readFileSync(path, 'utf8');
  const written = withTables(page, pkg);
  if (process.argv.includes('--check')) {
    if (written !== page) {
      console.error(
        `${PAGE}: the Commands or Settings table differs from package.json. Run: node scripts/docTables.mjs`,
      );
      process.exit(1);
    }
  } else if (written !== page) writeFileSync(path, written);
}
