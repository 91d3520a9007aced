import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import spec from '../../schemas/openapi.json';

// Checks incoming requests against schemas/openapi.json, the OpenAPI description of the whole
// interface: path parameters, query parameters and the JSON body of the matched operation. The
// description is never stricter than the interface document, so this catches what the document
// itself rules out (a field of the wrong type, a missing required field); it also refuses fields
// the document marks response-only (or create/update-only), as a strict service might. The
// resource handlers then apply the emulator's own, stricter rules (DECISIONS.md). The JSON is
// imported, so esbuild bundles it into dist/emulator.js and tsc copies it next to the compiled tests.

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

export const OPENAPI = spec as unknown as OpenApiDocument;

/** The id under which the whole document is added to Ajv: schemas are compiled as `$ref`s into it. */
export const OPENAPI_ID = 'https://tas.invalid/schemas/openapi.json';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Escapes one JSON pointer segment. */
export const pointerSegment = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value a local `#/...` JSON pointer names in the document, or undefined. */
export function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = OPENAPI;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref`s (OpenAPI reference objects) to the object they name, with the pointer it lives at. */
export function deref(value: unknown, pointer: string): { value: unknown; pointer: string } {
  let v = value;
  let p = pointer;
  for (let hops = 0; hops < 20; hops++) {
    if (typeof v !== 'object' || v === null || typeof (v as { $ref?: unknown }).$ref !== 'string') break;
    p = (v as { $ref: string }).$ref;
    v = resolvePointer(p);
  }
  return { value: v, pointer: p };
}

/** An Ajv (draft 2020-12, as OpenAPI 3.1 uses) that knows the whole document. */
export function createSpecAjv(options: { coerceTypes?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateFormats: false,
    // The document's validity is checked by test/unit/openapi.test.ts; skip the meta check here.
    validateSchema: false,
    coerceTypes: options.coerceTypes ?? false,
  });
  ajv.addSchema(OPENAPI, OPENAPI_ID);
  return ajv;
}

/** Compiles the schema at a pointer of the document (its `$ref`s resolve within the document). */
export function compileAt(ajv: Ajv2020, pointer: string): ValidateFunction {
  return ajv.compile({ $ref: `${OPENAPI_ID}${pointer}` });
}

interface ParamCheck {
  validate: ValidateFunction;
  /** Query parameters by name, with whether their schema is an array (repeatable). */
  query: { name: string; array: boolean }[];
}

interface CompiledOperation {
  operationId: string;
  params: ParamCheck;
  body: ValidateFunction | undefined;
  bodyRequired: boolean;
}

let bodyAjv: Ajv2020 | undefined;
let paramAjv: Ajv2020 | undefined;
const compiled = new Map<string, CompiledOperation | null>();

/** Compiles what the check needs for one operation, once. Null when the document has no such operation. */
function compile(method: string, pattern: string): CompiledOperation | null {
  const pathItem = OPENAPI.paths[pattern];
  const lower = method.toLowerCase();
  const op = pathItem?.[lower] as OpenApiOperation | undefined;
  if (!pathItem || !op) return null;
  bodyAjv ??= createSpecAjv();
  // Path and query values arrive as strings: coerce them to the schema's type before checking.
  paramAjv ??= createSpecAjv({ coerceTypes: true });

  const base = `#/paths/${pointerSegment(pattern)}`;
  const declared = [
    ...((pathItem['parameters'] as unknown[] | undefined) ?? []).map((p, i) => deref(p, `${base}/parameters/${i}`)),
    ...(op.parameters ?? []).map((p, i) => deref(p, `${base}/${lower}/parameters/${i}`)),
  ];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const query: ParamCheck['query'] = [];
  for (const { value, pointer } of declared) {
    const p = value as OpenApiParameter;
    if (p.in !== 'path' && p.in !== 'query') continue;
    const key = `${p.in}:${p.name}`;
    properties[key] = p.schema ? { $ref: `${OPENAPI_ID}${pointer}/schema` } : {};
    if (p.required) required.push(key);
    if (p.in === 'query') query.push({ name: p.name, array: p.schema?.['type'] === 'array' });
  }
  const params = { validate: paramAjv.compile({ type: 'object', properties, required }), query };

  let body: ValidateFunction | undefined;
  let bodyRequired = false;
  if (op.requestBody !== undefined) {
    const rb = deref(op.requestBody, `${base}/${lower}/requestBody`);
    const request = rb.value as { required?: boolean; content?: Record<string, { schema?: unknown }> };
    bodyRequired = request.required === true;
    if (request.content?.['application/json']?.schema !== undefined) {
      body = compileAt(bodyAjv, `${rb.pointer}/content/application~1json/schema`);
    }
  }
  return { operationId: op.operationId, params, body, bodyRequired };
}

