import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SYNC_REFERENCE_KINDS, type RefUnknownAtHome, type SyncReferenceKind } from '../../server/src/core';
import type { Values } from './command';
import { UsageError } from './exitCodes';

// The user's counterparts for references of another environment: `--map device:12=34` (repeated)
// and `--map-file map.json` holding {"device": {"12": 34}, "apiClient": {...}, "traceFilter": {...}}.
// Ids on the left are the file's (its home environment's), on the right the target's.

export type RefMap = Partial<Record<SyncReferenceKind, Record<string, number>>>;

const isKind = (k: string): k is SyncReferenceKind => (SYNC_REFERENCE_KINDS as readonly string[]).includes(k);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function put(map: RefMap, kind: string, from: string, to: unknown, said: string): void {
  if (!isKind(kind)) throw new UsageError(`${said}: the kind must be one of ${SYNC_REFERENCE_KINDS.join(', ')}.`);
  if (!/^[1-9]\d*$/.test(from) || !isId(to)) throw new UsageError(`${said}: ids are whole numbers above 0.`);
  (map[kind] ??= {})[from] = to;
}

/** The mapping of `--map` and `--map-file`; undefined when neither is given. */
export function refMapOf(cwd: string, values: Values): RefMap | undefined {
  const flags = ([] as unknown[]).concat(values['map'] ?? []).filter((v): v is string => typeof v === 'string');
  const file = typeof values['map-file'] === 'string' ? values['map-file'] : undefined;
  if (flags.length === 0 && file === undefined) return undefined;
  const map: RefMap = {};
  if (file !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(resolve(cwd, file), 'utf8'));
    } catch (err) {
      throw new UsageError(
        `--map-file ${file} cannot be read as JSON (${err instanceof Error ? err.message : String(err)}).`,
      );
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new UsageError(`--map-file ${file} must hold an object of kinds.`);
    for (const [kind, ids] of Object.entries(raw)) {
      if (typeof ids !== 'object' || ids === null || Array.isArray(ids))
        throw new UsageError(`--map-file ${file}: "${kind}" must map ids to ids.`);
      for (const [from, to] of Object.entries(ids as Record<string, unknown>))
        put(map, kind, from, to, `--map-file ${file}`);
    }
  }
  for (const f of flags) {
    const m = /^([A-Za-z]+):(\d+)=(\d+)$/.exec(f);
    if (!m) throw new UsageError(`--map ${f}: write it as kind:id=id, e.g. device:12=34.`);
    put(map, m[1]!, m[2]!, Number(m[3]), `--map ${f}`);
  }
  return map;
}

/** How to name the home counterparts an export could not find: the file's own id at each place, when it has one, is the example. */
export function mapHint(refs: RefUnknownAtHome[]): string {
  const first = refs[0];
  if (!first) return '';
  const example = `--map ${first.kind}:${first.fileId ?? 'HOME_ID'}=${first.id}`;
  return `Name each with --map kind:id=id (the id in ${first.home}, then the id here), e.g. ${example}${first.fileId !== undefined ? ` if the file's ${first.kind} ${first.fileId} is the one` : ''}.`;
}
