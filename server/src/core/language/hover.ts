import type { TextDocument } from '../text/textDocument';
import { MarkupKind, Range, type Hover, type Position } from '../text/shapes';
import type { StepFunction } from './completion';
import type { FileKind } from '../document/fileKind';
import { cursorContext, literalAt } from '../jsonText';
import type { ApiClientInfo, DeviceInfo, TraceFilterInfo } from '../liveChecks/referenceData';
import { SCHEMAS, rootSchema } from '../validation/schemas';
import { identityWords, type Identity } from '../sync/identities';
import { ENTITY_KIND_WORDS, syncReferenceKind, type ReferenceKind } from '../model/entityKinds';
import type { Path } from '../document/testCaseModel';

// Hovers: the schema's description of a field; the live record behind a device or trace-filter
// reference; a step function's parameter descriptions.

export interface HoverData {
  device?: DeviceInfo & { status?: string };
  traceFilter?: TraceFilterInfo;
  apiClient?: ApiClientInfo;
  stepFunction?: StepFunction;
  /** The service could not be asked; the reason is shown instead of a record. */
  unavailable?: string;
  /** The service cannot be reached: the record above is from the list last read, "as of 14:02 (service unreachable)". */
  asOf?: string;
  /**
   * The file's ids belong to another environment (`home`): who the id is there, and its
   * candidates here (counterpart.ts). With one, the record above is that counterpart's.
   */
  foreign?: { home: string; who?: Identity; candidates: number[]; chosen?: boolean };
  /** On a test case's name: its history (Markdown), shown above the schema's description. */
  history?: string;
}

export type HoverTarget =
  { kind: ReferenceKind; id: number; path: Path } | { kind: 'stepFunction'; name: string } | { kind: 'schema' };

/**
 * The test case whose `name` (key or value) is at `position`: a single test-case file's own
 * (no index), or a bundle item's; undefined elsewhere. Its history belongs in that hover.
 */
export function caseNameAt(doc: TextDocument, kind: FileKind, position: Position): { index?: number } | undefined {
  const path = cursorContext(doc, position).location.path;
  if (kind === 'testCase' && path.length === 1 && path[0] === 'name') return {};
  if (kind === 'bundle' && path.length === 2 && typeof path[0] === 'number' && path[1] === 'name')
    return { index: path[0] };
  return undefined;
}

/** What the hover at a position is about, so the host fetches only what it needs. */
export function hoverTarget(doc: TextDocument, position: Position): HoverTarget {
  const ctx = cursorContext(doc, position);
  const path = ctx.location.path;
  const last = path[path.length - 1];
  const node = ctx.location.previousNode;
  if (!ctx.location.isAtPropertyKey && typeof node?.value === 'number') {
    if (last === 'mobileDeviceId') return { kind: 'mobileDevice', id: node.value, path };
    if (last === 'traceFilterId') return { kind: 'traceFilter', id: node.value, path };
    if (last === 'apiClientId') return { kind: 'apiClient', id: node.value, path };
  }
  const fnIndex = path.lastIndexOf('testStepList');
  if (
    fnIndex >= 0 &&
    typeof path[fnIndex + 1] === 'number' &&
    (last === 'function' || path[fnIndex + 2] === 'params')
  ) {
    const fn = literalAt(ctx, path.slice(0, fnIndex + 2), 'function');
    if (typeof fn === 'string' && fn !== '') return { kind: 'stepFunction', name: fn };
  }
  return { kind: 'schema' };
}