/**
 * Checks a request against the operation `method pattern` of the description. Returns a message
 * naming the fields that do not conform, or undefined when the request conforms (or the document
 * has no such operation). `null` fields of the body count as absent (DECISIONS.md, "Errors").
 */
export function checkRequest(
  method: string,
  pattern: string,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
  body: unknown,
): string | undefined {
  const key = `${method} ${pattern}`;
  let op = compiled.get(key);
  if (op === undefined) {
    op = compile(method, pattern);
    compiled.set(key, op);
  }
  if (op === null) return undefined;

  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) values[`path:${name}`] = value;
  for (const q of op.params.query) {
    if (q.array) {
      const all = query.getAll(q.name).filter((v) => v !== '');
      if (all.length > 0) values[`query:${q.name}`] = all;
    } else {
      const v = query.get(q.name);
      // An empty value counts as absent, as the emulator reads it.
      if (v !== null && v !== '') values[`query:${q.name}`] = v;
    }
  }
  if (!op.params.validate(values)) problems.push(...describe(op.params.validate.errors, 'params'));

  if (body === undefined) {
    if (op.bodyRequired) problems.push('a JSON request body is required');
  } else if (op.body && !op.body(body)) {
    // Only null fails where absent passes: copy without nulls just for a body that failed as it is.
    const stripped = withoutNulls(body);
    if (stripped === body || !op.body(stripped)) problems.push(...describe(op.body.errors, 'body'));
  }
  if (problems.length === 0) return undefined;
  const shown = problems.slice(0, 5).join('; ');
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
  return `Request does not match schemas/openapi.json (${op.operationId}): ${shown}${more}`;
}

/** The value without object properties that are null (at any depth): null counts as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = withoutNulls(item);
      if (next !== item) (copy ??= [...value])[i] = next;
    });
    return copy ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    if (v === null) {
      copy ??= { ...(value as Record<string, unknown>) };
      delete copy[k];
      continue;
    }
    const next = withoutNulls(v);
    if (next !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = next;
  }
  return copy ?? value;
}

const TYPE_WORDS: Record<string, string> = {
  array: 'a JSON array',
  object: 'a JSON object',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/** `/traceFilters/0/mobileDeviceId` -> `traceFilters[0].mobileDeviceId`; a root array item -> `[3].name`. */
function fieldPath(instancePath: string, extra?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (extra !== undefined) segments.push(extra);
  let out = '';
  for (const raw of segments) {
    const s = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(s) ? `[${s}]` : out === '' ? s : `.${s}`;
  }
  return out;
}

/** One human line per Ajv error, naming the field. */
function describe(errors: ErrorObject[] | null | undefined, where: 'params' | 'body'): string[] {
  const lines = new Set<string>();
  for (const e of errors ?? []) {
    const missing =
      e.keyword === 'required' ? String((e.params as { missingProperty?: unknown }).missingProperty) : undefined;
    let subject: string;
    if (where === 'params') {
      // Keys are `path:id` / `query:start`: the first segment of the path (or the missing property).
      const key = missing ?? fieldPath(e.instancePath).split(/[.[]/)[0] ?? '';
      const [kind = '', name = ''] = key.split(':');
      const rest = missing ? '' : fieldPath(e.instancePath).slice(key.length);
      subject = `${kind} parameter '${name}${rest}'`;
    } else {
      const field = fieldPath(e.instancePath, missing);
      // A body that is an array (import): name the item first, as the emulator does.
      const item = /^\[(\d+)\]\.?(.*)$/.exec(field);
      if (item) subject = `body item ${item[1]}${item[2] ? ` field '${item[2]}'` : ''}`;
      else subject = field === '' ? 'the body' : `body field '${field}'`;
    }
    lines.add(`${subject} ${explain(e)}`);
  }
  return [...lines];
}

function explain(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'type': {
      const types = Array.isArray(p['type']) ? (p['type'] as string[]) : [String(p['type'])];
      return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'enum':
      return `must be one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p['allowedValue'])}`;
    case 'not': {
      // A field the request must not carry (ResponseOnly, UpdateOnly, CreateOnly): its schema says why.
      const refused = (
        resolvePointer(e.schemaPath.replace(/\/not$/, '')) as { 'x-tas-refused'?: unknown } | undefined
      )?.['x-tas-refused'];
      return typeof refused === 'string' ? refused : 'must not be sent';
    }
    default:
      return e.message ?? `does not match (${e.keyword})`;
  }
}
