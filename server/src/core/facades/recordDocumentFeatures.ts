import type { Loose } from '../base/read';
import { limitProblems } from '../validation/analyze';
import { isRecordDocumentKind } from '../recordDocuments/document';
import {
  completeRecord,
  hoverRecord,
  recordCompletionNeeds,
  recordDiagnostics,
  type RecordLists,
} from '../recordDocuments/language';
import { parseRecordDocumentUri } from '../model/files';
import type { CompletionItem, Diagnostic, Hover, Position } from '../text/shapes';
import type { TextDocument } from '../text/textDocument';
import type { ServiceSession } from './serviceSession';

// The language features of record documents (`tas-record:`, devices, test nodes, API clients,
// trace filters and suites as JSON): completion and hover from the one list a position needs,
// and their problems. Part of the language service.

export interface RecordDocumentFeatures {
  /** Whether the document is a record document. */
  serves(doc: TextDocument): boolean;
  complete(doc: TextDocument, position: Position): Promise<CompletionItem[]>;
  hover(doc: TextDocument, position: Position): Promise<Hover | null>;
  problems(doc: TextDocument, base: Loose | undefined, maxProblems: number): Promise<Diagnostic[]>;
}

export function recordDocumentFeatures(session: ServiceSession): RecordDocumentFeatures {
  const { environment: env, lists } = session;
  /** The one list a position needs; none offline or when it cannot be had. */
  const listsFor = async (need: 'testNode' | 'deviceModel' | 'testCase' | undefined): Promise<RecordLists> => {
    if (!need || !env.current) return {};
    try {
      if (need === 'testNode') return { testNodes: await lists.testNodes() };
      if (need === 'deviceModel') return { deviceModels: await lists.deviceModels() };
      return { testCases: await lists.testCases() };
    } catch {
      return {};
    }
  };
  return {
    serves: (doc) => parseRecordDocumentUri(doc.uri) !== undefined,
    complete: (doc, position) =>
      listsFor(recordCompletionNeeds(doc, position)).then((l) => completeRecord(doc, position, l)),
    hover: (doc, position) =>
      listsFor(recordCompletionNeeds(doc, position)).then((l) => hoverRecord(doc, position, l) ?? null),
    async problems(doc, base, maxProblems) {
      const target = parseRecordDocumentUri(doc.uri);
      if (!target) return [];
      const kind = isRecordDocumentKind(target.kind) ? target.kind : undefined;
      const diagnostics = await recordDiagnostics(doc, kind, base, env.current ? lists : undefined);
      // A record document shows no more than a test case does.
      return limitProblems(doc, [{ diagnostics, omitted: 0 }], maxProblems);
    },
  };
}
