import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { SyncService } from '../../server/src/core';
import type { Context } from './context';

// The sync core hosted on the command line: no editor, so no open buffers and no edits to
// apply; files are read from and written to disk, atomically, by the core itself.

export function syncService(ctx: Context): SyncService {
  const client = ctx.client;
  const baseUrl = ctx.source.environment.baseUrl;
  return new SyncService({
    environment: () => ({ baseUrl, client }),
    openText: () => undefined,
    applyEdit: () => Promise.resolve(false),
  });
}

export const fileUri = (cwd: string, path: string): string => pathToFileURL(resolve(cwd, path)).href;
