// Policies are stored in minutes (and days ahead in days), as the API takes them; a person thinks in
// the unit that fits: "1 day", not 1440 (issue 27). A stored length is shown in the largest unit it
// is a whole number of, and what is typed is turned back into minutes.

export const DURATION_UNITS = [
  { unit: 'minutes', minutes: 1 },
  { unit: 'hours', minutes: 60 },
  { unit: 'days', minutes: 24 * 60 },
] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number]['unit'];

const factor = (unit: DurationUnit) => DURATION_UNITS.find((u) => u.unit === unit)!.minutes;

/** A stored number of minutes as the amount and unit to show it in (0 and null in minutes). */
export function toParts(minutes: number | null, fallback: DurationUnit = 'minutes'): { amount: string; unit: DurationUnit } {
  if (minutes === null) return { amount: '', unit: fallback };
  if (minutes === 0) return { amount: '0', unit: fallback };
  for (const { unit, minutes: size } of [...DURATION_UNITS].reverse()) {
    if (minutes % size === 0) return { amount: String(minutes / size), unit };
  }
  return { amount: String(minutes), unit: 'minutes' };
}

/** What is typed, in minutes: null when empty; NaN when not a number (the schema then says so). */
export function toMinutes(amount: string, unit: DurationUnit): number | null {
  const text = amount.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * factor(unit) * 1000) / 1000 : Number.NaN;
}

/** A length in words, in the unit that fits: "1 day", "2 hours", "90 minutes", "0 minutes". */
export function durationText(minutes: number): string {
  const { amount, unit } = toParts(minutes);
  return amount === '1' ? `1 ${unit.slice(0, -1)}` : `${amount} ${unit}`;
}
