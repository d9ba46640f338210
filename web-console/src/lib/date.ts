/** Default date-time format (spec section 9). */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A date from what the server sends: a Date, milliseconds, seconds (10 digits), a digit
 * string of either, or a date string ('2024-05-01 10:00:00', ISO). Undefined when unreadable.
 */
export function toDate(value: unknown): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  let input: string | number;
  if (typeof value === 'number') input = value;
  else if (typeof value === 'string') input = /^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim();
  else return undefined;
  if (typeof input === 'number') {
    if (String(Math.trunc(Math.abs(input))).length === 10) input *= 1000;
  } else {
    // Safari reads '2024-05-01 10:00:00' only with slashes; drop fractions of a second.
    input = input.replace(/-/g, '/').replace('T', ' ').replace(/\.\d+/, '');
  }
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Formats with YYYY, MM, DD, HH, mm, ss; '' for nothing or an unreadable value. */
export function formatDate(value: unknown, format: string = DEFAULT_DATE_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}
