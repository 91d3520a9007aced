import type { FileSyncState, TestCaseFilterField, TestCaseSort, TestCaseSummary } from '../../../server/src/core';
import { counted } from '../../../server/src/core';

// How the Test Cases view words its rows and its filter; no editor API, so unit tests read it.

export interface TestCaseFilter {
  project?: { id: number; name: string };
  field?: { field: TestCaseFilterField; value: string };
}

export const FIELD_WORDS: Record<TestCaseFilterField, string> = {
  name: 'Name',
  description: 'Description',
  tags: 'Tags',
  device: 'Device',
};

/** A local file linked to the test case, and how it stands (undefined while not yet read). */
export interface LinkMarker {
  path: string;
  state?: FileSyncState;
}

const MARKER_WORDS: Partial<Record<FileSyncState, string>> = {
  unchanged: 'in workspace',
  localChanged: 'in workspace, changed locally',
  serviceChanged: 'in workspace, changed on the service',
  conflict: 'in workspace, changed on both sides',
  missingOnService: 'in workspace',
};

/** The short words of a linked file's state, for the row. */
export function markerWords(m: LinkMarker): string {
  return (m.state && MARKER_WORDS[m.state]) ?? 'in workspace';
}

/** The local file differs from the service (either side changed). */
export const differs = (m: LinkMarker | undefined): boolean =>
  m?.state === 'localChanged' || m?.state === 'serviceChanged' || m?.state === 'conflict';

function short(list: string[], max: number): string {
  return list.length <= max ? list.join(', ') : `${list.slice(0, max).join(', ')} +${list.length - max}`;
}

/** The row's description: the marker, steps, devices, projects. */
export function testCaseDescription(t: TestCaseSummary, marker?: LinkMarker, history?: string): string {
  const parts: string[] = [];
  if (marker) parts.push(differs(marker) ? `● ${markerWords(marker)}` : markerWords(marker));
  // Its history line ("9/10 passed · flaky"), when it has runs in the history.
  if (history !== undefined) parts.push(history);
  if (t.stepCount !== undefined) parts.push(counted(t.stepCount, 'step'));
  if (t.devices.length > 0) parts.push(short(t.devices, 2));
  if (t.projects.length > 0)
    parts.push(
      short(
        t.projects.map((p) => p.name),
        2,
      ),
    );
  return parts.join(' · ');
}

/** The row's tooltip, as Markdown lines (every value escaped by the caller's MarkdownString). */
export function testCaseTooltipLines(t: TestCaseSummary, marker?: LinkMarker): string[] {
  const lines = [`${t.name} (id ${t.id})`];
  if (t.description) lines.push(t.description);
  lines.push(`Steps: ${t.stepCount ?? 'not given'}`);
  lines.push(`Devices: ${t.devices.length > 0 ? t.devices.join(', ') : 'none'}`);
  lines.push(`Projects: ${t.projects.length > 0 ? t.projects.map((p) => p.name).join(', ') : 'none'}`);
  if (t.updated) lines.push(`Last update: ${t.updated}`);
  if (marker) lines.push(`Local file: ${marker.path} (${markerWords(marker)})`);
  return lines;
}

/** The active filter and sort as the view's description; empty when nothing is filtered. */
export function filterWords(f: TestCaseFilter, sort: TestCaseSort): string {
  const parts: string[] = [];
  if (f.project) parts.push(`project ${f.project.name}`);
  if (f.field) parts.push(`${FIELD_WORDS[f.field.field].toLowerCase()} contains "${f.field.value}"`);
  if (sort === 'updated') parts.push('last updated first');
  return parts.join(' · ');
}

export const isFiltered = (f: TestCaseFilter): boolean => f.project !== undefined || f.field !== undefined;

/** The view's message: how many, and when filtered, how to clear it. */
export function listMessage(f: TestCaseFilter, shown: number, total: number | undefined): string | undefined {
  if (!isFiltered(f)) return undefined;
  const count = total !== undefined ? counted(total, 'test case') : counted(shown, 'test case');
  return `Filtered (${filterWords(f, 'name')}): ${count}. Clear Filter in the view's title bar shows all.`;
}
