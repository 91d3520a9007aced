import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type ActionContext,
  ENTITY_KIND_WORDS,
  isRecord,
  type LanguageService,
  type Loose,
  parseRecordDocumentUri,
  type ServiceSession,
  shownRecord,
} from '../../core';
import {
  DeleteRecordRequest,
  DeviceUsersRequest,
  NewRecordDocumentRequest,
  ReadRecordDocumentRequest,
  RecordChoicesRequest,
  RecordDocumentBaseNotification,
  SaveRecordDocumentRequest,
} from '../../protocol';

// Record documents (`tas-record:` URIs, the extension's virtual file system): reading, saving,
// creating and deleting through the core, and when their diagnostics are published (completion
// and hover are the language service's). The client tells the text each document was read as,
// so read-only fields changed in it are told.

interface Services {
  /** Told when devices, test nodes or trace filters changed here: the lists are read again. */
  session: ServiceSession;
  language: LanguageService;
  /** `tas.validation.maxProblems`: a record document shows no more than a test case does. */
  maxProblems: () => number;
}

const DELAY_MS = 150;

export interface RecordDocumentFeatures {
  schedule(doc: TextDocument): void;
  forget(uri: string): void;
  revalidateAll(): void;
}

export const isRecordDocument = (uri: string) => parseRecordDocumentUri(uri) !== undefined;

export function registerRecordDocumentFeatures(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  s: Services,
): RecordDocumentFeatures {
  const bases = new Map<string, Loose>();
  const timers = new Map<string, NodeJS.Timeout>();

  const validate = async (uri: string, version: number) => {
    const doc = documents.get(uri);
    if (!doc || doc.version !== version || !isRecordDocument(uri)) return;
    const diagnostics = await s.language.recordProblems(doc, bases.get(uri), s.maxProblems());
    if (documents.get(uri)?.version !== version) return;
    await connection.sendDiagnostics({ uri, version, diagnostics });
  };

  const features: RecordDocumentFeatures = {
    schedule(doc) {
      if (!isRecordDocument(doc.uri)) return;
      clearTimeout(timers.get(doc.uri));
      timers.set(
        doc.uri,
        setTimeout(() => {
          timers.delete(doc.uri);
          validate(doc.uri, doc.version).catch((err: unknown) =>
            connection.console.error(`checking ${doc.uri} failed: ${err instanceof Error ? err.message : String(err)}`),
          );
        }, DELAY_MS),
      );
    },
    forget(uri) {
      if (!isRecordDocument(uri)) return;
      clearTimeout(timers.get(uri));
      bases.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    },
    revalidateAll() {
      for (const doc of documents.all()) features.schedule(doc);
    },
  };

  connection.onNotification(RecordDocumentBaseNotification, ({ uri, text }) => {
    try {
      const v = JSON.parse(text) as unknown;
      if (isRecord(v)) bases.set(uri, v);
    } catch {
      bases.delete(uri);
    }
    const doc = documents.get(uri);
    if (doc) features.schedule(doc);
  });

  connection.onRequest(ReadRecordDocumentRequest, ({ kind, id }) =>
    s.session.act(
      { action: `open ${ENTITY_KIND_WORDS[kind]} ${id}`, ...(kind !== 'apiClient' && { record: { kind, id } }) },
      async (env) => ({ text: await s.session.actions(env).records.read(kind, id, env.baseUrl) }),
    ),
  );

  connection.onRequest(NewRecordDocumentRequest, ({ kind, testNodeId, deviceModelId }) =>
    s.session.act({ action: `start a new ${ENTITY_KIND_WORDS[kind]}` }, (env) =>
      Promise.resolve({
        text: s.session.actions(env).records.template(kind, env.baseUrl, {
          ...(testNodeId !== undefined && { testNodeId }),
          ...(deviceModelId !== undefined && { deviceModelId }),
        }),
      }),
    ),
  );

  connection.onRequest(RecordChoicesRequest, () =>
    s.session.act({ action: 'read the test nodes and device models' }, async () => ({
      testNodes: [...(await s.session.lists.testNodes()).values()],
      deviceModels: [...(await s.session.lists.deviceModels()).values()],
    })),
  );

  connection.onRequest(SaveRecordDocumentRequest, (p) => {
    // A lost answer may mean a saved record only once the create or update went out; the read
    // before it changes nothing, so losing that is the service not answering.
    const ctx: ActionContext = { action: 'save the record' };
    return s.session.act(ctx, async (env) => {
      const r = await s.session.actions(env).records.save(p.text, {
        service: env.baseUrl,
        ...(p.base !== undefined && { base: p.base }),
        ...(p.merge && { merge: true }),
        ...(p.force && { force: true }),
        sending: () => (ctx.lost = 'it may have been saved. Open the record again to see what the service has.'),
      });
      if (r.status === 'saved') s.session.listsChanged();
      return r;
    });
  });

  connection.onRequest(DeviceUsersRequest, ({ id }) =>
    s.session.act(
      { action: `read the test cases that use device ${id}`, record: { kind: 'mobileDevice', id } },
      (env) => s.session.actions(env).records.deviceUsers(id),
    ),
  );

  connection.onRequest(DeleteRecordRequest, ({ kind, id, shown }) =>
    s.session.act(
      {
        action: `delete ${ENTITY_KIND_WORDS[kind]} ${shown ?? id}`,
        ...(kind === 'mobileDevice' && { record: shownRecord(kind, id, shown) }),
      },
      async (env) => {
        await s.session.actions(env).records.delete(kind, id);
        s.session.listsChanged();
        return null;
      },
    ),
  );

  return features;
}
