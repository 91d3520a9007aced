import { HTTP_METHODS, OPENAPI, pointerSegment, type OpenApiOperation } from '../emulator/openapiCheck';

/** One operation of schemas/openapi.json: `METHOD /path`, its JSON pointer and its object. */
export interface Op {
  key: string;
  method: string;
  path: string;
  pointer: string;
  op: OpenApiOperation;
}

export function openApiOperations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(OPENAPI.paths)) {
    for (const m of HTTP_METHODS) {
      const op = item[m] as OpenApiOperation | undefined;
      if (!op) continue;
      const method = m.toUpperCase();
      out.push({ key: `${method} ${path}`, method, path, pointer: `#/paths/${pointerSegment(path)}/${m}`, op });
    }
  }
  return out;
}
