import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { SyncEngine } from '../../server/src/core';
import type { Context } from './context';

// The sync core hosted on the command line: no editor, so no open buffers and no edits to
// apply; files are read from and written to disk, atomically, by the core itself.

export function syncEngine(ctx: Context): SyncEngine {
  const client = ctx.client;
  const baseUrl = ctx.source.environment.baseUrl;
  return new SyncEngine({
    environment: () => ({ baseUrl, client }),
    openText: () => undefined,
    applyEdit: () => Promise.resolve(false),
    words: ctx.words,
  });
}

export const fileUri = (cwd: string, path: string): string => pathToFileURL(resolve(cwd, path)).href;
