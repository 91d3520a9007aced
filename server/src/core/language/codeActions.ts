import type { TextDocument } from '../text/textDocument';
import { CodeActionKind, TextEdit, Range, type CodeAction, type ClientDiagnostic as Diagnostic } from '../text/shapes';
import { DiagnosticCode } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import { locate, pathKey } from '../jsonText';
import { SCHEMAS, rootSchema } from '../validation/schemas';
import type { SipRemoval } from '../validation/sipCodes';
import { SECRET_PLACEHOLDER } from '../secrets/secrets';
import { kindWords } from '../sync/identities';
import type { ForeignFixData } from '../liveChecks/foreign';

/** The host's commands a quick fix may name: the host registers them, so it gives their ids. */
export interface FixCommands {
  /** Keeps a counterpart chosen for another environment's reference (the file is not edited: its ids stay its home's). */
  chooseCounterpart: string;
}

/** What the chooseCounterpart command is given. */
export interface CounterpartChoice {
  uri: string;
  home: string;
  kind: ForeignFixData['kind'];
  from: number;
  to: number;
}

// Quick fixes for our diagnostics: update stale names, pick a device in place of an unknown
// one, rename a misspelt field, add a missing required field, write a boolean for its text,
// remove a bad SIP code from its list.

interface FixData {
  path?: (string | number)[];
  replacement?: string;
  replacementId?: number;
  /** Devices to offer for an unknown one, best first. */
  candidates?: { id: number; name?: string }[];
  suggestion?: string;
  missing?: string;
  /** `true` or `false`, for a boolean written as text. */
  literal?: string;
  remove?: SipRemoval;
}

export function codeActions(
  doc: TextDocument,
  kind: FileKind,
  diagnostics: Diagnostic[],
  commands: FixCommands,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const data = (d.data ?? {}) as FixData;
    const fix = (title: string, edits: TextEdit[], preferred = true): CodeAction => ({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: preferred,
      edit: { changes: { [doc.uri]: edits } },
    });
    switch (d.code) {
      case DiagnosticCode.staleDeviceName:
      case DiagnosticCode.staleMsisdn:
      case DiagnosticCode.staleApiClientName:
        if (data.replacement !== undefined)
          actions.push(
            fix(`Update to ${JSON.stringify(data.replacement)}`, [
              TextEdit.replace(d.range, JSON.stringify(data.replacement)),
            ]),
          );
        break;
      case DiagnosticCode.unknownDevice:
        // Names copied beside the id would then be stale: they are fixed by their own warnings.
        for (const c of data.candidates ?? []) {
          const title =
            c.name === undefined ? `Use device ${c.id}` : `Use device ${JSON.stringify(c.name)} (id ${c.id})`;
          actions.push(fix(title, [TextEdit.replace(d.range, String(c.id))], c.id === data.replacementId));
        }
        break;
      case DiagnosticCode.foreignReference: {
        // Each candidate here, remembered as the counterpart (the sync state's `choices`), never written into the file.
        const f = d.data as Partial<ForeignFixData> | undefined;
        if (!f || f.kind === undefined || f.from === undefined || f.home === undefined) break;
        for (const c of f.candidates ?? []) {
          const title = `Use ${kindWords(f.kind)} ${c.name !== undefined ? `${JSON.stringify(c.name)} (id ${c.id})` : c.id} here for ${kindWords(f.kind)} ${f.from} of ${f.home}`;
          const choice: CounterpartChoice = { uri: doc.uri, home: f.home, kind: f.kind, from: f.from, to: c.id };
          actions.push({
            title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [d],
            command: { title, command: commands.chooseCounterpart, arguments: [choice] },
          });
        }
        break;
      }
      case DiagnosticCode.type:
        if (data.literal !== undefined)
          actions.push(fix(`Replace with ${data.literal}`, [TextEdit.replace(d.range, data.literal)]));
        break;
      case DiagnosticCode.sipCodes: {
        const edit = data.remove && sipRemoval(doc, d, data.remove);
        if (edit)
          actions.push(
            fix(data.remove!.code === '' ? 'Remove the empty entry' : `Remove '${data.remove!.code}' from the list`, [
              edit,
            ]),
          );
        break;
      }
      case DiagnosticCode.plaintextSecret:
        actions.push(
          fix('Replace the secret with a placeholder', [TextEdit.replace(d.range, JSON.stringify(SECRET_PLACEHOLDER))]),
        );
        break;
      case DiagnosticCode.unknownFunction:
        if (data.replacement !== undefined)
          actions.push(
            fix(`Use step function '${data.replacement}'`, [
              TextEdit.replace(d.range, JSON.stringify(data.replacement)),
            ]),
          );
        break;
      case DiagnosticCode.unknownField:
      case DiagnosticCode.unknownParameter:
        if (data.suggestion)
          actions.push(
            fix(`Rename to '${data.suggestion}'`, [TextEdit.replace(d.range, JSON.stringify(data.suggestion))]),
          );
        break;
      case DiagnosticCode.required: {
        const edit = data.missing && data.path ? addField(doc, kind, data.path, data.missing) : undefined;
        if (edit) actions.push(fix(`Add missing field '${data.missing}'`, [edit]));
        break;
      }
    }
  }
  const secrets = diagnostics.filter((d) => d.code === DiagnosticCode.plaintextSecret);
  if (secrets.length > 1) {
    actions.push({
      title: `Replace these ${secrets.length} secrets with placeholders`,
      kind: CodeActionKind.QuickFix,
      diagnostics: secrets,
      edit: {
        changes: { [doc.uri]: secrets.map((d) => TextEdit.replace(d.range, JSON.stringify(SECRET_PLACEHOLDER))) },
      },
    });
  }
  return actions;
}

/** Deletes a SIP code and its comma, if the text there is still what the diagnostic saw. */
function sipRemoval(doc: TextDocument, d: Diagnostic, r: SipRemoval): TextEdit | undefined {
  const start = doc.offsetAt(d.range.start);
  const range = Range.create(doc.positionAt(start + r.from), doc.positionAt(start + r.to));
  return doc.getText(range) === r.text ? TextEdit.del(range) : undefined;
}

/** Inserts `"field": <empty value>` as the first property of the object at `path`. */
function addField(doc: TextDocument, kind: FileKind, path: (string | number)[], field: string): TextEdit | undefined {
  const text = doc.getText();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const at = locate(text, [path]).get(pathKey(path));
  if (!at || text[at.value.start] !== '{') return undefined;
  let obj = value;
  for (const seg of path) obj = (obj as Record<string | number, unknown>)[seg];
  const hasProps = obj !== null && typeof obj === 'object' && Object.keys(obj).length > 0;
  const schema = SCHEMAS.at(rootSchema(kind), [...path, field]);
  const empty =
    schema?.type === 'integer' || schema?.type === 'number'
      ? '0'
      : schema?.type === 'boolean'
        ? 'false'
        : schema?.type === 'array'
          ? '[]'
          : schema?.type === 'object'
            ? '{}'
            : '""';
  const open = doc.positionAt(at.value.start + 1);
  const line = doc.getText(Range.create(open.line, 0, open.line, open.character));
  const indent = (/^\s*/.exec(line)?.[0] ?? '') + '  ';
  return TextEdit.insert(
    open,
    `\n${indent}${JSON.stringify(field)}: ${empty}${hasProps ? ',' : '\n' + indent.slice(2)}`,
  );
}
