import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { caseLinks, codeActions, complete, counterpartHere, envKey, type FileKind, homeAt, homeIdsHere, type Path, type ReferenceKind, type CompletionData, completionNeeds, type ConnectionStatusReporter, documentLinks, type EnvironmentState, fileKindOf, hover, type HoverData, hoverTarget, knownFunctions, parseJson, type ReferenceCache, shownApiClient } from '../../core';
import { GetRecordRequest, RefreshRequest } from '../../protocol';
import type { ValidationScheduler } from '../validation';
import type { RecordDocumentFeatures } from './recordDocuments';
import { act, recordGone } from './outcome';
import { CHOOSE_COUNTERPART_COMMAND } from '../words';

// Thin adapters from LSP requests to the transport-free features in core/.

interface Services {
  refs: ReferenceCache;
  env: EnvironmentState;
  validation: ValidationScheduler;
  status: ConnectionStatusReporter;
  recordDocuments: RecordDocumentFeatures;
}

/** A cached lookup that yields undefined instead of failing: completion and hover go on offline. */
async function optional<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch {
    return undefined;
  }
}

/**
 * How long completion waits for summary list items to be completed by their records (once per
 * cache life, a few at a time). Past it, the list as the service sent it answers; the records go
 * on loading for the next completion.
 */
const COMPLETED_RECORDS_WAIT_MS = 2000;

/** The completed list when it comes in time, else the plain one. */
async function completedInTime<T>(completed: () => Promise<T>, plain: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), COMPLETED_RECORDS_WAIT_MS);
  });
  try {
    return (await Promise.race([optional(completed), late])) ?? (await optional(plain));
  } finally {
    clearTimeout(timer);
  }
}

