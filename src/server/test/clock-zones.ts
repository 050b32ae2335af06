/**
 * A zone where it is morning now, for tests that book "an hour from now".
 *
 * Such a test in a UTC shop ran past the shop's midnight when the suite ran late in the UTC evening: at
 * 22:15 "in 60 minutes" and "in 90 minutes" both became 00:00 the next day, and a test that needed two
 * starts on one day failed between 22:00 and 22:30. A fixed-offset zone (Etc/GMT±N) where the wall clock
 * now reads `hour` o'clock leaves the rest of that local day ahead, whatever the hour the suite runs at,
 * and has no clock changes of its own.
 */
export interface MorningZone {
  /** An IANA name PostgreSQL and Node both know: Etc/GMT-5 is five hours ahead of UTC (POSIX's sign). */
  timeZone: string;
  /** Minutes the zone's wall clock is ahead of UTC. */
  offsetMinutes: number;
}

/** The Etc/GMT±N zone whose wall clock reads `hour`:mm at `now` (mm being now's UTC minutes). */
export function zoneAtHour(hour: number, now: Date = new Date()): MorningZone {
  let offset = (hour - now.getUTCHours()) % 24;
  // Etc/GMT zones run from 12 hours behind UTC to 14 ahead, 27 offsets: every hour of the day is one of them.
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  const timeZone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { timeZone, offsetMinutes: offset * 60 };
}

/** The wall clock (date and HH:mm) of `zone` at the instant `at`. */
export function wallClockIn(zone: MorningZone, at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + zone.offsetMinutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant (ms since the epoch) a wall clock of `zone` names. */
export function instantIn(zone: MorningZone, date: string, time: string): number {
  return Date.parse(`${date}T${time}:00Z`) - zone.offsetMinutes * 60_000;
}

/** Minutes `timeZone` is ahead of UTC at the instant `ms`. */
function offsetMinutesAt(timeZone: string, ms: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Math.round((Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The next date, at least `minDaysAhead` days after `timeZone`'s today, on which its clocks spring forward
 * (`'forward'`) or fall back (`'back'`). Tests of a clock change book on the next one rather than a date
 * written in the test, which would be in the past one day (and is mid-change on the day itself).
 */
export function nextClockChange(timeZone: string, direction: 'forward' | 'back', now: Date = new Date(), minDaysAhead = 1): string {
  const today = Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}T12:00:00Z`);
  for (let day = minDaysAhead; day <= minDaysAhead + 400; day++) {
    const noon = today + day * 86_400_000;
    const change = offsetMinutesAt(timeZone, noon) - offsetMinutesAt(timeZone, noon - 86_400_000);
    if ((direction === 'forward' && change > 0) || (direction === 'back' && change < 0)) return new Date(noon).toISOString().slice(0, 10);
  }
  throw new Error(`${timeZone} has no clock change ${direction} in the next 400 days`);
}
