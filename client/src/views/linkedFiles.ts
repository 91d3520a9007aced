import * as vscode from 'vscode';
import { FILE_PATTERNS } from '../../../server/src/core';
import { LinkedCasesRequest } from '../../../server/src/protocol';
import { ask, type RequestPort } from '../serverPort';

// Which workspace file is linked to which service test case, from the server's sync state.

const MAX_FILES = 5000;

export interface LinkedFile {
  uri: string;
  /** The case's index in a bundle. */
  index?: number;
}

/**
 * The workspace's test-case files by the service test case each is linked to in the current
 * environment, from the server's sync state: a file's `id` written for another environment does
 * not count. A single test-case file is preferred to a bundle holding the same case.
 */
export async function workspaceLinks(requests: RequestPort): Promise<Map<number, LinkedFile>> {
  const files = await vscode.workspace.findFiles(`{${FILE_PATTERNS.join(',')}}`, '**/node_modules/**', MAX_FILES);
  const linked =
    files.length === 0 ? [] : await ask(requests, LinkedCasesRequest, { uris: files.map((f) => f.toString()) });
  const links = new Map<number, LinkedFile>();
  for (const l of linked)
    if (!links.has(l.id) || l.index === undefined)
      links.set(l.id, { uri: l.uri, ...(l.index !== undefined && { index: l.index }) });
  return links;
}

/** The workspace's file linked to a service test case, if any (see workspaceLinks). */
export async function findLinkedFile(requests: RequestPort, id: number): Promise<vscode.Uri | undefined> {
  const link = (await workspaceLinks(requests)).get(id);
  return link ? vscode.Uri.parse(link.uri) : undefined;
}
