import type { CopyItemResult, CopyReport, ImportItemResult, RefChoices, UnmappedRef } from '../../../server/src/core';
import { counted, ENTITY_KIND_WORDS, referenceKindOfSync } from '../../../server/src/core';

// The words of references carried to another environment (import and Copy to Environment): the
// preview of every mapping, the quick pick of a counterpart, and the copy's summary and report.
// No `vscode` import, so unit tests read them.

const kindWords = (u: UnmappedRef): string => ENTITY_KIND_WORDS[referenceKindOfSync(u.kind)];

/** Who a record is, as a person recognises it. */
export function whoWords(who: { msisdn?: string; name?: string } | undefined): string {
  if (!who) return 'not recorded';
  const name = who.name !== undefined ? `"${who.name}"` : undefined;
  return (
    [who.msisdn !== undefined ? `MSISDN ${who.msisdn}` : undefined, name].filter((x) => x !== undefined).join(' ') ||
    'no name'
  );
}

/** Each distinct reference of these results with no single counterpart, once (the same phone in ten steps is picked once). */
export function distinctUnmapped(results: readonly { unmapped?: UnmappedRef[] }[]): UnmappedRef[] {
  const seen = new Map<string, UnmappedRef>();
  for (const r of results)
    for (const u of r.unmapped ?? []) if (!seen.has(`${u.kind}:${u.id}`)) seen.set(`${u.kind}:${u.id}`, u);
  return [...seen.values()];
}

/** The quick pick of a counterpart: its title, and one item per record that may be picked. */
export function counterpartPick(
  u: UnmappedRef,
  home: string,
  target: string,
): { title: string; placeHolder: string; items: { label: string; description: string; id: number }[] } {
  const why =
    u.candidates.length > 1
      ? `${u.candidates.length} records in ${target} have its identity`
      : `no record in ${target} has its identity`;
  return {
    title: `Counterpart in ${target} of ${kindWords(u)} ${u.id} (${whoWords(u.identity)} in ${home})`,
    placeHolder: `${why}: choose the ${kindWords(u)} to use in ${target} (remembered)`,
    items: u.choices.map((c) => ({
      label: c.name ?? `${kindWords(u)} ${c.id}`,
      description: [c.msisdn !== undefined ? `MSISDN ${c.msisdn}` : undefined, `id ${c.id}`]
        .filter((x) => x !== undefined)
        .join(' · '),
      id: c.id,
    })),
  };
}

/** Adds a pick to the choices sent with the next request. */
export function withChoice(choices: RefChoices, u: UnmappedRef, to: number): RefChoices {
  return { ...choices, [u.kind]: { ...(choices[u.kind] ?? {}), [String(u.id)]: to } };
}

/** One line per case of a preview: what would happen, and every mapping or why not. */
export function previewLines(
  results: readonly (Pick<ImportItemResult, 'outcome' | 'mappings' | 'message'> & { label: string })[],
): string[] {
  return results.map((r) => {
    const will =
      r.outcome === 'created'
        ? 'create'
        : r.outcome === 'updated'
          ? 'update'
          : r.outcome === 'unchanged'
            ? 'leave unchanged'
            : 'not send';
    const mapped = r.mappings && r.mappings.length > 0 ? `: ${r.mappings.join(', ')}` : '';
    const why = will === 'not send' && r.message ? `: ${r.message}` : '';
    return `- ${r.label}: ${will}${mapped}${why}`;
  });
}

const label = (r: CopyItemResult): string => `test case ${r.sourceId}${r.name !== undefined ? ` "${r.name}"` : ''}`;

/** The copy's preview as the modal's detail: every case, every mapping. */
export function copyPreview(report: CopyReport): string {
  return previewLines(
    report.results.map((r) => ({ ...r, outcome: r.outcome === 'created' ? 'created' : 'refused', label: label(r) })),
  ).join('\n');
}

export function copySummary(report: CopyReport, target: string): string {
  const created = report.results.filter((r) => r.outcome === 'created').length;
  const not = report.results.length - created;
  return `Copied ${counted(created, 'test case')} to ${target}${not > 0 ? `; ${not} not copied` : ''}.`;
}

export function copyProblems(report: CopyReport): string[] {
  return report.results.filter((r) => r.outcome !== 'created').map((r) => `- ${label(r)}: ${r.message ?? r.outcome}`);
}

export function copyReportText(report: CopyReport, source: string, target: string, summary: string): string {
  const lines = report.results.map(
    (r) =>
      `- ${label(r)}: ${r.outcome === 'created' ? `created as test case ${r.id ?? '?'}${r.mappings?.length ? `; references mapped: ${r.mappings.join(', ')}` : ''}` : (r.message ?? r.outcome)}`,
  );
  return [`# Copy from ${source} to ${target}`, '', summary, '', ...lines, ''].join('\n');
}
