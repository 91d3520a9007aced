import { LSPErrorCodes, ResponseError, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ApiError, classifyFailure, codeActions, complete, type CompletionData, completionNeeds, type ConnectionStatusReporter, documentLinks, type EnvironmentState, failureMessage, fileKindOf, hover, type HoverData, hoverTarget, parseJson, reasonOf, type ReferenceCache } from '../../core';
import { GetRecordRequest, RefreshRequest } from '../../protocol';
import type { ValidationScheduler } from '../validation';

// Thin adapters from LSP requests to the transport-free features in core/.

interface Services {
  refs: ReferenceCache;
  env: EnvironmentState;
  validation: ValidationScheduler;
  status: ConnectionStatusReporter;
}

const NOT_SIGNED_IN = 'No service credentials are set: run Test Automation: Sign In.';

/**
 * A failed custom request as the user should read it: a ResponseError keeps its message as
 * it is, where any other error would reach the editor as "Request tas/... failed with message".
 */
function plainFailure(what: string, err: unknown, baseUrl: string): ResponseError<void> {
  const message = err instanceof ResponseError ? err.message : `${what} failed. ${failureMessage(classifyFailure(err), baseUrl)}`;
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

/** A cached lookup that yields undefined instead of failing: completion and hover go on offline. */
async function optional<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch {
    return undefined;
  }
}

export function registerFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): void {
  const docOf = (uri: string) => {
    const doc = documents.get(uri);
    const kind = fileKindOf(uri);
    return doc && kind ? { doc, kind } : undefined;
  };

  connection.onCompletion(async ({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    const needs = completionNeeds(d.doc, position);
    const online = s.env.current !== undefined;
    const data: CompletionData = {
      devices: online ? await optional(() => s.refs.devices()) : undefined,
      traceFilters: online ? await optional(() => s.refs.traceFilters()) : undefined,
      stepFunction: online && needs.stepFunction ? await optional(() => s.refs.functionInfo(needs.stepFunction!)) : undefined,
    };
    return complete(d.doc, d.kind, position, data);
  });

  connection.onHover(async ({ textDocument, position }) => {
    const d = docOf(textDocument.uri);
    if (!d) return null;
    const target = hoverTarget(d.doc, position);
    const data: HoverData = {};
    const env = s.env.current;
    if (target.kind !== 'schema') {
      if (!env) data.unavailable = 'no service credentials are set.';
      else {
        try {
          // From the list, or from the record's own answer when the list lacks it or only summarises it.
          if (target.kind === 'device') {
            const device = await s.refs.device(target.id);
            data.device = device && { ...device, status: await optional(() => s.refs.deviceStatus(target.id)) };
          } else if (target.kind === 'traceFilter') data.traceFilter = await s.refs.traceFilter(target.id);
          else data.stepFunction = await s.refs.functionInfo(target.name);
        } catch (err) {
          // In words: the hover is no place for a method, a path or a raw network error.
          data.unavailable = reasonOf(err, env.baseUrl);
        }
      }
    }
    return hover(d.doc, d.kind, position, data) ?? null;
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const d = docOf(textDocument.uri);
    return d ? codeActions(d.doc, d.kind, context.diagnostics) : [];
  });

  connection.onDocumentLinks(({ textDocument }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    // Links need the value only: no syntax diagnostics are made (0 of them).
    const parsed = parseJson(d.doc, 0);
    return parsed.ok ? documentLinks(d.doc, d.kind, parsed.value) : [];
  });

  connection.onRequest(RefreshRequest, async () => {
    const env = s.env.current;
    if (!env) throw new ResponseError(LSPErrorCodes.RequestFailed, NOT_SIGNED_IN);
    s.refs.clear();
    try {
      const [devices, traceFilters, testCases] = await Promise.all([s.refs.devices(), s.refs.traceFilters(), s.refs.testCases()]);
      s.status.update({ ok: true });
      return { devices: devices.size, traceFilters: traceFilters.size, testCases: testCases.size };
    } catch (err) {
      s.status.update({ ok: false, error: err });
      throw plainFailure('Reloading devices, trace filters and test cases', err, env.baseUrl);
    } finally {
      s.validation.revalidateAll();
    }
  });

  connection.onRequest(GetRecordRequest, async ({ kind, id }) => {
    const env = s.env.current;
    if (!env) throw new ResponseError(LSPErrorCodes.RequestFailed, NOT_SIGNED_IN);
    const label = { mobileDevice: 'Mobile device', traceFilter: 'Trace filter', testCase: 'Test case', testSuite: 'Test suite', testNode: 'Test node' }[kind];
    let record: unknown;
    try {
      record =
        kind === 'mobileDevice'
          ? await env.client.devices.get(id)
          : kind === 'traceFilter'
            ? await env.client.traceFilters.get(id)
            : kind === 'testSuite'
              ? await env.client.testSuites.get(id)
              : kind === 'testNode'
                ? await env.client.testNodes.get(id)
                : await env.client.testCases.get(id);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'notFound') {
        throw new ResponseError(LSPErrorCodes.RequestFailed, `${label} ${id} does not exist on the service at ${env.baseUrl}.`);
      }
      throw plainFailure(`Opening ${label.toLowerCase()} ${id}`, err, env.baseUrl);
    }
    return { title: `${label} ${id} (${env.name})`, text: JSON.stringify(record, null, 2) + '\n' };
  });
}
