import type { TasClient } from '../api/client';
import { ApiError } from '../api/errors';
import { failureOf, WordedFailure } from '../failures/classify';
import { traceFilterHeldWords } from '../failures/held';
import { completeItems, lacksField } from '../api/completeItems';
import type { Loose } from '../api/types';
import { int, isRecord, text } from '../base/read';
import type { TraceFilterSummary } from '../model/projects';
import { projectsField } from '../projects/projectsField';

// Trace filters for their view. The document shows only the body fields (name, filter), so the
// records are read leniently; the record view shows the rest.

export function summarizeTraceFilter(raw: unknown): TraceFilterSummary | undefined {
  if (!isRecord(raw)) return undefined;
  const id = int(raw['id']);
  if (id === undefined) return undefined;
  return {
    id,
    name: text(raw['name']) ?? `Trace filter ${id}`,
    filter: typeof raw['filter'] === 'string' ? raw['filter'] : '',
    projects: projectsField(raw) ?? [],
  };
}

/** Thrown before any request when a name or filter is empty. */
export class TraceFilterInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceFilterInputError';
  }
}

function checked(input: { name: string; filter: string }): { name: string; filter: string } {
  const name = input.name.trim();
  if (name === '') throw new TraceFilterInputError('a trace filter needs a name');
  if (input.filter.trim() === '') throw new TraceFilterInputError('a trace filter needs a filter expression');
  return { name, filter: input.filter };
}

export class TraceFilterActions {
  constructor(
    private readonly client: TasClient,
    /** Called after a change, so references in open files are checked against the new list. */
    private readonly changed: () => void,
    /** A trace filter's own record (a cached one in the language server), for list items without `filter`. */
    private readonly record: (id: number) => Promise<Loose | undefined> = (id) => client.traceFilters.get(id),
  ) {}

  async list(): Promise<TraceFilterSummary[]> {
    const list = await this.client.traceFilters.list();
    return (await completeItems(list, lacksField('filter'), this.record)).flatMap((f) => summarizeTraceFilter(f) ?? []);
  }

  async create(input: { name: string; filter: string }): Promise<{ id?: number }> {
    const id = await this.client.traceFilters.create(checked(input));
    this.changed();
    return id === undefined ? {} : { id };
  }

  async update(id: number, input: { name: string; filter: string }): Promise<null> {
    await this.client.traceFilters.update(id, checked(input));
    this.changed();
    return null;
  }

  /**
   * Deletes; a refusal (409) names the test cases whose traceFilters still name it when the list's
   * items carry that field (the document's list items do not; records are not read one by one).
   */
  async delete(id: number, label = `trace filter ${id}`): Promise<null> {
    try {
      await this.client.traceFilters.delete(id);
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'conflict')) throw err;
      const users: string[] = [];
      try {
        for await (const t of this.client.testCases.iterate({ size: 200 })) {
          const refs: unknown = (t as Loose)['traceFilters'];
          if (Array.isArray(refs) && refs.some((f) => isRecord(f) && f['traceFilterId'] === id)) users.push(t.name);
        }
      } catch {
        // The words then stay general.
      }
      const f = failureOf(err);
      throw new WordedFailure({
        kind: 'conflict',
        message: traceFilterHeldWords(label, users, f.serviceMessage ? ` The service said: ${f.serviceMessage}` : ''),
      });
    }
    this.changed();
    return null;
  }
}
