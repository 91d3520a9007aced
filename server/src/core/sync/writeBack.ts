import type { Edit } from 'jsonc-parser';
import { writeAtomic } from '../files/atomicWrite';
import { applyIdEdits, toTextEdits } from './idEdit';
import type { LocalFile } from './local';
import type { SyncHost } from './types';

// Changing a local file the user may have open: an open document through the editor (its
// buffer, undoable, never a disk write behind its back), a closed file by atomic write.

export class EditRefusedError extends Error {
  constructor(readonly path: string) {
    super(`The editor did not accept the change to ${path}. Save or close the file, then try again.`);
    this.name = 'EditRefusedError';
  }
}

export async function applyFileEdits(host: SyncHost, file: LocalFile, edits: Edit[]): Promise<void> {
  if (edits.length === 0) return;
  if (file.open) {
    if (!(await host.applyEdit(file.uri, toTextEdits(file.text, edits)))) throw new EditRefusedError(file.path);
    return;
  }
  await writeAtomic(file.path, `${file.bom ? '\uFEFF' : ''}${applyIdEdits(file.text, edits)}`);
}

/**
 * An open document's whole text replaced through the editor (undoable), the disk left to the
 * editor's save: a file with unsaved changes is never written behind its buffer, which would
 * then no longer match the disk.
 */
export async function replaceOpenText(
  host: SyncHost,
  uri: string,
  path: string,
  buffer: string,
  text: string,
): Promise<void> {
  if (!(await host.applyEdit(uri, toTextEdits(buffer, [{ offset: 0, length: buffer.length, content: text }]))))
    throw new EditRefusedError(path);
}

/** The whole text replaced (the service's version taken into the file). */
export async function replaceFileText(host: SyncHost, file: LocalFile, text: string): Promise<void> {
  await applyFileEdits(host, file, [{ offset: 0, length: file.text.length, content: text }]);
}
