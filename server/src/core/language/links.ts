import type { TextDocument } from '../text/textDocument';
import { Range, type DocumentLink } from '../text/shapes';
import type { FileKind } from '../document/fileKind';
import { locate, pathKey } from '../jsonText';
import { remoteUri } from '../model/files';
import type { RemoteViewKind } from '../model/entityKinds';
import { exactInt, isRecord } from '../base/read';
import { itemsOf, testCasesIn, type Path } from '../document/testCaseModel';

// Document links from references to read-only views of the remote records.

export function documentLinks(doc: TextDocument, kind: FileKind, value: unknown): DocumentLink[] {
  const targets: { path: Path; kind: RemoteViewKind; id: number }[] = [];
  for (const tc of testCasesIn(kind, value)) {
    const id = exactInt(tc.value['id']);
    if (id !== undefined) targets.push({ path: [...tc.path, 'id'], kind: 'testCase', id });
    for (const field of ['traceFilters', 'sipTraceFilters', 'testStepList']) {
      for (const item of itemsOf(tc, field)) {
        const device = exactInt(item.value['mobileDeviceId']);
        if (device !== undefined)
          targets.push({ path: [...item.path, 'mobileDeviceId'], kind: 'mobileDevice', id: device });
        const filter = exactInt(item.value['traceFilterId']);
        if (filter !== undefined)
          targets.push({ path: [...item.path, 'traceFilterId'], kind: 'traceFilter', id: filter });
        const params = item.value['params'];
        const apiClient = isRecord(params) ? exactInt(params['apiClientId']) : undefined;
        if (apiClient !== undefined)
          targets.push({ path: [...item.path, 'params', 'apiClientId'], kind: 'apiClient', id: apiClient });
      }
    }
  }
  if (targets.length === 0) return [];
  const located = locate(
    doc.getText(),
    targets.map((t) => t.path),
  );
  const label: Record<RemoteViewKind, string> = {
    mobileDevice: 'mobile device',
    traceFilter: 'trace filter',
    testCase: 'test case',
    testSuite: 'test suite',
    testNode: 'test node',
    apiClient: 'API client',
  };
  return targets.flatMap((t) => {
    const at = located.get(pathKey(t.path));
    if (!at) return [];
    return [
      {
        range: Range.create(doc.positionAt(at.value.start), doc.positionAt(at.value.end)),
        target: remoteUri(t.kind, t.id),
        tooltip: `Open ${label[t.kind]} ${t.id} from the service (read-only)`,
      },
    ];
  });
}
