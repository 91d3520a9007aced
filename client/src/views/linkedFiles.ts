import * as vscode from 'vscode';

/**
 * The workspace's test-case file linked to a service test case (its `"id"`), if any. A file's id
 * is read with a cheap pattern first; only candidates are parsed.
 */
export async function findLinkedFile(id: number): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles('**/*.testcase.json', '**/node_modules/**', 2000);
  const pattern = new RegExp(`"id"\\s*:\\s*${id}\\b`);
  for (const uri of files) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    if (!pattern.test(text)) continue;
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id) return uri;
    } catch {
      // Being edited: not a reliable link.
    }
  }
  return undefined;
}
