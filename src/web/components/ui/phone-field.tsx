import type { ComponentProps } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { phoneAsSaved, phoneFormatHint } from '@contract/phone';
import { Field, Input } from './input';

/**
 * A phone field that says under it how the number will be kept (decision 0020): before a valid
 * number is typed, the forms it accepts for the visitor's region; once it is valid, the number as it
 * will be saved, written internationally ("Will be saved as +44 20 7946 0958"), so a number read as
 * another country's is seen before anything is sent. The form's schema reads it with the same region.
 */
export function PhoneField({ id, region, value, error, ...inputProps }: { id: string; region: CountryCode; value: string | undefined; error?: string } & ComponentProps<'input'>) {
  const saved = value ? phoneAsSaved(value, region) : null;
  return (
    <Field id={id} label="Phone" error={error} hint={saved ? `Will be saved as ${saved}` : `${phoneFormatHint(region)}.`}>
      <Input id={id} type="tel" autoComplete="tel" {...inputProps} />
    </Field>
  );
}
