// The one rule of every create and rename box for a name (projects, trace filters, test suites):
// refuse in the box what the service would refuse, an empty name or one another record of the
// kind has among the names the view knows. The service's 409 stays handled for names the view
// did not know. No `vscode` import: test/unit/names.test.ts checks every box.
import { ENTITY_KIND_WORDS, type EntityKind } from '../../../server/src/core';

export type NamedKind = Extract<EntityKind, 'project' | 'traceFilter' | 'testSuite' | 'apiClient'>;

/**
 * Why the box refuses `value`, or undefined when it takes it. `taken`: the names the view knows;
 * `current`: the record's own name when it is renamed (keeping it is no clash).
 */
export function nameProblem(
  kind: NamedKind,
  value: string,
  taken: Iterable<string>,
  current?: string,
): string | undefined {
  const name = value.trim();
  if (name === '') return `The ${ENTITY_KIND_WORDS[kind]} needs a name.`;
  if (name === current?.trim()) return undefined;
  for (const t of taken)
    if (t.trim() === name) return `Another ${ENTITY_KIND_WORDS[kind]} is named "${name}". Choose another name.`;
  return undefined;
}

/** The box's validateInput. */
export function nameRule(
  kind: NamedKind,
  taken: Iterable<string>,
  current?: string,
): (value: string) => string | undefined {
  const names = [...taken];
  return (value) => nameProblem(kind, value, names, current);
}
