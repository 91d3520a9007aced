// The URL of a request beside its base: the operation's path with its parameters filled in, and
// the query string (undefined values left out, a list as one parameter per item).

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

export function fillPath(pattern: string, params: Record<string, number | string> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`path parameter '${name}' missing for ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

export function toQuery(query: Record<string, QueryValue> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v as (string | number)[]) q.append(k, String(item));
    else q.append(k, String(v));
  }
  return q;
}
