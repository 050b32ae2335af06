import { describe, expect, it } from 'vitest';
import { visitorPhoneRegion } from './phone-region';

describe("the visitor's phone region", () => {
  it('is the region of the first browser language that names a country', () => {
    expect(visitorPhoneRegion(['en-GB', 'en'])).toBe('GB');
    expect(visitorPhoneRegion(['fr', 'de-CH', 'en-US'])).toBe('CH');
    expect(visitorPhoneRegion(['pt-BR'])).toBe('BR');
  });

  it('is the United States when no language names a country with phone numbers', () => {
    expect(visitorPhoneRegion(['fr', 'es-419'])).toBe('US');
    expect(visitorPhoneRegion([])).toBe('US');
    expect(visitorPhoneRegion(['not a tag!'])).toBe('US');
  });
});
