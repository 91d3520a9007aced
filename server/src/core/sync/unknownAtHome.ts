import type { ExportItemResult } from '../model/sync';
import { valueAt } from '../secrets/secrets';
import { unknownAtHomeWords, type UnknownAtHome } from './mapping';

// An export from another environment than the file's home translates the case's references back
// to the home's records (mapping.ts `back`). A reference with no known counterpart there would be
// written as this environment's id, which at home names another phone, API client or trace
// filter: such a case is not written, whatever the decision, until a person names the counterpart
// (the same question an import asks, the other way round).

/** The result of a case whose references cannot all be named at home; `file` is the file's present value, if any. */
export function unknownAtHomeResult(
  base: { id: number; name?: string; uri: string },
  path: string,
  unknown: UnknownAtHome[],
  home: string,
  env: string,
  file: Record<string, unknown> | undefined,
): ExportItemResult {
  const refs = unknown.map((u) => {
    const fileId = valueAt(file, u.path);
    return {
      kind: u.kind,
      id: u.id,
      ...(u.identity && { identity: u.identity }),
      where: u.where,
      home,
      ...(typeof fileId === 'number' && { fileId }),
    };
  });
  return {
    ...base,
    outcome: 'needsDecision',
    reason: 'unknownAtHome',
    unknownAtHome: refs,
    message: `${path} was not written: its references belong to ${home}, and ${unknown.map((u) => unknownAtHomeWords(u, home, env)).join('; ')}. Written as they are, these ids would name other records of ${home}. Name the counterpart of each in ${home}, then export again.`,
  };
}
