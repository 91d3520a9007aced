import { isSecretMember } from './rule';

// Secret values in test cases and export bundles. The interface document says secrets must not be
// committed, and export bundles carry API clients with passwords and auth parameters: export
// writes a placeholder in their place, import never sends a placeholder back as a value, and the
// language server warns on a plaintext secret in a local file. What a secret is, rule.ts says.

/** What a secret value becomes in a local file: recognisable, and never a plausible secret. */
export const SECRET_PLACEHOLDER = '<secret: kept on the service>';

export type JsonPath = (string | number)[];

export const isPlaceholder = (v: unknown): boolean => v === SECRET_PLACEHOLDER;

/**
 * A value written in plain text where a secret belongs. Empty strings hold nothing, and a value
 * that refers to a variable (`${...}`) is resolved by the service, not written here.
 */
export const isPlainSecretValue = (v: unknown): v is string =>
  typeof v === 'string' && v !== '' && !isPlaceholder(v) && !v.includes('${');

/** A path kept as a chain to its parent: copied out only for the members reported. */
interface PathLink {
  parent: PathLink | undefined;
  key: string | number;
}

function pathOf(link: PathLink | undefined): JsonPath {
  const out: JsonPath = [];
  for (let l = link; l; l = l.parent) out.push(l.key);
  return out.reverse();
}

/**
 * Every string member; iterative, since files can nest deeper than the stack. `inSecret`: it sits
 * inside a member the rule calls secret (`"password": {"old": ...}`), so it is a secret too.
 */
function* stringMembers(
  root: unknown,
): Generator<{ at: PathLink; parentKey: string | number | undefined; inSecret: boolean; value: string }> {
  const stack: { value: unknown; at: PathLink | undefined; inSecret: boolean }[] = [
    { value: root, at: undefined, inSecret: false },
  ];
  while (stack.length > 0) {
    const { value, at, inSecret } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    for (const [key, child] of entries) {
      const link = { parent: at, key };
      if (typeof child === 'string') yield { at: link, parentKey: at?.key, inSecret, value: child };
      else if (typeof child === 'object' && child !== null)
        stack.push({ value: child, at: link, inSecret: inSecret || isSecretMember(key, at?.key) });
    }
  }
}

/** Paths of secret values written in plain text (in a test case, a bundle item or a bundle). */
export function secretPaths(value: unknown): JsonPath[] {
  const out: JsonPath[] = [];
  for (const m of stringMembers(value))
    if ((m.inSecret || isSecretMember(m.at.key, m.parentKey)) && isPlainSecretValue(m.value)) out.push(pathOf(m.at));
  return out.sort(comparePaths);
}

/** Paths where a placeholder stands in for a secret. */
export function placeholderPaths(value: unknown): JsonPath[] {
  const out: JsonPath[] = [];
  for (const m of stringMembers(value)) if (isPlaceholder(m.value)) out.push(pathOf(m.at));
  return out.sort(comparePaths);
}

/** A copy with every plaintext secret replaced by the placeholder, and how many were replaced. */
export function maskSecrets<T>(value: T): { value: T; replaced: number } {
  const paths = secretPaths(value);
  if (paths.length === 0) return { value, replaced: 0 };
  const copy = structuredClone(value);
  for (const p of paths) setAt(copy, p, SECRET_PLACEHOLDER);
  return { value: copy, replaced: paths.length };
}

/** The value at a path, or undefined when the path does not lead anywhere. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

function setAt(root: unknown, path: JsonPath, replacement: unknown): void {
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
}

/** `testStepList[2].params.password`, for messages. */
export function formatPath(path: JsonPath): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** Paths in reading order: indexes by number, names by text. */
export function comparePaths(a: JsonPath, b: JsonPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Before an import: each placeholder takes the service's current value at the same place, so the
 * secret stays as it is there. Placeholders the service has no value for are `unresolved`: the
 * item must not be sent (the placeholder would become the secret).
 */
export function restorePlaceholders<T>(local: T, service: unknown): { value: T; unresolved: JsonPath[] } {
  const paths = placeholderPaths(local);
  if (paths.length === 0) return { value: local, unresolved: [] };
  const copy = structuredClone(local);
  const unresolved: JsonPath[] = [];
  for (const p of paths) {
    const current = service === undefined ? undefined : valueAt(service, p);
    if (typeof current === 'string' && !isPlaceholder(current)) setAt(copy, p, current);
    else unresolved.push(p);
  }
  return { value: copy, unresolved };
}
