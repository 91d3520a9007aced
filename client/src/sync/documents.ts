import * as vscode from 'vscode';

// In-memory read-only documents of import and export: diffs' service side, reports.

/** Scheme of the read-only documents import and export show: the service's versions, reports. */
export const SYNC_SCHEME = 'tas-sync';

/**
 * Read-only documents held in memory: the service's side of a diff and the result reports. Each
 * gets its own address, so an open diff keeps its text while later ones are shown.
 */
export class SyncDocuments implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SYNC_SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
    });
  }

  /** A new read-only document named `fileName` (its extension picks the language). */
  add(fileName: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SYNC_SCHEME, path: `/${++this.next}/${fileName}` });
    this.texts.set(uri.toString(), text);
    // Old ones are dropped: a session does not need more than the latest few.
    if (this.texts.size > 50) this.texts.delete(this.texts.keys().next().value as string);
    return uri;
  }

  /** Opens the diff of a local file (left) and a text of the service (right). */
  async diff(local: vscode.Uri, serviceText: string, title: string): Promise<void> {
    const right = this.add(local.path.split('/').pop() ?? 'service.json', serviceText);
    await vscode.commands.executeCommand('vscode.diff', local, right, title, { preview: true, preserveFocus: false });
  }

  /** Shows a markdown report in a read-only editor. */
  async showReport(fileName: string, text: string): Promise<void> {
    await vscode.window.showTextDocument(this.add(fileName, text), { preview: true });
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
