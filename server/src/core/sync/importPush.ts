import type { ExportedTestCase, TestCase } from '../api/types';
import type { ImportItemResult } from '../model/sync';
import { formatPath, restorePlaceholders } from '../secrets/secrets';
import { describeCase, type LocalCase } from './local';
import { mappingWords, unmappedWords, type ReferenceMapper } from './mapping';
import { syncFields } from './projection';
import type { Placed } from './resolve';

// What an import sends for one case: its body, with secret placeholders restored from the
// service's version and references mapped from the file's home environment, or why it is refused
// (no name, a placeholder the service has no value for, a reference with no counterpart here).

export interface Push {
  p: Placed;
  body: TestCase;
  targetId: number | undefined;
  /** The service's name of the case when the file gives it another: the import renames it. */
  renamedFrom: string | undefined;
  /** References translated from the file's home environment, in words. */
  mappings: string[];
}

/** The service's name of a linked case when the file carries another (an import renames it). */
export const renameOf = (local: LocalCase, record: ExportedTestCase | undefined): { renamedFrom?: string } =>
  record && typeof record.name === 'string' && local.name !== undefined && record.name !== local.name
    ? { renamedFrom: record.name }
    : {};

/** The push of `p` to `targetId` (none: created), `home` being the environment its references belong to. */
export async function preparePush(
  p: Placed,
  targetId: number | undefined,
  record: ExportedTestCase | undefined,
  home: string,
  env: string,
  mapper: ReferenceMapper,
): Promise<Push | { refusal: Omit<ImportItemResult, 'uri'> }> {
  if (p.local.name === undefined || p.local.name.trim() === '') {
    return {
      refusal: {
        outcome: 'refused',
        reason: 'fileProblem',
        message: `${describeCase(p.local)} has no name. Give the test case a name, then import again.`,
      },
    };
  }
  const restored = restorePlaceholders(syncFields(p.local.value, true), record);
  if (restored.unresolved.length > 0) {
    const where = restored.unresolved.map(formatPath).join(', ');
    return {
      refusal: {
        outcome: 'refused',
        reason: 'fileProblem',
        message: `${describeCase(p.local)} was not imported: ${where} holds a secret placeholder and the service has no value there to keep. Set the secret on the service, then import again.`,
      },
    };
  }
  let value = restored.value;
  let mappings: string[] = [];
  if (home !== env) {
    const mapped = await mapper.toEnv(p.state, home, value);
    if (mapped.unmapped.length > 0) {
      return {
        refusal: {
          outcome: 'refused',
          unmapped: mapped.unmapped.map((u) => ({ ...u, home })),
          message: `${describeCase(p.local)} was not sent: its references belong to ${home}. ${mapped.unmapped.map((u) => unmappedWords(u, home, env)).join('; ')}. Choose their counterparts, then import again.`,
        },
      };
    }
    value = mapped.value;
    mappings = mapped.applied.map(mappingWords);
  }
  return {
    p,
    body: { ...(targetId !== undefined && { id: targetId }), ...(value as TestCase) },
    targetId,
    renamedFrom: renameOf(p.local, record).renamedFrom,
    mappings,
  };
}
