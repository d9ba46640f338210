/**
 * Tonight's plan carries every time twice: as an exact instant (`fromMs`/`toMs`, Unix ms) and
 * as a wall time text of the site ('YYYY-MM-DD HH:mm:ss' in its IANA time zone). The timeline
 * is drawn in real time (a night across a DST change is 23 or 25 hours long) from the instants;
 * the wall texts are for labels only (a wall time that happens twice, on the autumn change,
 * does not say which of the two it is). Only sunset and sunrise come as wall texts alone: they
 * are found again as the instant of the window that the site's clock shows as that text.
 */

const QUARTER = 15 * 60_000;

const formatters = new Map<string, { wall: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

/** The site zone's formatters; UTC's for a zone this browser does not know. */
function formattersOf(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    const make = (zone: string) => ({
      wall: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
      clock: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    });
    try {
      found = make(timeZone);
    } catch {
      found = make('UTC');
    }
    formatters.set(timeZone, found);
  }
  return found;
}

function partsOf(formatter: Intl.DateTimeFormat, epoch: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(epoch))) parts[part.type] = part.value;
  return parts;
}

/** "HH:mm" that the site's clock shows at an instant. */
export function clockAt(epoch: number, timeZone: string): string {
  const { hour = '00', minute = '00' } = partsOf(formattersOf(timeZone).clock, epoch);
  // some engines write midnight as 24 even in h23
  return `${hour === '24' ? '00' : hour}:${minute}`;
}

/** "YYYY-MM-DD HH:mm:ss" that the site's clock shows at an instant. */
export function wallAt(epoch: number, timeZone: string): string {
  const p = partsOf(formattersOf(timeZone).wall, epoch);
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
}

/** The fields of 'YYYY-MM-DD HH:mm:ss' (seconds optional) as if UTC, or undefined. */
function naiveOf(wall: string | null | undefined): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(epoch: number, timeZone: string): number {
  return (naiveOf(wallAt(epoch, timeZone)) ?? 0) - Math.floor(epoch / 1000) * 1000;
}

/**
 * The instant in [from, to] that the site's clock shows as a wall text, or undefined. A window
 * of a day has the offset of its start or that of its end at every instant, so the text is read
 * with each and kept when the clock agrees; of a time that happens twice, the first.
 */
export function wallInWindow(wall: string | null | undefined, from: number, to: number, timeZone: string): number | undefined {
  const naive = naiveOf(wall);
  if (naive === undefined) return undefined;
  const expected = wallAt(naive, 'UTC');
  return [naive - offsetAt(from, timeZone), naive - offsetAt(to, timeZone)]
    .filter((epoch) => epoch >= from && epoch <= to && wallAt(epoch, timeZone) === expected)
    .sort((a, b) => a - b)[0];
}

/** "HH:mm" of a wall time text. */
export function clockOf(wall: string | null | undefined): string {
  const match = /[ T](\d{2}:\d{2})/.exec(wall ?? '');
  return match?.[1] ?? '';
}

export interface PlanAxis {
  from: number;
  to: number;
  /** Where an instant falls, 0 to 100 (percent of the window), clamped. */
  at: (epoch: number) => number;
  /** Where the instant of a wall time of the window falls; undefined when the window has none. */
  atWall: (wall: string | null | undefined) => number | undefined;
  /** A mark at every instant of the window whose site time is a whole hour divisible by `step`. */
  ticks: { position: number; label: string }[];
}

/** The timeline's axis over the plan's window, from its instants (12:00 to 12:00 the next day, site time). */
export function planAxis(from: number, to: number, timeZone: string, step = 3): PlanAxis | undefined {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return undefined;
  const at = (epoch: number) => Math.min(100, Math.max(0, ((epoch - from) / (to - from)) * 100));
  const ticks: PlanAxis['ticks'] = [];
  // by quarter hours, so that zones a half or three quarters off UTC, or with a half-hour
  // DST change, still meet their whole hours
  for (let epoch = from; epoch <= to; epoch += QUARTER) {
    const label = clockAt(epoch, timeZone);
    const [hour, minute] = label.split(':').map(Number);
    if (minute === 0 && (hour ?? 0) % step === 0) ticks.push({ position: at(epoch), label });
  }
  return {
    from,
    to,
    at,
    atWall: (wall) => {
      const epoch = wallInWindow(wall, from, to, timeZone);
      return epoch === undefined ? undefined : at(epoch);
    },
    ticks,
  };
}
