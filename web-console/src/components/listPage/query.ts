import type { QueryParams } from '../../api/client';
import type { FilterName, Filters, PageQuery, SearchField } from './types';

/** The search form's date-time format (spec section 9: year-month-day hour:minute:second). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The format of a range of whole days (`dateRange`). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A picked date (antd's dayjs value), as far as the kit needs it. */
interface Formattable {
  format: (template: string) => string;
}

function isFormattable(value: unknown): value is Formattable {
  return typeof value === 'object' && value !== null && typeof (value as Formattable).format === 'function';
}

function filterValue(value: unknown): string | number | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/**
 * The filters a submitted search form asks for: texts trimmed, empty values left out, a
 * date-time range or a range of days split into its two query parameters.
 */
export function filtersFrom<Q extends PageQuery>(fields: readonly SearchField<Q>[], values: Record<string, unknown>): Filters<Q> {
  const filters: Partial<Record<FilterName<Q>, string | number>> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind !== 'dateTimeRange' && field.kind !== 'dateRange') {
      const kept = filterValue(value);
      if (kept !== undefined) filters[field.name] = kept;
      continue;
    }
    if (!Array.isArray(value)) continue;
    const [from, to] = value as unknown[];
    if (!isFormattable(from) || !isFormattable(to)) continue;
    const format = field.kind === 'dateRange' ? DATE_FORMAT : (field.format ?? DATE_TIME_FORMAT);
    filters[field.from] = from.format(format);
    filters[field.to] = to.format(format);
  }
  // The names are the query's own filter names and the values what its fields hold (texts
  // and option values); the search fields' types say so, the compiler cannot follow.
  return filters as Filters<Q>;
}

/** The search form's values when the page opens and after a reset: the ranges' initial values. */
export function initialValues<Q extends PageQuery>(fields: readonly SearchField<Q>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if ((field.kind === 'dateRange' || field.kind === 'dateTimeRange') && field.initial) values[field.name] = field.initial;
  }
  return values;
}

/** The filters of the search form as it opens and after a reset (none unless a field has an initial value). */
export function initialFilters<Q extends PageQuery>(fields: readonly SearchField<Q>[]): Filters<Q> {
  return filtersFrom(fields, initialValues(fields));
}

/** The query of the first page with these filters, keeping the page size. */
export function firstPageOf<Q extends PageQuery>(pageSize: number, filters: Filters<Q>): Q {
  // A query is its paging and its filters; every filter is optional.
  return { ...filters, pageNum: 1, pageSize } as Q;
}

/** The current filters as form parameters (export): paging left out, plain values only. */
export function exportParams(query: PageQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'pageNum' || key === 'pageSize') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[key] = value;
  }
  return params;
}

/** A filter value the kit sends: a string, a number or a boolean; anything else is left out. */
function outsideValue(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  return undefined;
}

/**
 * The outside filters of a page (`filters`) as one text, the same for the same values: it
 * tells a change of values from a new object of the same values. Empty values are left out.
 */
export function filtersKeyOf(filters: object | undefined): string {
  const kept = Object.entries(filters ?? {})
    .map(([name, value]) => [name, outsideValue(value)] as const)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(kept));
}

/** The query the kit sends: the search form's filters and the page, and the outside filters (`filtersKeyOf`) over them. */
export function withOutsideFilters<Q extends PageQuery>(query: Q, filtersKey: string): Q {
  const outside = JSON.parse(filtersKey) as Record<string, unknown>;
  return Object.keys(outside).length === 0 ? query : { ...query, ...outside };
}
