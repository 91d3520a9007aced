import type { TextDocument } from '../text/textDocument';
import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  TextEdit,
  type CompletionItem,
  type Position,
  type Range,
} from '../text/shapes';
import type { FileKind } from '../document/fileKind';
import { cursorContext, literalAt, presentKeys } from '../jsonText';
import type { ApiClientInfo, DeviceInfo, TraceFilterInfo } from '../liveChecks/referenceData';
import { SCHEMAS, rootSchema } from '../validation/schemas';
import type { Schema } from '../validation/schemaNav';
import type { Path } from '../document/testCaseModel';
import { ENTITY_KIND_WORDS, type ReferenceKind } from '../model/entityKinds';

// Completion: property names and values from the schema, device and trace-filter ids from the
// service, a step function's parameters, and snippets for a new test case, step and filter.

export interface StepFunction {
  name: string;
  description?: string;
  params: { name: string; type?: string; required?: boolean; description?: string }[];
}

export interface CompletionData {
  devices?: Map<number, DeviceInfo>;
  traceFilters?: Map<number, TraceFilterInfo>;
  /** The function of the step the cursor is in, when known to the service. */
  stepFunction?: StepFunction;
  /** The step functions the service is known to have, for a step's `function` value. */
  functions?: StepFunction[];
  apiClients?: Map<number, ApiClientInfo>;
  /**
   * The file's ids belong to another environment (`home`): its recorded ids whose counterpart
   * here is single (counterpart.ts `homeIdsHere`). Those are offered, never this environment's ids.
   */
  foreign?: { home: string; ids: { homeId: number; hereId: number }[] };
  /** The service cannot be reached: the lists above are the ones last read, "as of 14:02 (service unreachable)". */
  asOf?: string;
}

/** A detail with the time of the list it came from, when that is a kept one. */
function marked(detail: string | undefined, data: CompletionData): string | undefined {
  return data.asOf ? [detail, data.asOf].filter(Boolean).join(' · ') : detail;
}

const REFERENCE_FIELDS: Record<string, ReferenceKind> = {
  mobileDeviceId: 'mobileDevice',
  traceFilterId: 'traceFilter',
  apiClientId: 'apiClient',
};

/** What the completion at a position needs from the service, so the host can fetch only that. */
export function completionNeeds(
  doc: TextDocument,
  position: Position,
): {
  stepFunction?: string;
  functionNames?: boolean;
  apiClients?: boolean;
  reference?: { kind: ReferenceKind; path: Path };
} {
  const ctx = cursorContext(doc, position);
  const path = ctx.location.path;
  const last = path[path.length - 1];
  const reference = !ctx.location.isAtPropertyKey && typeof last === 'string' ? REFERENCE_FIELDS[last] : undefined;
  if (reference === 'apiClient') return { apiClients: true, reference: { kind: reference, path } };
  if (reference) return { reference: { kind: reference, path } };
  if (!ctx.location.isAtPropertyKey && isStepField(path, 'function')) return { functionNames: true };
  const i = path.lastIndexOf('params');
  if (i >= 2 && path[i - 2] === 'testStepList' && typeof path[i - 1] === 'number') {
    const fn = literalAt(ctx, path.slice(0, i), 'function');
    if (typeof fn === 'string' && fn !== '') return { stepFunction: fn };
  }
  return {};
}

