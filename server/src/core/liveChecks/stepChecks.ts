import type { TextDocument } from '../text/textDocument';
import type { FileKind } from '../document/fileKind';
import type { Problems } from '../validation/analyze';
import { apiClientProblems, type ApiClientLinks, type ApiClientSource } from './apiClients';
import { stepFunctionProblems, type FunctionSource } from './stepFunctions';

// The checks of a document's steps against the service beside the reference lists: each step's
// function and parameters (functionparams), and each API client it names. One entry, so the
// language server and `tas validate` run the same checks with the same source (the cache).

/** The step-function and API-client problems of a document; none offline (the references' note says it). */
export function stepProblems(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  source: FunctionSource & ApiClientSource,
  online: boolean,
  maxProblems = Infinity,
  linkOf?: ApiClientLinks,
): Promise<Problems[]> {
  // A test case of another environment names API clients by its home's ids: foreign.ts looks them up by name instead.
  return Promise.all([
    stepFunctionProblems(doc, kind, value, source, online, maxProblems),
    apiClientProblems(doc, kind, value, source, online, maxProblems, linkOf),
  ]);
}
