import * as vscode from 'vscode';
import { LinkedCasesRequest } from '../../../server/src/protocol';
import type { Ctx } from '../context';
import { ask } from './service';

/**
 * The workspace's test-case file linked to a service test case in the current environment, from
 * the server's sync state: a file's `id` written for another environment does not count. A
 * single test-case file is preferred to a bundle holding the case.
 */
export async function findLinkedFile(ctx: Ctx, id: number): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles('**/*.{testcase,testcases}.json', '**/node_modules/**', 2000);
  if (files.length === 0) return undefined;
  const links = (await ask(ctx, LinkedCasesRequest, { uris: files.map((f) => f.toString()) })).filter((l) => l.id === id);
  const link = links.find((l) => l.index === undefined) ?? links[0];
  return link ? vscode.Uri.parse(link.uri) : undefined;
}
