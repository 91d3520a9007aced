import { fileKindOf, type FileKind } from '../document/fileKind';
import type { Path } from '../document/testCaseModel';
import { HISTORY_BEING_READ } from '../history/words';
import { parseJson } from '../jsonText';
import { codeActions, type FixCommands } from '../language/codeActions';
import { complete, type CompletionData, completionNeeds } from '../language/completion';
import { foldingRanges, selectionRanges } from '../language/folding';
import { type FormatOptions, formatEdits } from '../language/format';
import { caseNameAt, hover, type HoverData, hoverTarget } from '../language/hover';
import { documentLinks } from '../language/links';
import { definition, inlayHints, type InlayHintShape } from '../language/referenceNavigation';
import { documentSymbols, flatSymbols, type SymbolNames } from '../language/symbols';
import type { HereContext } from '../language/workspaceHomes';
import { WorkspaceIndex } from '../language/workspaceIndex';
import { counterpartHere, homeAt, homeIdsHere } from '../liveChecks/counterpart';
import { knownFunctions } from '../liveChecks/stepFunctions';
import type { ReferenceKind } from '../model/entityKinds';
import { caseLinks } from '../sync/caseLinks';
import { envKey } from '../sync/envKey';
import type { Loose } from '../base/read';
import type {
  CodeAction,
  ClientDiagnostic,
  CompletionItem,
  Diagnostic,
  DocumentLink,
  Hover,
  Position,
  Range,
  TextEdit,
} from '../text/shapes';
import type { DocumentSymbol, FoldingRange, Location, SelectionRange, SymbolInformation } from '../text/editingShapes';
import type { TextDocument } from '../text/textDocument';
import { LATE, optional, within } from '../base/optional';
import { keptCompletion, keptHover, keptNames } from './keptFeatures';
import { recordDocumentFeatures } from './recordDocumentFeatures';
import type { ServiceSession } from './serviceSession';
import { type DocumentChecks, documentChecks } from './validation';
import { validationDelay } from '../validation/delay';

// The language features of test-case files and record documents, made in one call, as
// yaml-language-server's getLanguageService() is: the host gives its session (the service's
// lists), the ids of its commands and its settings, then hands each request's document over.
// Every method answers for any document: one it does not serve gets the empty answer.

export interface LanguageServiceOptions {
  session: ServiceSession;
  /** The ids of the host's commands a quick fix names. */
  commands: FixCommands;
  /** The workspace folders, as file uris (Find All References, workspace symbols). */
  roots: () => string[];
  /** The open documents, whose text wins over the files on disk. */
  openDocuments: () => readonly TextDocument[];
  /** Whether the host reports changes of test-case files (fileChanged); else each query looks at the files' times. */
  watched: () => boolean;
  /** Names after reference ids (tas.inlayHints.enabled). */
  inlayHints: () => boolean;
}

export interface LanguageService {
  complete(doc: TextDocument, position: Position): Promise<CompletionItem[]>;
  hover(doc: TextDocument, position: Position): Promise<Hover | null>;
  codeActions(doc: TextDocument, diagnostics: ClientDiagnostic[]): CodeAction[];
  documentLinks(doc: TextDocument): DocumentLink[];
  /** The whole document, or `range` of it. */
  format(doc: TextDocument, options: FormatOptions, range?: Range): TextEdit[];
  /** The outline: hierarchical, or flat for a client without hierarchical symbols. */
  symbols(doc: TextDocument, hierarchical: boolean): Promise<DocumentSymbol[] | SymbolInformation[]>;
  foldingRanges(doc: TextDocument, limit: number): FoldingRange[];
  selectionRanges(doc: TextDocument, positions: Position[]): SelectionRange[];
  inlayHints(doc: TextDocument, range: Range): Promise<InlayHintShape[]>;
  definition(doc: TextDocument, position: Position): { uri: string; range: Range } | null;
  /** Find All References on the device, trace filter or API client id at `position`, across the workspace. */
  references(doc: TextDocument, position: Position): Promise<Location[]>;
  workspaceSymbols(query: string): Promise<SymbolInformation[]>;
  /** A test-case file or sync state changed or was deleted on disk (the host's file events). */
  fileChanged(uri: string, deleted: boolean): void;
  /** Reads every test-case file of the workspace for references and symbols; how many there are. */
  indexWorkspace(): Promise<number>;
  /** The checks of a test-case file, in the stages the host runs them; undefined for any other document. */
  checks(doc: TextDocument, maxProblems: number): DocumentChecks | undefined;
  /** How long to wait after an edit before checking a document again, given its last check's cost and the debounce setting (ms). */
  checkDelay(lastCostMs: number | undefined, debounceMs: number): number;
  /** A record document's problems, at most `maxProblems`, given the text it was read as (`base`: read-only fields changed in it are told). */
  recordProblems(doc: TextDocument, base: Loose | undefined, maxProblems: number): Promise<Diagnostic[]>;
}

