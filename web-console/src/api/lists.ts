import type { Envelope } from './errors';
import { lastPage } from '../lib/pagination';

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

/**
 * One page of rows held whole in the console (the list kit pages every list, a tree table
 * by its top-level rows); a page beyond the last, after a search, shows the last one.
 */
export function pageOf<Row>(rows: readonly Row[], pageNum: number, pageSize: number): ListPage<Row> {
  const page = Math.min(Math.max(1, pageNum), lastPage(rows.length, pageSize));
  const start = (page - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), total: rows.length };
}