export function complete(
  doc: TextDocument,
  kind: FileKind,
  position: Position,
  data: CompletionData,
): CompletionItem[] {
  const ctx = cursorContext(doc, position);
  const { location } = ctx;
  const path = location.path;
  if (ctx.outOfReach) return [];
  if (ctx.empty)
    return kind === 'bundle'
      ? [snippet('New export bundle', `[\n\t${NEW_CASE}\n]`)]
      : [snippet('New test case', NEW_CASE)];
  const root = rootSchema(kind);

  if (location.isAtPropertyKey) {
    const parent = path.slice(0, -1);
    if (data.stepFunction && parent[parent.length - 1] === 'params') {
      const present = presentKeys(
        ctx,
        parent,
        data.stepFunction.params.map((p) => p.name),
      );
      return data.stepFunction.params
        .filter((p) => !present.has(p.name))
        .map((p, i) => ({
          label: p.name,
          kind: CompletionItemKind.Property,
          detail: marked(
            `${p.type ?? 'value'}${p.required ? ', required' : ''}: ${data.stepFunction!.name} parameter`,
            data,
          ),
          documentation: p.description ? { kind: MarkupKind.Markdown, value: p.description } : undefined,
          sortText: `${p.required ? 0 : 1}${String(i).padStart(3, '0')}`,
          textEdit: TextEdit.replace(
            ctx.replace,
            `"${p.name}": ${placeholder(p.type === 'integer' ? { type: 'integer' } : p.type === 'boolean' ? { type: 'boolean' } : { type: 'string' })}`,
          ),
          insertTextFormat: InsertTextFormat.Snippet,
        }));
    }
    const props = SCHEMAS.propertiesAt(root, parent);
    const present = presentKeys(ctx, parent, Object.keys(props));
    const required = new Set(SCHEMAS.at(root, parent)?.required ?? []);
    return Object.entries(props)
      .filter(([name]) => !present.has(name) && name !== '$schema')
      .map(([name, schema]) => {
        const s = SCHEMAS.resolve(schema, root).schema;
        return {
          label: name,
          kind: CompletionItemKind.Property,
          detail: typeLabel(s) + (required.has(name) ? ' (required)' : ''),
          documentation: docOf(s),
          sortText: `${required.has(name) ? 0 : 1}${name}`,
          textEdit: TextEdit.replace(ctx.replace, `"${name}": ${placeholder(s)}`),
          insertTextFormat: InsertTextFormat.Snippet,
        };
      });
  }

  const last = path[path.length - 1];
  if (data.functions && isStepField(path, 'function')) return functionItems(ctx, path, data.functions, data);
  if (data.foreign && typeof last === 'string' && REFERENCE_FIELDS[last])
    return foreignItems(ctx.replace, REFERENCE_FIELDS[last], data.foreign, data);
  if (last === 'mobileDeviceId' && data.devices) {
    return [...data.devices.values()].map((d) => ({
      label: d.name ?? `Device ${d.id}`,
      kind: CompletionItemKind.Reference,
      detail: marked(
        [d.msisdn, d.platformName, d.testNodeName ?? (d.testNodeId !== undefined ? `node ${d.testNodeId}` : undefined)]
          .filter(Boolean)
          .join(' · '),
        data,
      ),
      filterText: `${d.id} ${d.name ?? ''} ${d.msisdn ?? ''}`,
      sortText: String(d.id).padStart(9, '0'),
      textEdit: TextEdit.replace(ctx.replace, String(d.id)),
      labelDetails: { description: `id ${d.id}` },
    }));
  }
  if (last === 'apiClientId' && data.apiClients) {
    return [...data.apiClients.values()].map((a) => ({
      label: a.name ?? `API client ${a.id}`,
      kind: CompletionItemKind.Reference,
      detail: marked([a.httpMethod, a.serverURL].filter(Boolean).join(' '), data),
      filterText: `${a.id} ${a.name ?? ''}`,
      sortText: String(a.id).padStart(9, '0'),
      textEdit: TextEdit.replace(ctx.replace, String(a.id)),
      labelDetails: { description: `id ${a.id}` },
    }));
  }
  if (last === 'traceFilterId' && data.traceFilters) {
    return [...data.traceFilters.values()].map((f) => ({
      label: f.name ?? `Trace filter ${f.id}`,
      kind: CompletionItemKind.Reference,
      detail: marked(f.filter, data),
      filterText: `${f.id} ${f.name ?? ''}`,
      sortText: String(f.id).padStart(9, '0'),
      textEdit: TextEdit.replace(ctx.replace, String(f.id)),
      labelDetails: { description: `id ${f.id}` },
    }));
  }
  if (typeof last === 'number') {
    const list = path[path.length - 2];
    if (list === 'testStepList') return [snippet('New step', NEW_STEP)];
    if (list === 'traceFilters') return [snippet('New trace filter entry', NEW_TRACE_FILTER)];
    if (list === 'sipTraceFilters') return [snippet('New SIP trace filter entry', NEW_SIP_FILTER)];
    if (kind === 'bundle' && path.length === 1) return [snippet('New test case', NEW_CASE)];
  }
  const schema = SCHEMAS.at(root, path);
  if (!schema) return [];
  const values = schema.enum ?? (typeIs(schema, 'boolean') ? [true, false] : []);
  return values.map((v) => ({
    label: JSON.stringify(v),
    kind: CompletionItemKind.Value,
    textEdit: TextEdit.replace(ctx.replace, JSON.stringify(v)),
  }));
}

/** The path ends at a field of a step (`testStepList[n].field`). */
function isStepField(path: readonly (string | number)[], field: string): boolean {
  const n = path.length;
  return n >= 3 && path[n - 1] === field && typeof path[n - 2] === 'number' && path[n - 3] === 'testStepList';
}

