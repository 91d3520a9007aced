import type { TextDocument } from '../text/textDocument';
import { DiagnosticCode, Severity, type Finding } from '../model/diagnostics';
import type { FileKind } from '../document/fileKind';
import { toDiagnostics } from '../jsonText';
import { itemsOf, testCasesIn, type Path } from '../document/testCaseModel';
import { exactInt, exactStr, isRecord } from '../base/read';
import type { ApiClientInfo } from './referenceData';

// API clients, the third kind of reference: a step's `params.apiClientId` must name one the
// service has, and the records an export bundle carries in `apiClients` should still have the
// names the service gives them. As with devices, an id the list lacks is asked for by its own
// GET before it is called unknown; any failure leaves it "not verified", never an error.

/** Where the checks get their answers: the reference cache. */
export interface ApiClientSource {
  apiClients(): Promise<Map<number, ApiClientInfo>>;
  apiClientRecord(id: number): Promise<ApiClientInfo | undefined>;
  reason(err: unknown): string;
}

/** A file's links here (sync state): a test case of another environment is checked by foreign.ts, not by id here. */
export type ApiClientLinks = (index: number | undefined) => { home?: unknown } | undefined;
type LinkOf = ApiClientLinks | undefined;

/** Each `params.apiClientId` of the document's steps and each record of a bundle's `apiClients`, with its path. */
export function apiClientRefs(
  kind: FileKind,
  value: unknown,
  linkOf?: LinkOf,
): { steps: { path: Path; id: number }[]; records: { path: Path; id: number; name?: string }[] } {
  const steps: { path: Path; id: number }[] = [];
  const records: { path: Path; id: number; name?: string }[] = [];
  for (const tc of testCasesIn(kind, value)) {
    if (linkOf?.(typeof tc.path[0] === 'number' ? tc.path[0] : undefined)?.home !== undefined) continue;
    for (const step of itemsOf(tc, 'testStepList')) {
      const params = step.value['params'];
      const id = isRecord(params) ? exactInt(params['apiClientId']) : undefined;
      if (id !== undefined) steps.push({ path: [...step.path, 'params', 'apiClientId'], id });
    }
    if (kind === 'bundle') {
      for (const rec of itemsOf(tc, 'apiClients')) {
        const id = exactInt(rec.value['id']);
        if (id !== undefined) records.push({ path: rec.path, id, name: exactStr(rec.value['name']) });
      }
    }
  }
  return { steps, records };
}

/** What the service says of each id: its record, unknown (a 404), or why it could not be read. */
export type ApiClientAnswers = Map<number, { info: ApiClientInfo } | { unknown: true } | { failed: string }>;

/** The answers for `ids`: from the list, else from each record's own GET (cached, one per id). */
export async function askApiClients(ids: Iterable<number>, source: ApiClientSource): Promise<ApiClientAnswers> {
  const out: ApiClientAnswers = new Map();
  let listed: Map<number, ApiClientInfo> | undefined;
  try {
    listed = await source.apiClients();
  } catch {
    // The records' own answers still settle each id.
  }
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const known = listed?.get(id);
      if (known) return void out.set(id, { info: known });
      try {
        const info = await source.apiClientRecord(id);
        out.set(id, info ? { info } : { unknown: true });
      } catch (err) {
        out.set(id, { failed: source.reason(err) });
      }
    }),
  );
  return out;
}

export function checkApiClients(kind: FileKind, value: unknown, answers: ApiClientAnswers, linkOf?: LinkOf): Finding[] {
  const { steps, records } = apiClientRefs(kind, value, linkOf);
  const out: Finding[] = [];
  for (const s of steps) {
    const a = answers.get(s.id);
    if (!a || 'info' in a) continue;
    if ('failed' in a) {
      out.push({
        path: s.path,
        on: 'value',
        message: `API client ${s.id} not verified: ${a.failed.replace(/\.$/, '')}.`,
        code: DiagnosticCode.notVerified,
        severity: Severity.Information,
      });
    } else {
      out.push({
        path: s.path,
        on: 'value',
        message: `API client ${s.id} does not exist on the service.`,
        code: DiagnosticCode.unknownApiClient,
        severity: Severity.Error,
      });
    }
  }
  for (const r of records) {
    const a = answers.get(r.id);
    const now = a && 'info' in a ? a.info.name : undefined;
    if (r.name !== undefined && now !== undefined && r.name !== now) {
      out.push({
        path: [...r.path, 'name'],
        on: 'value',
        message: `API client ${r.id} is now named '${now}' on the service.`,
        code: DiagnosticCode.staleApiClientName,
        severity: Severity.Warning,
        data: { replacement: now },
      });
    }
  }
  return out;
}

/** The API-client diagnostics of a document; online only (offline the references' one note says it). */
export async function apiClientProblems(
  doc: TextDocument,
  kind: FileKind,
  value: unknown,
  source: ApiClientSource,
  online: boolean,
  maxProblems = Infinity,
  linkOf?: LinkOf,
) {
  const { steps, records } = apiClientRefs(kind, value, linkOf);
  if (!online || steps.length + records.length === 0) return { diagnostics: [], omitted: 0 };
  const answers = await askApiClients(
    [...steps, ...records].map((r) => r.id),
    source,
  );
  const findings = checkApiClients(kind, value, answers, linkOf);
  const kept = findings.slice(0, maxProblems);
  return { diagnostics: toDiagnostics(doc, kept), omitted: findings.length - kept.length };
}