/**
 * How long completion waits for summary list items to be completed by their records (once per
 * cache life, a few at a time). Past it, the list as the service sent it answers; the records go
 * on loading for the next completion.
 */
const COMPLETED_RECORDS_WAIT_MS = 2000;

/** The completed list when it comes in time, else the plain one. */
async function completedInTime<T>(completed: () => Promise<T>, plain: () => Promise<T>): Promise<T | undefined> {
  const inTime = await within(completed, COMPLETED_RECORDS_WAIT_MS);
  return inTime !== LATE && inTime !== undefined ? inTime : await optional(plain);
}

/**
 * How long the hover of a test case's name waits for its history: the first one after sign-in
 * reads the newest executions, which a slow service can take seconds to send. Past it the hover
 * answers without the history, saying so; the read goes on for the next hover.
 */
const HISTORY_HOVER_WAIT_MS = 1500;

export function createLanguageService(o: LanguageServiceOptions): LanguageService {
  const { environment: env, lists } = o.session;
  const records = recordDocumentFeatures(o.session);
  const workspace = new WorkspaceIndex(
    o.roots,
    o.openDocuments as () => readonly (TextDocument & { version: number })[],
    o.watched,
  );
  const kindOf = (doc: TextDocument): FileKind | undefined => fileKindOf(doc.uri);

  /** The home of the test case at `path` when the active environment is not it (the sync state says). */
  const foreignHome = async (uri: string, kind: FileKind, path: Path) => {
    const current = env.current;
    return current
      ? homeAt(await caseLinks(uri, envKey(current.baseUrl)).catch(() => undefined), kind, path)
      : undefined;
  };
  /** The active environment's records of a kind, as the live checks read them (cached). */
  const listHere = (kind: ReferenceKind) =>
    kind === 'mobileDevice' ? lists.devices() : kind === 'traceFilter' ? lists.traceFilters() : lists.apiClients();

  /**
   * The service's names for the outline and the hints: only when signed in, never an error; API
   * clients only when asked for (most files name none, and their list is not loaded for nothing).
   */
  const serviceNames = async (withApiClients = false): Promise<SymbolNames> => {
    if (!env.current) return {};
    const [devices, traceFilters, apiClients] = await Promise.all([
      optional(() => lists.devices()),
      optional(() => lists.traceFilters()),
      withApiClients ? optional(() => lists.apiClients()) : undefined,
    ]);
    return { devices, traceFilters, apiClients };
  };

  // The active environment's key and records: a file whose sync state says its ids are another
  // environment's is matched by who its references are (sync/identities.ts), not by their ids.
  const here = (): HereContext => {
    const current = env.current;
    return {
      ...(current && { env: envKey(current.baseUrl) }),
      directory: async (kind) => (current ? await listHere(kind) : undefined),
    };
  };

  return {
    async complete(doc, position) {
      if (records.serves(doc)) return records.complete(doc, position);
      const kind = kindOf(doc);
      if (!kind) return [];
      const needs = completionNeeds(doc, position);
      const online = env.current !== undefined;
      // Summary items ({id, name}) completed by their records: the MSISDN and the filter show.
      const [devices, traceFilters] = online
        ? await Promise.all([
            completedInTime(
              () => lists.completedDevices(),
              () => lists.devices(),
            ),
            completedInTime(
              () => lists.completedTraceFilters(),
              () => lists.traceFilters(),
            ),
          ])
        : [undefined, undefined];
      const data: CompletionData = {
        devices,
        traceFilters,
        stepFunction:
          online && needs.stepFunction ? await optional(() => lists.functionInfo(needs.stepFunction!)) : undefined,
        functions: online && needs.functionNames ? await optional(() => knownFunctions(lists)) : undefined,
        apiClients: online && needs.apiClients ? await optional(() => lists.apiClients()) : undefined,
      };
      // Another environment's file: its own (home) ids are offered, named by their counterparts here.
      const home = online && needs.reference ? await foreignHome(doc.uri, kind, needs.reference.path) : undefined;
      if (home && needs.reference) {
        const list = await optional(() => listHere(needs.reference!.kind));
        if (list) data.foreign = { home: home.env, ids: homeIdsHere(needs.reference.kind, home, list) };
      }
      // The service cannot be reached: the lists last read stand in, marked with their time.
      const kept = online && !data.foreign ? await lists.keptWhileOffline() : undefined;
      return complete(doc, kind, position, kept ? keptCompletion(kept, needs, data) : data);
    },

    async hover(doc, position) {
      if (records.serves(doc)) return records.hover(doc, position);
      const kind = kindOf(doc);
      if (!kind) return null;
      const target = hoverTarget(doc, position);
      const data: HoverData = {};
      const named = caseNameAt(doc, kind, position);
      if (named && env.current) {
        // A linked test case's name: its history, from the session's one History (never an error here).
        const link = (await caseLinks(doc.uri, envKey(env.current.baseUrl)).catch(() => undefined))?.(named.index);
        if (link?.id !== undefined) {
          const id = link.id;
          const links = [{ id, ...(link.updated !== undefined && { updated: link.updated }) }];
          const shown = await within(() => o.session.historyViews.cases([id], links), HISTORY_HOVER_WAIT_MS);
          const markdown = shown === LATE ? HISTORY_BEING_READ : shown?.cases[0]?.markdown;
          if (markdown) data.history = markdown;
        }
      }
      if (target.kind !== 'schema') {
        if (!env.current) data.unavailable = lists.reason();
        else {
          try {
            let id = target.kind === 'stepFunction' ? undefined : target.id;
            // Another environment's id: its counterpart here is shown, found by who it is.
            const home = target.kind === 'stepFunction' ? undefined : await foreignHome(doc.uri, kind, target.path);
            if (home && target.kind !== 'stepFunction') {
              const c = counterpartHere(target.kind, target.id, home, await listHere(target.kind));
              data.foreign = {
                home: home.env,
                ...(c.who && { who: c.who }),
                candidates: c.candidates,
                ...(c.chosen && { chosen: true }),
              };
              id = c.candidates.length === 1 ? c.candidates[0] : undefined;
            }
            // From the list, or from the record's own answer when the list lacks it or only summarises it.
            if (target.kind === 'stepFunction') data.stepFunction = await lists.functionInfo(target.name);
            else if (id === undefined) {
              // No single counterpart: the hover says so, with no record.
            } else if (target.kind === 'mobileDevice') {
              const device = await lists.device(id);
              data.device = device && { ...device, status: await optional(() => lists.deviceStatus(id)) };
            } else if (target.kind === 'traceFilter') data.traceFilter = await lists.traceFilter(id);
            else
              data.apiClient = (await optional(() => lists.apiClients()))?.get(id) ?? (await lists.apiClientRecord(id));
          } catch (err) {
            // The service cannot be reached: the record as last read, else "not verified" (never "not found").
            const kept = data.foreign ? undefined : await lists.keptWhileOffline();
            // In words: the hover is no place for a method, a path or a raw network error.
            if (!(kept && keptHover(kept, target, data))) data.unavailable = lists.reason(err);
          }
        }
      }
      return hover(doc, kind, position, data) ?? null;
    },

    codeActions(doc, diagnostics) {
      const kind = kindOf(doc);
      return kind ? codeActions(doc, kind, diagnostics, o.commands) : [];
    },

    documentLinks(doc) {
      const kind = kindOf(doc);
      if (!kind) return [];
      // Links need the value only: no syntax diagnostics are made (0 of them).
      const parsed = parseJson(doc, 0);
      return parsed.ok ? documentLinks(doc, kind, parsed.value) : [];
    },

    // Layout needs no kind: every JSON document (record documents too) is formatted, folded and
    // selected like a test-case file.
    format: (doc, options, range) => formatEdits(doc, options, range),
    foldingRanges: (doc, limit) => foldingRanges(doc, limit),
    selectionRanges: (doc, positions) => selectionRanges(doc, positions),

    async symbols(doc, hierarchical) {
      const kind = kindOf(doc);
      if (!kind) return [];
      const symbols = documentSymbols(doc, kind, await serviceNames());
      return hierarchical ? symbols : flatSymbols(doc.uri, symbols);
    },

    async inlayHints(doc, range) {
      const kind = kindOf(doc);
      if (!kind || !o.inlayHints() || !env.current) return [];
      // Offline, the names last read, marked with their time; never a name the lists did not have.
      const names = await serviceNames(true);
      const kept = await lists.keptWhileOffline();
      return inlayHints(doc, kind, kept ? keptNames(kept, names) : names, range);
    },

    definition(doc, position) {
      const kind = kindOf(doc);
      return (kind && definition(doc, kind, position)) ?? null;
    },

    async references(doc, position) {
      const kind = kindOf(doc);
      if (!kind) return [];
      const t = hoverTarget(doc, position);
      if (t.kind !== 'mobileDevice' && t.kind !== 'traceFilter' && t.kind !== 'apiClient') return [];
      // The open document counts even when it lies outside the workspace folders.
      return workspace.references(t.kind, t.id, { uri: doc.uri, position }, here());
    },

    workspaceSymbols: (query) => workspace.symbols(query),
    fileChanged: (uri, deleted) => workspace.changed(uri, deleted),
    async indexWorkspace() {
      await workspace.build();
      return workspace.size;
    },
    checks: (doc, maxProblems) => documentChecks(o.session, doc, maxProblems),
    checkDelay: validationDelay,
    recordProblems: (doc, base, maxProblems) => records.problems(doc, base, maxProblems),
  };
}
