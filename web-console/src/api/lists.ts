import type { Envelope } from './errors';

/** One page of a list answer (`{code, msg, rows, total}`). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** Reads `rows` and `total` of a list envelope; anything else reads as an empty page. */
export function toListPage<T>(envelope: Envelope): ListPage<T> {
  const rows = Array.isArray(envelope.rows) ? (envelope.rows as T[]) : [];
  const total = typeof envelope.total === 'number' && Number.isFinite(envelope.total) ? envelope.total : rows.length;
  return { rows, total };
}

/** The `data` object of an envelope, or `fallback` when there is none. */
export function dataOf<T>(envelope: Envelope, fallback: T): T {
  return typeof envelope.data === 'object' && envelope.data !== null ? (envelope.data as T) : fallback;
}
