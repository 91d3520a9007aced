import * as vscode from 'vscode';
import { GetRecordRequest } from '../../server/src/protocol';
import { REMOTE_SCHEME, parseRemoteUri } from '../../server/src/core';
import type { RequestPort } from './serverPort';

/** Read-only views of service records (`tas-remote:/mobileDevice/3.json`), opened by document links. */
export function registerRemoteViews(requests: RequestPort): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, {
    async provideTextDocumentContent(uri) {
      const target = parseRemoteUri(uri.toString());
      const c = requests.client;
      if (!target) return `// Not a record address: ${uri.toString()}\n`;
      if (!c) return '// The language server is not running: run Test Automation: Restart Language Server.\n';
      try {
        const r = await c.sendRequest(GetRecordRequest, target);
        return r.ok ? r.value.text : `// ${r.error.message}\n`;
      } catch (err) {
        return `// Could not read ${target.kind} ${target.id} from the service:\n// ${err instanceof Error ? err.message : String(err)}\n`;
      }
    },
  });
}
