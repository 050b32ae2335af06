import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { phoneField } from './phone.js';
import { oneLine, singleLineText } from './text.js';

// The profile's contact details (issue 18), apart from auth.ts so that signing in does not load the
// phone checking (libphonenumber-js) with it.

const fullNameField = singleLineText('Full name must be text').max(120, 'Full name must be at most 120 characters');
/** Blank text (spaces, line breaks) clears a profile field, as null does. */
const blankToNull = (value: unknown) => (typeof value === 'string' && oneLine(value).trim() === '' ? null : value);
/** The profile's phone: optional, blank clears it; a national number is read as `region`'s (the web passes the visitor's). */
export const profilePhoneField = (region?: CountryCode) => z.preprocess(blankToNull, phoneField('Phone', region).nullable()).optional();

/**
 * PATCH /api/user: the signed-in user's own full name and phone; a key left out stays as it is, and
 * null or blank text clears it. `userId` is accepted for compatibility, and must be the signed-in user.
 * Username, e-mail and password are not changed here (an unknown key is refused, naming it).
 */
export const updateProfileSchema = z
  .object({
    userId: z.number('userId must be a number').int('userId must be a whole number').optional(),
    fullName: z.preprocess(blankToNull, fullNameField.nullable()).optional(),
    phone: profilePhoneField(),
  })
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