export function registerFeatures(connection: Connection, documents: TextDocuments<TextDocument>, s: Services): void {
  const docOf = (uri: string) => {
    const doc = documents.get(uri);
    const kind = fileKindOf(uri);
    return doc && kind ? { doc, kind } : undefined;
  };

  /** The home of the test case at `path` when the active environment is not it (the sync state says). */
  const foreignHome = async (uri: string, kind: FileKind, path: Path) => {
    const env = s.env.current;
    return env ? homeAt(await caseLinks(uri, envKey(env.baseUrl)).catch(() => undefined), kind, path) : undefined;
  };
  /** The active environment's records of a kind, as the reference checks read them (cached). */
  const listHere = (kind: ReferenceKind) => (kind === 'mobileDevice' ? s.refs.devices() : kind === 'traceFilter' ? s.refs.traceFilters() : s.refs.apiClients());

  connection.onCompletion(async ({ textDocument, position }) => {
    const record = s.recordDocuments.complete(textDocument.uri, position);
    if (record) return record;
    const d = docOf(textDocument.uri);
    if (!d) return [];
    const needs = completionNeeds(d.doc, position);
    const online = s.env.current !== undefined;
    // Summary items ({id, name}) completed by their records: the MSISDN and the filter show.
    const [devices, traceFilters] = online
      ? await Promise.all([completedInTime(() => s.refs.completedDevices(), () => s.refs.devices()), completedInTime(() => s.refs.completedTraceFilters(), () => s.refs.traceFilters())])
      : [undefined, undefined];
    const data: CompletionData = {
      devices,
      traceFilters,
      stepFunction: online && needs.stepFunction ? await optional(() => s.refs.functionInfo(needs.stepFunction!)) : undefined,
      functions: online && needs.functionNames ? await optional(() => knownFunctions(s.refs)) : undefined,
      apiClients: online && needs.apiClients ? await optional(() => s.refs.apiClients()) : undefined,
    };
    // Another environment's file: its own (home) ids are offered, named by their counterparts here.
    const home = online && needs.reference ? await foreignHome(textDocument.uri, d.kind, needs.reference.path) : undefined;
    if (home && needs.reference) {
      const list = await optional(() => listHere(needs.reference!.kind));
      if (list) data.foreign = { home: home.env, ids: homeIdsHere(needs.reference.kind, home, list) };
    }
    return complete(d.doc, d.kind, position, data);
  });

  connection.onHover(async ({ textDocument, position }) => {
    const record = s.recordDocuments.hover(textDocument.uri, position);
    if (record) return record;
    const d = docOf(textDocument.uri);
    if (!d) return null;
    const target = hoverTarget(d.doc, position);
    const data: HoverData = {};
    const env = s.env.current;
    if (target.kind !== 'schema') {
      if (!env) data.unavailable = s.refs.reason();
      else {
        try {
          let id = target.kind === 'stepFunction' ? undefined : target.id;
          // Another environment's id: its counterpart here is shown, found by who it is.
          const home = target.kind === 'stepFunction' ? undefined : await foreignHome(textDocument.uri, d.kind, target.path);
          if (home && target.kind !== 'stepFunction') {
            const c = counterpartHere(target.kind, target.id, home, await listHere(target.kind));
            data.foreign = { home: home.env, ...(c.who && { who: c.who }), candidates: c.candidates, ...(c.chosen && { chosen: true }) };
            id = c.candidates.length === 1 ? c.candidates[0] : undefined;
          }
          // From the list, or from the record's own answer when the list lacks it or only summarises it.
          if (target.kind === 'stepFunction') data.stepFunction = await s.refs.functionInfo(target.name);
          else if (id === undefined) {
            // No single counterpart: the hover says so, with no record.
          } else if (target.kind === 'mobileDevice') {
            const device = await s.refs.device(id);
            data.device = device && { ...device, status: await optional(() => s.refs.deviceStatus(id)) };
          } else if (target.kind === 'traceFilter') data.traceFilter = await s.refs.traceFilter(id);
          else data.apiClient = (await optional(() => s.refs.apiClients()))?.get(id) ?? (await s.refs.apiClientRecord(id));
        } catch (err) {
          // In words: the hover is no place for a method, a path or a raw network error.
          data.unavailable = s.refs.reason(err);
        }
      }
    }
    return hover(d.doc, d.kind, position, data) ?? null;
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const d = docOf(textDocument.uri);
    return d ? codeActions(d.doc, d.kind, context.diagnostics, { chooseCounterpart: CHOOSE_COUNTERPART_COMMAND }) : [];
  });

  connection.onDocumentLinks(({ textDocument }) => {
    const d = docOf(textDocument.uri);
    if (!d) return [];
    // Links need the value only: no syntax diagnostics are made (0 of them).
    const parsed = parseJson(d.doc, 0);
    return parsed.ok ? documentLinks(d.doc, d.kind, parsed.value) : [];
  });

  connection.onRequest(RefreshRequest, () =>
    act(s.env, { action: 'reload devices, trace filters and test cases' }, async () => {
      s.refs.clear();
      try {
        const [devices, traceFilters, testCases] = await Promise.all([s.refs.devices(), s.refs.traceFilters(), s.refs.testCases()]);
        s.status.update({ ok: true });
        return { devices: devices.size, traceFilters: traceFilters.size, testCases: testCases.size };
      } catch (err) {
        // The status bar follows what the reload found.
        s.status.update({ ok: false, error: err });
        throw err;
      } finally {
        s.validation.revalidateAll();
      }
    }),
  );

  connection.onRequest(GetRecordRequest, async ({ kind, id }) => {
    const label = { mobileDevice: 'Mobile device', traceFilter: 'Trace filter', testCase: 'Test case', testSuite: 'Test suite', testNode: 'Test node', apiClient: 'API client' }[kind];
    // A link in a file, not a view, leads here: a 404 means the file names something the service lacks.
    const ctx = { action: `open ${label.toLowerCase()} ${id}`, notFound: `it does not exist on the service at ${s.env.current?.baseUrl ?? 'this URL'}.` };
    const o = await act(s.env, ctx, async (env) => {
      const c = env.client;
      const record =
        kind === 'mobileDevice'
          ? await c.devices.get(id)
          : kind === 'traceFilter'
            ? await c.traceFilters.get(id)
            : kind === 'testSuite'
              ? await c.testSuites.get(id)
              : kind === 'testNode'
                ? await c.testNodes.get(id)
                : kind === 'apiClient'
                  ? shownApiClient(await c.apiClients.get(id))
                  : await c.testCases.get(id);
      // Shown as it is but for secrets (a step's password, say), masked by the one rule.
      return { title: `${label} ${id} (${env.name})`, text: c.session.scrub(JSON.stringify(record, null, 2)) + '\n' };
    });
    // Gone from the service: gone from the views and the reference cache too, whoever opened it.
    if (!o.ok && o.error.kind === 'notFound') recordGone({ kind, id });
    return o;
  });
}
