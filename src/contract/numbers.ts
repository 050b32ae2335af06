import { z } from 'zod';

/** The largest PostgreSQL integer (int4): every id column. */
export const INT4_MAX = 2147483647;

// Decimal digits only: Number() would also read "0x1", "0b1", "1e0", " 1" and "+1" as 1.
// Any length here, so an id past int4 is told "too large" rather than "not a number".
const ID_PATTERN = /^[1-9][0-9]*$/;
const COUNT_PATTERN = /^(0|[1-9][0-9]*)$/;

/** "42" -> 42; anything but a positive decimal id within int4 -> null. */
export function parseId(text: string): number | null {
  if (!ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

/** An id in a path or query string (always text on the wire). */
export const idParam = (label: string) =>
  z
    .string(`${label} is required`)
    .regex(ID_PATTERN, `${label} must be a positive whole number (digits only)`)
    .transform(Number)
    .refine((id) => id <= INT4_MAX, `${label} is too large`);

/** A whole number in a query string: digits only, no sign, space, exponent or radix prefix. */
export const integerQuery = (label: string) =>
  z
    .string(`${label} is required`)
    .regex(COUNT_PATTERN, `${label} must be a whole number (digits only)`)
    .transform(Number)
    .refine((n) => n <= INT4_MAX, `${label} is too large`);

/** A whole number in a JSON body: a real JSON number; true, null, "" or "1" are refused, not coerced. */
export const jsonInteger = (typeMessage: string, wholeMessage = typeMessage, requiredMessage = typeMessage) =>
  z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : typeMessage) }).int(wholeMessage);

/** An id in a JSON body. */
export const jsonId = (label: string) =>
  jsonInteger(`${label} must be a number`, `${label} must be a whole number`, `${label} is required`)
    .positive(`${label} must be positive`)
    .max(INT4_MAX, `${label} is too large`);
