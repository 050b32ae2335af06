import { useState } from 'react';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js';
import { DEFAULT_PHONE_REGION } from '@contract/phone';

/**
 * The country a phone number typed without "+" belongs to, for this visitor: the region of the first
 * of their browser's languages that names one (en-GB → GB; "fr" names none and is passed over), else
 * the United States. A language alone is not a country (Spanish is spoken in twenty), so none is
 * guessed from it; the field shows how the number will be saved, so a wrong guess is seen before sending.
 */
export function visitorPhoneRegion(languages: readonly string[] = browserLanguages()): CountryCode {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue; // not a language tag
    }
    // Only countries have numbering plans ("419", Latin America, has none).
    if (region && isSupportedCountry(region)) return region;
  }
  return DEFAULT_PHONE_REGION;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The visitor's phone region, read once per mounted form. */
export function useVisitorPhoneRegion(): CountryCode {
  return useState(() => visitorPhoneRegion())[0];
}
