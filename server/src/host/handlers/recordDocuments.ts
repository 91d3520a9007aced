import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type ActionContext,
  completeRecord,
  deleteRecord,
  deviceTestCaseNames,
  documentText,
  type EnvironmentState,
  hoverRecord,
  isRecord,
  isRecordDocumentKind,
  limitProblems,
  type Loose,
  parseRecordDocumentUri,
  readRecordDocument,
  recordCompletionNeeds,
  recordDiagnostics,
  type RecordLists,
  recordText,
  ENTITY_KIND_WORDS,
  type ReferenceCache,
  saveRecordDocument,
  templateOf,
  type CompletionItem,
  type Hover,
  type Position,
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
import { act } from './outcome';

// Record documents (`tas-record:` URIs, the extension's virtual file system): reading, saving,
// creating and deleting through the core, and their diagnostics, completion and hover. The
// client tells the text each document was read as, so read-only fields changed in it are told.

interface Services {
  env: EnvironmentState;
  refs: ReferenceCache;
  /** Devices, test nodes or trace filters changed: the reference lists are read again. */
  changed: () => void;
  /** `tas.validation.maxProblems`: a record document shows no more than a test case does. */
  maxProblems: () => number;
}

const DELAY_MS = 150;

export interface RecordDocumentFeatures {
  schedule(doc: TextDocument): void;
  forget(uri: string): void;
  revalidateAll(): void;
  complete(uri: string, position: Position): Promise<CompletionItem[]> | undefined;
  hover(uri: string, position: Position): Promise<Hover | null> | undefined;
}

export const isRecordDocument = (uri: string) => parseRecordDocumentUri(uri) !== undefined;

export function registerRecordDocumentFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): RecordDocumentFeatures {
  const bases = new Map<string, Loose>();
  const timers = new Map<string, NodeJS.Timeout>();

  const validate = async (uri: string, version: number) => {
    const doc = documents.get(uri);
    const target = parseRecordDocumentUri(uri);
    if (!doc || doc.version !== version || !target) return;
    const kind = isRecordDocumentKind(target.kind) ? target.kind : undefined;
    const diagnostics = await recordDiagnostics(doc, kind, bases.get(uri), s.env.current ? s.refs : undefined);
    if (documents.get(uri)?.version !== version) return;
    await connection.sendDiagnostics({ uri, version, diagnostics: limitProblems(doc, [{ diagnostics, omitted: 0 }], s.maxProblems()) });
  };

  const features: RecordDocumentFeatures = {
    schedule(doc) {
      if (!isRecordDocument(doc.uri)) return;
      clearTimeout(timers.get(doc.uri));
      timers.set(
        doc.uri,
        setTimeout(() => {
          timers.delete(doc.uri);
          validate(doc.uri, doc.version).catch((err: unknown) => connection.console.error(`checking ${doc.uri} failed: ${err instanceof Error ? err.message : String(err)}`));
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
    complete(uri, position) {
      const doc = documents.get(uri);
      if (!doc || !isRecordDocument(uri)) return undefined;
      return listsFor(recordCompletionNeeds(doc, position)).then((lists) => completeRecord(doc, position, lists));
    },
    hover(uri, position) {
      const doc = documents.get(uri);
      if (!doc || !isRecordDocument(uri)) return undefined;
      return listsFor(recordCompletionNeeds(doc, position)).then((lists) => hoverRecord(doc, position, lists) ?? null);
    },
  };

  /** The one list a position needs; none offline or when it cannot be had. */
  const listsFor = async (need: 'testNode' | 'deviceModel' | 'testCase' | undefined): Promise<RecordLists> => {
    if (!need || !s.env.current) return {};
    try {
      if (need === 'testNode') return { testNodes: await s.refs.testNodes() };
      if (need === 'deviceModel') return { deviceModels: await s.refs.deviceModels() };
      return { testCases: await s.refs.testCases() };
    } catch {
      return {};
    }
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
    act(s.env, { action: `open ${ENTITY_KIND_WORDS[kind]} ${id}`, ...(kind !== 'apiClient' && { record: { kind, id } }) }, async (env) =>
      ({ text: recordText(env.client, await readRecordDocument(env.client, kind, id, env.baseUrl)) }),
    ),
  );

  connection.onRequest(NewRecordDocumentRequest, ({ kind, testNodeId, deviceModelId }) =>
    act(s.env, { action: `start a new ${ENTITY_KIND_WORDS[kind]}` }, (env) =>
      Promise.resolve({ text: documentText(templateOf(kind, env.baseUrl, { ...(testNodeId !== undefined && { testNodeId }), ...(deviceModelId !== undefined && { deviceModelId }) })) }),
    ),
  );

  connection.onRequest(RecordChoicesRequest, () =>
    act(s.env, { action: 'read the test nodes and device models' }, async () => ({
      testNodes: [...(await s.refs.testNodes()).values()],
      deviceModels: [...(await s.refs.deviceModels()).values()],
    })),
  );

  connection.onRequest(SaveRecordDocumentRequest, (p) => {
    // A lost answer may mean a saved record only once the create or update went out; the read
    // before it changes nothing, so losing that is the service not answering.
    const ctx: ActionContext = { action: 'save the record' };
    return act(s.env, ctx, async (env) => {
      const r = await saveRecordDocument(env.client, p.text, {
        service: env.baseUrl,
        ...(p.base !== undefined && { base: p.base }),
        ...(p.merge && { merge: true }),
        ...(p.force && { force: true }),
        sending: () => (ctx.lost = 'it may have been saved. Open the record again to see what the service has.'),
      });
      if (r.status === 'saved') s.changed();
      return r;
    });
  });

  connection.onRequest(DeviceUsersRequest, ({ id }) =>
    act(s.env, { action: `read the test cases that use device ${id}`, record: { kind: 'mobileDevice', id } }, (env) => deviceTestCaseNames(env.client, id)),
  );

  connection.onRequest(DeleteRecordRequest, ({ kind, id, shown }) =>
    act(
      s.env,
      { action: `delete ${ENTITY_KIND_WORDS[kind]} ${shown ?? id}`, ...(kind === 'mobileDevice' && { record: { kind, id, ...(shown !== undefined && { name: shown }) } }) },
      async (env) => {
        await deleteRecord(env.client, kind, id);
        s.changed();
        return null;
      },
    ),
  );

  return features;
}
