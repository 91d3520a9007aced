import { exactInt } from '../base/read';
import { itemsOf, testCasesIn, type Path } from '../document/testCaseModel';
import type { FileKind } from '../document/fileKind';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import { asOfWords } from './keptLists';
import type { Kept, KeptReferences } from './referenceData';

// While the service cannot be reached, a document's references are compared with the lists last
// read: one it names that they lack is told as not verified, with the lists' time; never as "not
// found" (the record may be new, or the list was cut). References the lists have are not told.

export function keptReferenceNotes(kind: FileKind, value: unknown, kept: KeptReferences): Finding[] {
  const out: Finding[] = [];
  const check = (path: Path, v: unknown, list: Kept<Map<number, unknown>> | undefined, what: string) => {
    const id = exactInt(v);
    if (id === undefined || !list || list.items.has(id)) return;
    out.push({
      path,
      on: 'value',
      message: `${what} ${id} is not in the list ${asOfWords(list.at)}: not verified.`,
      code: DiagnosticCode.notVerified,
      severity: Severity.Information,
    });
  };
  for (const tc of testCasesIn(kind, value)) {
    for (const field of ['testStepList', 'traceFilters', 'sipTraceFilters']) {
      for (const item of itemsOf(tc, field)) {
        check([...item.path, 'mobileDeviceId'], item.value['mobileDeviceId'], kept.devices, 'Mobile device');
        if (field === 'traceFilters')
          check([...item.path, 'traceFilterId'], item.value['traceFilterId'], kept.traceFilters, 'Trace filter');
      }
    }
  }
  return out;
}
