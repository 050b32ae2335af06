// Money is integer cents everywhere inside; decimal strings ("25.00") on the wire.

const MONEY_PATTERN = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * A number's shortest decimal form: 19.99 -> "19.99" (the digits a client typed, whatever the float
 * holds), 0.001 -> "0.001", never rounded to cents the way toFixed(2) would.
 */
const moneyText = (value: string | number) => (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim());

/** True for a well-formed amount with digits below the cent ("1.234", 0.001): refused, never rounded. */
export function hasSubCentDigits(value: string | number): boolean {
  return /^-?\d+\.\d{3,}$/.test(moneyText(value));
}

/** Parses "25", "25.5", "25.50" or a number with at most two decimals into integer cents; null if not money. */
export function toCents(value: string | number): number | null {
  const text = moneyText(value);
  if (!MONEY_PATTERN.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 2500 -> "25.00", -150 -> "-1.50" (the wire format). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234567 -> "1,234,567": a whole number grouped as en-US writes it. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * 2500 -> "$25.00", for people. Grouped by hand rather than with toLocaleString: the home page's text
 * formats amounts as its modules load, and a browser's first toLocaleString loads its number-format
 * data (about 40 ms of a phone's main thread before anything shows).
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = grouped(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** 100 -> "$1", 150 -> "$1.50": whole dollars without cents, for prose. */
export function formatCentsShort(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

/** "25.00" -> "$25.00". */
export function formatPrice(decimal: string): string {
  const cents = toCents(decimal);
  return cents === null ? decimal : formatCents(cents);
}

/** percent of cents, rounded half up (fees are never negative). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