export function hover(doc: TextDocument, kind: FileKind, position: Position, data: HoverData): Hover | undefined {
  const ctx = cursorContext(doc, position);
  const node = ctx.location.previousNode;
  if (!node) return undefined;
  const range = Range.create(doc.positionAt(node.offset), doc.positionAt(node.offset + node.length));
  const path = ctx.location.path;
  const target = hoverTarget(doc, position);
  // A record from a list kept while the service cannot be reached says when it was read.
  const asOf = data.asOf
    ? `\n\n_${data.asOf.charAt(0).toUpperCase()}${data.asOf.slice(1)}: the list as last read._`
    : '';
  const md = (value: string, kept = false): Hover => ({
    contents: { kind: MarkupKind.Markdown, value: kept ? value + asOf : value },
    range,
  });

  if (target.kind === 'mobileDevice' || target.kind === 'traceFilter' || target.kind === 'apiClient') {
    const f = data.foreign;
    if (!f) return md(recordMarkdown(target.kind, target.id, data), true);
    const intro = `This file's ids belong to ${f.home}: ${ENTITY_KIND_WORDS[target.kind]} ${target.id} is ${identityWords(syncReferenceKind(target.kind), f.who)} there.`;
    if (f.candidates.length === 1) {
      const here = f.candidates[0]!;
      return md(
        `${intro} Here its counterpart is ${ENTITY_KIND_WORDS[target.kind]} ${here}${f.chosen ? ' (chosen)' : ''}, which an import sends:\n\n${recordMarkdown(target.kind, here, data)}`,
      );
    }
    const none = f.who
      ? 'No record here has it'
      : 'Its identity was never recorded (export or refresh the file from there once)';
    return md(
      `${intro}\n\n${f.candidates.length === 0 ? none : `${f.candidates.length} records here have it (${f.candidates.join(', ')}): choose one with the quick fix`}. Importing the file here stops at this reference.`,
    );
  }
  if (target.kind === 'stepFunction' && data.stepFunction) {
    const fn = data.stepFunction;
    const last = path[path.length - 1];
    const param = fn.params.find((p) => p.name === last);
    if (param && ctx.location.isAtPropertyKey) {
      return md(
        `**${param.name}** (${param.type ?? 'value'}${param.required ? ', required' : ''}): parameter of ${fn.name}\n\n${param.description ?? ''}`,
        true,
      );
    }
    if (last === 'function' && !ctx.location.isAtPropertyKey) {
      const params = fn.params.map(
        (p) => `- \`${p.name}\`${p.required ? ' (required)' : ''}: ${p.description ?? p.type ?? ''}`,
      );
      return md(
        [
          `**${fn.name}**`,
          '',
          fn.description ?? '',
          '',
          params.length ? 'Parameters:' : 'No parameters.',
          ...params,
        ].join('\n'),
        true,
      );
    }
  }
  const schema = SCHEMAS.at(rootSchema(kind), path);
  const text = schema?.markdownDescription ?? schema?.description;
  const name = path[path.length - 1];
  const described = text && (typeof name === 'string' ? `**${name}**\n\n${text}` : text);
  if (data.history) return md(described ? `${data.history}\n\n---\n\n${described}` : data.history);
  return described ? md(described) : undefined;
}

/** A device, trace filter or API client of this environment as a hover shows it. */
function recordMarkdown(kind: ReferenceKind, id: number, data: HoverData): string {
  if (kind === 'mobileDevice') {
    if (data.unavailable) return `**Mobile device ${id}**\n\nNot verified: ${data.unavailable}`;
    const d = data.device;
    if (!d) return `**Mobile device ${id}** does not exist on the service.`;
    return [
      `**${d.name ?? `Mobile device ${d.id}`}** (device ${d.id})`,
      '',
      row('MSISDN', d.msisdn),
      row('IMSI', d.imsi),
      row('Platform', d.platformName),
      row('Test node', d.testNodeName ?? (d.testNodeId !== undefined ? String(d.testNodeId) : undefined)),
      row('Model', d.deviceModelName),
      row('Status', d.status),
    ]
      .filter((l) => l !== undefined)
      .join('\n');
  }
  if (kind === 'traceFilter') {
    if (data.unavailable) return `**Trace filter ${id}**\n\nNot verified: ${data.unavailable}`;
    const f = data.traceFilter;
    if (!f) return `**Trace filter ${id}** does not exist on the service.`;
    return `**${f.name ?? `Trace filter ${f.id}`}** (trace filter ${f.id})\n\nFilter: \`${f.filter ?? ''}\``;
  }
  if (data.unavailable) return `**API client ${id}**\n\nNot verified: ${data.unavailable}`;
  const a = data.apiClient;
  if (!a) return `**API client ${id}** does not exist on the service.`;
  // Only these four: never the password, auth parameters or headers.
  const lines = [
    `**${a.name ?? `API client ${a.id}`}** (API client ${a.id})`,
    '',
    row('Method', a.httpMethod),
    row('URL', a.serverURL),
    row('Auth type', a.authType),
  ];
  return lines.filter((l) => l !== undefined).join('\n');
}

function row(label: string, value: string | undefined): string | undefined {
  return value ? `- ${label}: ${value}` : undefined;
}
