import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createSync, type Sync, type SyncEngine } from '../../server/src/core';
import type { Context } from './context';

// The sync façade hosted on the command line: no editor, so no open buffers and no edits to
// apply; files are read from and written to disk, atomically, by the core itself. Failures of
// single items name where this command's credentials came from.

export function syncOf(ctx: Context): Sync {
  const client = ctx.client;
  const baseUrl = ctx.source.environment.baseUrl;
  return createSync({ environment: () => ({ baseUrl, client }), words: ctx.words });
}

export const syncEngine = (ctx: Context): SyncEngine => syncOf(ctx).engine;

export const fileUri = (cwd: string, path: string): string => pathToFileURL(resolve(cwd, path)).href;