/** Step function names with their description; a newly chosen one (no `params` yet) brings its required parameters. */
function functionItems(
  ctx: ReturnType<typeof cursorContext>,
  path: readonly (string | number)[],
  functions: StepFunction[],
  data: CompletionData,
): CompletionItem[] {
  const hasParams = presentKeys(ctx, path.slice(0, -1), ['params']).has('params');
  const esc = (t: string) => t.replace(/[$}\\]/g, '\\$&');
  return functions.map((f) => {
    const required = f.params.filter((p) => p.required);
    const params = required.map(
      (p, i) =>
        `"${esc(p.name)}": ${p.type === 'integer' || p.type === 'number' ? `\${${i + 1}:0}` : p.type === 'boolean' ? `\${${i + 1}|false,true|}` : `"$${i + 1}"`}`,
    );
    const text =
      esc(JSON.stringify(f.name)) + (!hasParams && params.length ? `, "params": { ${params.join(', ')} }` : '');
    return {
      label: f.name,
      kind: CompletionItemKind.Function,
      detail: marked(
        required.length ? `requires ${required.map((p) => p.name).join(', ')}` : 'no required parameters',
        data,
      ),
      documentation: f.description ? { kind: MarkupKind.Markdown, value: f.description } : undefined,
      textEdit: TextEdit.replace(ctx.replace, text),
      insertTextFormat: InsertTextFormat.Snippet,
    };
  });
}

/** A new test case as a snippet: one step, the cursor on the name (also the New Test Case command's). */
export const NEW_CASE = [
  '{',
  '\t"name": "${1:New test case}",',
  '\t"description": "${2}",',
  '\t"tags": "${3}",',
  '\t"disabled": false,',
  '\t"testStepList": [',
  '\t\t{ "function": "${4:WAIT}", "params": { "seconds": ${5:5} } }',
  '\t],',
  '\t"traceFilters": [],',
  '\t"sipTraceFilters": []',
  '}',
].join('\n');
const NEW_STEP = '{ "function": "${1:CALL}", "mobileDeviceId": ${2:1}, "params": {$3} }';
const NEW_TRACE_FILTER = '{ "mobileDeviceId": ${1:1}, "traceFilterId": ${2:1} }';
const NEW_SIP_FILTER = '{ "mobileDeviceId": ${1:1}, "sipMessageCodes": "${2:180,183,200}" }';

function snippet(label: string, body: string): CompletionItem {
  return {
    label,
    kind: CompletionItemKind.Snippet,
    insertText: body,
    insertTextFormat: InsertTextFormat.Snippet,
    sortText: ' ',
  };
}

function typeIs(s: Schema, t: string): boolean {
  return s.type === t || (Array.isArray(s.type) && s.type.includes(t));
}

function typeLabel(s: Schema): string {
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return s.type ?? 'value';
}

function placeholder(s: Schema): string {
  if (typeIs(s, 'string')) return '"$1"';
  if (typeIs(s, 'boolean')) return '${1|false,true|}';
  if (typeIs(s, 'array')) return '[$1]';
  if (typeIs(s, 'object')) return '{$1}';
  return '$1';
}

export function docOf(s: Schema): { kind: 'markdown'; value: string } | undefined {
  const text = s.markdownDescription ?? s.description;
  return text ? { kind: MarkupKind.Markdown, value: text } : undefined;
}

/** In a file of another environment: its home ids, each named by its counterpart here; inserting the home id keeps the file's ids its home's. */
function foreignItems(
  replace: Range,
  kind: ReferenceKind,
  foreign: NonNullable<CompletionData['foreign']>,
  data: CompletionData,
): CompletionItem[] {
  const list: Map<number, { name?: string; msisdn?: string }> | undefined =
    kind === 'mobileDevice' ? data.devices : kind === 'traceFilter' ? data.traceFilters : data.apiClients;
  return foreign.ids.map(({ homeId, hereId }) => {
    const here = list?.get(hereId);
    return {
      label: here?.name ?? `${ENTITY_KIND_WORDS[kind]} ${hereId}`,
      kind: CompletionItemKind.Reference,
      detail: [here?.msisdn, `here: ${ENTITY_KIND_WORDS[kind]} ${hereId}`].filter(Boolean).join(' · '),
      filterText: `${homeId} ${here?.name ?? ''} ${here?.msisdn ?? ''}`,
      sortText: String(homeId).padStart(9, '0'),
      textEdit: TextEdit.replace(replace, String(homeId)),
      labelDetails: { description: `id ${homeId} in ${foreign.home}` },
    };
  });
}
