// Why a record document was not saved, in words with the next step (core/recordDocuments/save.ts).

export const recordSaveWords = {
  notJson: (detail: string) => `The document is not valid JSON (${detail}): nothing was sent. Fix it and save again.`,
  noMeta: 'The document does not say what record it is ("$record": {"kind": ..., "id": ...}): nothing was sent.',
  otherService: (read: string, now: string) =>
    `This record was read from ${read}, and the current environment is ${now}: nothing was sent. Select that environment to save it there (tas apply: --force sends it here).`,
  /** `$record` names a record, the document's own `id` is missing: a copy, never saved over the original. */
  copyWithoutId: (kind: string, id: number, canCreate: boolean) =>
    `"$record" names ${kind} ${id}, but the document has no "id" of its own, as a copy made for a new ${kind} has: nothing is sent to ${kind} ${id}.${
      canCreate ? ` To create a new ${kind} from it, remove "id" and "revision" from "$record" as well.` : ''
    } To update ${kind} ${id}, put back "id": ${id}.`,
  /** `$record` and the document's own `id` name two records: neither is written. */
  idsDisagree: (kind: string, headerId: number, id: string, canCreate: boolean) =>
    `"$record" names ${kind} ${headerId}, but "id" is ${id}: nothing is sent to either. To update ${kind} ${headerId}, set "id" back to ${headerId}; to change another ${kind}, read that one and edit it.${
      canCreate
        ? ` To create a new ${kind} from this document, remove "id", and "id" and "revision" from "$record".`
        : ''
    }`,
  /** The document's own `id` names a record its `$record` does not: not a new record's document. */
  idWithoutHeader: (kind: string, id: string) =>
    `"id" is ${id}, but "$record" names no ${kind}: nothing is sent. To create a new ${kind}, remove "id"; to update ${kind} ${id}, read it and edit that document.`,
  notCreatable: (kind: string) => `A new ${kind} is not created from a document: nothing was sent.`,
  conflict: (kind: string, id: number) =>
    `Someone else changed ${kind} ${id} on the service since this document was read: nothing was sent.`,
  refused: (kind: string, said: string) => `The service refused to save the ${kind}: ${said}`,
  /** A 409 without the service's words: what the interface says a 409 of a create means. */
  conflictStatus: 'HTTP 409 (the interface answers so for a name that is already taken: names must be unique).',
  noId: (kind: string) => `The service created the ${kind} but did not say its id: refresh its view to find it.`,
} as const;
