/**
 * Tonight's plan sends its times as wall times of the site ('YYYY-MM-DD HH:mm:ss' in its IANA
 * time zone). The timeline is drawn in real time (a night across a DST change is 23 or 25
 * hours long), so wall times are turned into instants with the zone's rules, read as the
 * scheduler reads them (docs/scheduler.md): a time that happens twice is the first of the two,
 * a time the clocks skip is read with the offset in force before the gap.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = null; // not a zone this browser knows: read as UTC
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone) ?? null;
}

/** The zone's offset from UTC at an instant, in ms (0 for an unknown zone). */
export function offsetAt(epoch: number, timeZone: string): number {
  const formatter = formatterOf(timeZone);
  if (!formatter) return 0;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(epoch))) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(epoch / 1000) * 1000;
}

/** The fields of 'YYYY-MM-DD HH:mm:ss' (seconds optional) as if UTC, or undefined. */
export function naiveOf(wall: string | null | undefined): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
}

/** The instant of a wall time in a zone; undefined when the text is not one. */
export function wallToEpoch(wall: string | null | undefined, timeZone: string): number | undefined {
  const naive = naiveOf(wall);
  if (naive === undefined) return undefined;
  const before = offsetAt(naive - DAY, timeZone);
  const after = offsetAt(naive + DAY, timeZone);
  // the readings of the wall time under the offsets around it that hold at their instant, the first one
  const readings = [naive - before, naive - after].filter((epoch) => naive - offsetAt(epoch, timeZone) === epoch).sort((a, b) => a - b);
  return readings[0] ?? naive - before;
}

/** "HH:mm" of a wall time text. */
export function clockOf(wall: string | null | undefined): string {
  const match = /[ T](\d{2}:\d{2})/.exec(wall ?? '');
  return match?.[1] ?? '';
}

/** "YYYY-MM-DD HH:mm:ss" of a naive (as-if-UTC) instant. */
function wallText(naive: number): string {
  return new Date(naive).toISOString().slice(0, 19).replace('T', ' ');
}

export interface PlanAxis {
  from: number;
  to: number;
  /** Where an instant falls, 0 to 100 (percent of the window), clamped. */
  at: (epoch: number) => number;
  /** Where a wall time falls; undefined when it is not one. */
  atWall: (wall: string | null | undefined) => number | undefined;
  /** Hour marks every `step` hours of wall time from the window's start, with their labels. */
  ticks: { position: number; label: string }[];
}

/** The timeline's axis over the plan's window (12:00 to 12:00 the next day, wall time). */
export function planAxis(fromWall: string, toWall: string, timeZone: string, step = 3): PlanAxis | undefined {
  const from = wallToEpoch(fromWall, timeZone);
  const to = wallToEpoch(toWall, timeZone);
  const start = naiveOf(fromWall);
  const end = naiveOf(toWall);
  if (from === undefined || to === undefined || start === undefined || end === undefined || to <= from) return undefined;
  const at = (epoch: number) => Math.min(100, Math.max(0, ((epoch - from) / (to - from)) * 100));
  const ticks: PlanAxis['ticks'] = [];
  for (let naive = start; naive <= end; naive += step * HOUR) {
    const wall = wallText(naive);
    const epoch = wallToEpoch(wall, timeZone);
    if (epoch !== undefined) ticks.push({ position: at(epoch), label: clockOf(wall) });
  }
  return {
    from,
    to,
    at,
    atWall: (wall) => {
      const epoch = wallToEpoch(wall, timeZone);
      return epoch === undefined ? undefined : at(epoch);
    },
    ticks,
  };
}
