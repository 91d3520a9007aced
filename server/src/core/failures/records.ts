// Why a record document was not saved, in words with the next step (core/records/save.ts).

export const recordSaveWords = {
  notJson: (detail: string) => `The document is not valid JSON (${detail}): nothing was sent. Fix it and save again.`,
  noMeta: 'The document does not say what record it is ("$record": {"kind": ..., "id": ...}): nothing was sent.',
  otherService: (read: string, now: string) =>
    `This record was read from ${read}, and the current environment is ${now}: nothing was sent. Select that environment to save it there (tas apply: --force sends it here).`,
  notCreatable: (kind: string) => `A new ${kind} is not created from a document: nothing was sent.`,
  conflict: (kind: string, id: number) => `Someone else changed ${kind} ${id} on the service since this document was read: nothing was sent.`,
  refused: (kind: string, said: string) => `The service refused to save the ${kind}: ${said}`,
  /** A 409 without the service's words: what the interface says a 409 of a create means. */
  conflictStatus: 'HTTP 409 (the interface answers so for a name that is already taken: names must be unique).',
  noId: (kind: string) => `The service created the ${kind} but did not say its id: refresh its view to find it.`,
} as const;
