import { ApiError } from './errors';
import type { Operation } from './operations';
import { exactNum, isRecord } from '../base/read';
import type { Loose, Page } from './types';

// Readers of whole answers: they check only what the interface document shows, keep every
// field they do not know, and throw when an answer is not what the call must get. Single
// fields are read by read.ts.

function invalid(op: Operation, message: string): ApiError {
  return new ApiError({ kind: 'invalidResponse', method: op.method, path: op.path, serviceMessage: message });
}

export function asRecord<T extends Loose>(v: unknown, op: Operation): T {
  if (!isRecord(v)) throw invalid(op, 'expected a JSON object');
  return v as T;
}

/** An answer whose shape the document leaves open: an object, an array, or nothing. */
export function asOpen(v: unknown): Loose | Loose[] | undefined {
  return v as Loose | Loose[] | undefined;
}

/** A list: a JSON array, or (leniently) an object wrapping one in `content`, `items` or `data`. */
export function asList<T>(v: unknown, op: Operation): T[] {
  if (Array.isArray(v)) return v as T[];
  if (isRecord(v)) {
    for (const key of ['content', 'items', 'data', 'results']) if (Array.isArray(v[key])) return v[key] as T[];
  }
  throw invalid(op, 'expected a JSON array');
}

/** The paged wrapper; missing counters are derived from what is there. */
export function asPage<T>(v: unknown, op: Operation, requested: { page: number; size: number }): Page<T> {
  const r = asRecord<Loose>(v, op);
  if (!Array.isArray(r['content'])) throw invalid(op, 'expected a paged result with a content array');
  const content = r['content'] as T[];
  const num = (key: string, fallback: number) => exactNum(r[key]) ?? fallback;
  const number = num('number', requested.page);
  const size = num('size', requested.size);
  const totalElements = num('totalElements', number * size + content.length);
  const totalPages = num('totalPages', size > 0 ? Math.ceil(totalElements / size) : 1);
  return {
    ...r,
    content,
    number,
    size,
    totalElements,
    totalPages,
    first: typeof r['first'] === 'boolean' ? r['first'] : number === 0,
    last: typeof r['last'] === 'boolean' ? r['last'] : number >= totalPages - 1,
  };
}

/** `{id}` of a 201 (or of any answer that carries the new id). */
export function asId(v: unknown, op: Operation): number {
  const r = asRecord<Loose>(v, op);
  if (typeof r['id'] !== 'number') throw invalid(op, 'expected {id: integer}');
  return r['id'];
}

/** The id of a created record from an answer the document does not show: `{id}` or the record. */
export function createdId(answer: unknown): number | undefined {
  return isRecord(answer) && typeof answer['id'] === 'number' ? answer['id'] : undefined;
}
