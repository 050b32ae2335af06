import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { singleLineText } from './text.js';

/*
 * Phone numbers, checked with libphonenumber-js the same way on the server and in the web forms, and
 * stored in E.164 ("+12125550142"): one spelling per number, so a business can dial it (tel: links)
 * and a profile and a booking compare equal however they were typed.
 *
 * A number typed without "+" is a national number of some region. The web app reads it as one of the
 * visitor's own (their browser's locale, web/lib/phone-region.ts) and sends E.164, showing under the
 * field what will be saved. The server has no visitor to ask: a national number an API client sends
 * is read as one of DEFAULT_PHONE_REGION, as it always was (decision 0020).
 */
export const DEFAULT_PHONE_REGION: CountryCode = 'US';

/** A region's name in English ("United Kingdom"), or its code where the runtime has no name for it. */
const regionName = (region: CountryCode) => new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;

/**
 * What a phone field says before anything is typed, and after "not a valid phone number": the forms it
 * accepts for a visitor of `region`. The United States' keeps its example, which people there recognise.
 */
export function phoneFormatHint(region: CountryCode = DEFAULT_PHONE_REGION): string {
  return region === 'US'
    ? 'Enter a phone number with its area code, such as (212) 555-0142, or + and the country code'
    : `Enter a ${regionName(region)} phone number with its area code, or + and the country code`;
}

/** The number in E.164, or null when it is not a valid phone number (letters, too short, no such area). */
export function toE164(text: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const parsed = parsePhoneNumberFromString(text, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** The number as it will be saved, written internationally ("+44 20 7946 0958"), or null when it is not valid. */
export function phoneAsSaved(text: string, region: CountryCode = DEFAULT_PHONE_REGION): string | null {
  const parsed = parsePhoneNumberFromString(text, region);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/**
 * How a stored number reads to someone at home in `region`: nationally for that region ("(212) 555-0142"
 * in the US, "020 7946 0958" in the UK), internationally otherwise ("+44 20 7946 0958"); a number kept
 * from before numbers were checked reads as it was typed. Read back with the same region, the national
 * form gives the same E.164 number.
 */
export function formatPhone(stored: string, region: CountryCode = DEFAULT_PHONE_REGION): string {
  const parsed = parsePhoneNumberFromString(stored, region);
  if (!parsed?.isValid()) return stored;
  return parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A phone field: one line, trimmed, required (`label` names it in the messages), at most 40
 * characters as typed, a valid number (national ones read as `region`'s); the parsed value is its
 * E.164 form.
 */
export const phoneField = (label = 'Phone', region: CountryCode = DEFAULT_PHONE_REGION) =>
  singleLineText(`${label} is required`)
    .min(1, `${label} is required`)
    .max(40, `${label} must be at most 40 characters`)
    .transform((text, ctx) => {
      const e164 = toE164(text, region);
      if (e164) return e164;
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid phone number. ${phoneFormatHint(region)}.` });
      return z.NEVER;
    });

/**
 * A phone field that may be left blank (a business's): blank stays '', anything else must be a valid
 * number as phoneField checks it, and is kept in E.164.
 */
export const optionalPhoneField = (label = 'Phone', region: CountryCode = DEFAULT_PHONE_REGION) =>
  singleLineText(`${label} must be text`)
    .max(40, `${label} must be at most 40 characters`)
    .transform((text, ctx) => {
      if (text === '') return '';
      const e164 = toE164(text, region);
      if (e164) return e164;
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid phone number. ${phoneFormatHint(region)}.` });
      return z.NEVER;
    });
