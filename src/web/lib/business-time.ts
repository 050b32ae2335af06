// A relative import, so the unit tests (plain Node, no aliases) load this file as the app does.
import { dayOfWeek, formatTime12h, MONTH_NAMES, WEEKDAY_NAMES } from '../../contract/time';

// Times people read are the business's: a visit, an offer's expiry, a notification or a wait are shown
// on the business's wall clock, and say whose clock it is ("9:00 AM New York time") when the
// browser runs on another zone, so one card never mixes two zones.

/**
 * The browser's own IANA zone (Playwright's timezoneId, the OS setting): asked once, as every card of
 * a list asks it and building the formatter that knows it costs more than the rest of a card's text.
 */
let viewerZone: string | undefined;
export const viewerTimeZone = (): string => (viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

// Building an Intl.DateTimeFormat costs far more than using one, and a list formats many times in a
// few zones: one formatter per zone, kept.
const wallClockFormats = new Map<string, Intl.DateTimeFormat | null>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat | null {
  if (!wallClockFormats.has(timeZone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      // Not a zone Intl knows.
    }
    wallClockFormats.set(timeZone, format);
  }
  return wallClockFormats.get(timeZone)!;
}

/** The zone's canonical name, or null when Intl does not know it. */
const canonicalZone = (timeZone: string): string | null => wallClockFormat(timeZone)?.resolvedOptions().timeZone ?? null;

/**
 * "America/New_York" -> "New York time", "UTC" -> "UTC time"; '' when there is nothing to say: the
 * viewer's browser is on that zone already, or the zone is missing or unknown.
 */
export function zoneLabel(timeZone: string | null | undefined, viewer: string = viewerTimeZone()): string {
  if (!timeZone) return '';
  const zone = canonicalZone(timeZone);
  if (zone === null || zone === canonicalZone(viewer)) return '';
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  return `${city} time`;
}

/** "America/New_York" -> "New York time" whatever the viewer's zone: for lists that mix zones. */
export function zoneCityLabel(timeZone: string): string {
  const zone = canonicalZone(timeZone) ?? timeZone;
  return `${zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')} time`;
}

/**
 * A zone as people say it, for a setting or a form: "New York time (EST)", "London time (GMT+1)",
 * "UTC" (not "America/New_York"). The abbreviation is the one in force at `at` (now by default), from
 * Intl; an unknown zone is returned as written.
 */
export function zoneName(timeZone: string, at: Date | number = Date.now()): string {
  const zone = canonicalZone(timeZone);
  if (zone === null) return timeZone;
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value;
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  return short ? `${city} time (${short})` : `${city} time`;
}

/**
 * The zone's offset from UTC at `at`, as a clock says it: "UTC−05:00", "UTC+05:30", "UTC+00:00"
 * (a real minus sign, as printed). From Intl's "GMT-05:00" (longOffset); null for a zone Intl does not know.
 */
export function zoneOffset(timeZone: string, at: Date | number = Date.now()): string | null {
  const zone = canonicalZone(timeZone);
  if (zone === null) return null;
  const gmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const sign = gmt.match(/^GMT([+-])(\d{2}):(\d{2})$/);
  return sign ? `UTC${sign[1] === '-' ? '\u2212' : '+'}${sign[2]}:${sign[3]}` : 'UTC+00:00';
}

/** Minutes east of UTC at `at`, from zoneOffset (0 for an unknown zone): the order of a list of zones. */
const offsetMinutes = (label: string | null): number => {
  const m = label?.match(/^UTC([+\u2212])(\d{2}):(\d{2})$/);
  return m ? (m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * The zones a form offers, as people pick them: "New York (UTC−05:00)" for America/New_York (the
 * value stays the IANA name the server checks), west to east by their offset at `at`, then by city.
 * A city named twice (Indiana's and Kentucky's towns) says its region too: "Vincennes, Indiana".
 */
export function zoneOptions(zones: readonly string[], at: Date | number = Date.now()): { value: string; label: string }[] {
  const city = (zone: string) => zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  const seen = new Map<string, number>();
  for (const z of zones) seen.set(city(z), (seen.get(city(z)) ?? 0) + 1);
  return zones
    .map((zone) => {
      const offset = zoneOffset(zone, at);
      const parts = zone.split('/');
      const place = zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : (seen.get(city(zone)) ?? 0) > 1 && parts.length > 2 ? `${city(zone)}, ${parts[parts.length - 2].replace(/_/g, ' ')}` : city(zone);
      return { value: zone, label: offset ? `${place} (${offset})` : zone, minutes: offsetMinutes(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** Appends the zone label to a text that ends in a time: "9:00 AM" -> "9:00 AM New York time". */
export const withZone = (text: string, timeZone: string | null | undefined, viewer?: string): string => {
  const label = zoneLabel(timeZone, viewer);
  return label ? `${text} ${label}` : text;
};

/**
 * Said once above a list of a business's times shown bare (a slot grid, a dialog's choices), so no
 * button repeats it: "Times are New York time"; '' for a visitor on the business's clock.
 */
export const zoneNote = (timeZone: string | null | undefined, viewer?: string): string => {
  const label = zoneLabel(timeZone, viewer);
  return label ? `Times are ${label}` : '';
};

/** A wall-clock "HH:mm" of a business: "9:00 AM", or "9:00 AM New York time" from another zone. */
export const formatClock = (time: string, timeZone: string | null | undefined, viewer?: string): string =>
  withZone(formatTime12h(time), timeZone, viewer);

/** Which date ("yyyy-MM-dd") and time ("HH:mm") an instant is on the zone's wall clock (the viewer's when the zone is unknown). */
export function wallClockAt(instant: Date | string | number, timeZone: string | null | undefined): { date: string; time: string } {
  const format = (timeZone && wallClockFormat(timeZone)) || wallClockFormat(viewerTimeZone())!;
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * An instant (an offer's expiry, when a notification came) on the business's clock, in the app's
 * own words rather than Intl's (whose "AM" may follow a narrow no-break space):
 * "Thu, Nov 26, 9:00 AM", with " New York time" from another zone. Not a date: returned unchanged.
 */
export function formatInstant(iso: string, timeZone: string | null | undefined, viewer?: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  const { date, time } = wallClockAt(iso, timeZone);
  const day = `${WEEKDAY_NAMES[dayOfWeek(date)].slice(0, 3)}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1].slice(0, 3)} ${Number(date.slice(8, 10))}`;
  return `${day}, ${formatClock(time, timeZone, viewer)}`;
}
