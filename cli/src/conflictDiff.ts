import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { withoutBom } from '../../server/src/core';
import type { Context } from './context';

// The difference between a file and the service's version of its test case, as a unified diff
// (`-` the service's lines, `+` the file's: what an import would send), cut to a length a
// terminal or a CI log can show.

/** Diff lines shown per test case at most: TAS_DIFF_LINES (variables.ts; 0: no diff). */
export function diffLimit(ctx: Pick<Context, 'number'>): number {
  return ctx.number('TAS_DIFF_LINES');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` with its keys in the order `like` has them (then its own), so that order is no difference. */
function alignKeys(value: unknown, like: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => alignKeys(v, Array.isArray(like) ? like[i] : undefined));
  if (!isObject(value)) return value;
  const order = isObject(like) ? Object.keys(like).filter((k) => k in value) : [];
  const keys = [...order, ...Object.keys(value).filter((k) => !order.includes(k))];
  return Object.fromEntries(keys.map((k) => [k, alignKeys(value[k], isObject(like) ? like[k] : undefined)]));
}

/**
 * The two texts the diff compares: a whole file and the service's version as such a file; a
 * bundle item and the service's version, both written as the service's version of an item is
 * (two spaces), the service's keys in the item's order.
 */
export function caseTexts(
  uri: string,
  index: number | undefined,
  serviceText: string,
): { local: string; service: string } | undefined {
  let text: string;
  try {
    text = withoutBom(readFileSync(fileURLToPath(uri), 'utf8')).text;
  } catch {
    return undefined;
  }
  if (index === undefined) return { local: text, service: serviceText };
  try {
    const items = JSON.parse(text) as unknown;
    const item = Array.isArray(items) ? (items[index] as unknown) : undefined;
    if (item === undefined) return undefined;
    return {
      local: `${JSON.stringify(item, null, 2)}\n`,
      service: `${JSON.stringify(alignKeys(JSON.parse(serviceText), item), null, 2)}\n`,
    };
  } catch {
    return undefined;
  }
}

export interface CaseDiff {
  /** The diff's lines, at most the limit. */
  lines: string[];
  /** How many lines the whole diff has. */
  total: number;
}

/** `path`: the file as the user names it; `service`: the service's version, e.g. "service: test case 12". */
export function caseDiff(
  localText: string,
  serviceText: string,
  path: string,
  service: string,
  limit: number,
): CaseDiff | undefined {
  const unify = (s: string) => s.replace(/\r\n/g, '\n');
  const patch = createTwoFilesPatch(service, path, unify(serviceText), unify(localText), undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  const all = patch.split('\n');
  while (all.length > 0 && all[all.length - 1] === '') all.pop();
  // Headers only: the texts differ in nothing a line diff shows.
  if (!all.some((l) => l.startsWith('@@'))) return undefined;
  return { lines: all.slice(0, limit), total: all.length };
}
