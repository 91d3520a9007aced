import type { TextDocument } from '../text/textDocument';
import { MarkupKind, Range, type Hover, type Position } from '../text/shapes';
import type { StepFunction } from './completion';
import type { FileKind } from '../document/fileKind';
import { cursorContext, literalAt } from '../document/location';
import type { ApiClientInfo, DeviceInfo, TraceFilterInfo } from '../references/referenceData';
import { SCHEMAS, rootSchema } from '../validation/schemas';

// Hovers: the schema's description of a field; the live record behind a device or trace-filter
// reference; a step function's parameter descriptions.

export interface HoverData {
  device?: DeviceInfo & { status?: string };
  traceFilter?: TraceFilterInfo;
  apiClient?: ApiClientInfo;
  stepFunction?: StepFunction;
  /** The service could not be asked; the reason is shown instead of a record. */
  unavailable?: string;
}

export type HoverTarget =
  | { kind: 'device'; id: number }
  | { kind: 'traceFilter'; id: number }
  | { kind: 'apiClient'; id: number }
  | { kind: 'stepFunction'; name: string }
  | { kind: 'schema' };

/** What the hover at a position is about, so the host fetches only what it needs. */
export function hoverTarget(doc: TextDocument, position: Position): HoverTarget {
  const ctx = cursorContext(doc, position);
  const path = ctx.location.path;
  const last = path[path.length - 1];
  const node = ctx.location.previousNode;
  if (!ctx.location.isAtPropertyKey && typeof node?.value === 'number') {
    if (last === 'mobileDeviceId') return { kind: 'device', id: node.value };
    if (last === 'traceFilterId') return { kind: 'traceFilter', id: node.value };
    if (last === 'apiClientId') return { kind: 'apiClient', id: node.value };
  }
  const fnIndex = path.lastIndexOf('testStepList');
  if (fnIndex >= 0 && typeof path[fnIndex + 1] === 'number' && (last === 'function' || path[fnIndex + 2] === 'params')) {
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
  const md = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range });

  if (target.kind === 'device') {
    if (data.unavailable) return md(`**Mobile device ${target.id}**\n\nNot verified: ${data.unavailable}`);
    const d = data.device;
    if (!d) return md(`**Mobile device ${target.id}** does not exist on the service.`);
    return md(
      [
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
        .join('\n'),
    );
  }
  if (target.kind === 'traceFilter') {
    if (data.unavailable) return md(`**Trace filter ${target.id}**\n\nNot verified: ${data.unavailable}`);
    const f = data.traceFilter;
    if (!f) return md(`**Trace filter ${target.id}** does not exist on the service.`);
    return md(`**${f.name ?? `Trace filter ${f.id}`}** (trace filter ${f.id})\n\nFilter: \`${f.filter ?? ''}\``);
  }
  if (target.kind === 'apiClient') {
    if (data.unavailable) return md(`**API client ${target.id}**\n\nNot verified: ${data.unavailable}`);
    const a = data.apiClient;
    if (!a) return md(`**API client ${target.id}** does not exist on the service.`);
    // Only these four: never the password, auth parameters or headers.
    const lines = [`**${a.name ?? `API client ${a.id}`}** (API client ${a.id})`, '', row('Method', a.httpMethod), row('URL', a.serverURL), row('Auth type', a.authType)];
    return md(lines.filter((l) => l !== undefined).join('\n'));
  }
  if (target.kind === 'stepFunction' && data.stepFunction) {
    const fn = data.stepFunction;
    const last = path[path.length - 1];
    const param = fn.params.find((p) => p.name === last);
    if (param && ctx.location.isAtPropertyKey) {
      return md(`**${param.name}** (${param.type ?? 'value'}${param.required ? ', required' : ''}): parameter of ${fn.name}\n\n${param.description ?? ''}`);
    }
    if (last === 'function' && !ctx.location.isAtPropertyKey) {
      const params = fn.params.map((p) => `- \`${p.name}\`${p.required ? ' (required)' : ''}: ${p.description ?? p.type ?? ''}`);
      return md([`**${fn.name}**`, '', fn.description ?? '', '', params.length ? 'Parameters:' : 'No parameters.', ...params].join('\n'));
    }
  }
  const schema = SCHEMAS.at(rootSchema(kind), path);
  const text = schema?.markdownDescription ?? schema?.description;
  if (!text) return undefined;
  const name = path[path.length - 1];
  return md(typeof name === 'string' ? `**${name}**\n\n${text}` : text);
}

function row(label: string, value: string | undefined): string | undefined {
  return value ? `- ${label}: ${value}` : undefined;
}
