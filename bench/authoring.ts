import { benchFormatting, benchSymbols, editingSection } from './editing';
import type { Plan } from './stats';
import { baselineService } from './validation';
import { benchWorkspace, workspaceSection } from './workspace';

// Issue 21's parts of `npm run bench`: formatting and document symbols against
// vscode-json-languageservice (`editing`), and a workspace of 10,000 files (`workspace`).

export async function authoringParts(
  has: (part: 'editing' | 'workspace') => boolean,
  plan: Plan,
): Promise<{ sections: string[]; targets: string[] }> {
  const sections: string[] = [];
  const targets: string[] = [];
  if (has('editing')) {
    console.error('editing: formatting and document symbols of the 1 MB bundle');
    const ls = baselineService();
    const r = editingSection([...(await benchFormatting(ls, plan)), await benchSymbols(ls, plan)]);
    sections.push(r.section);
    targets.push(...r.targets);
    console.log(`\n${r.section}`);
  }
  if (has('workspace')) {
    console.error('workspace: 10,000 test-case files indexed, references and workspace symbols');
    const r = workspaceSection(await benchWorkspace());
    sections.push(r.section);
    targets.push(...r.targets);
    console.log(`\n${r.section}`);
  }
  return { sections, targets };
}
