import { describe, expect, it } from 'vitest';
import { contactSchema } from './appointments.js';
import { updateProfileSchema } from './profile.js';
import { formatPhone, phoneField, toE164 } from './phone.js';

describe('phone numbers', () => {
  it('reads national numbers as US ones and keeps every number in E.164', () => {
    for (const typed of ['(212) 555-0142', '212-555-0142', '212 555 0142', '2125550142', '1 212 555 0142', '+1 (212) 555-0142']) expect(toE164(typed)).toBe('+12125550142');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a number someone can call: letters, no area code, no such area code', () => {
    for (const typed of ['abc', '', '1', '555-0100', '(555) 201-3344', '020 7946 0958', '+1 555 0100']) expect(toE164(typed)).toBeNull();
  });

  it('reads a stored number back nationally at home and internationally otherwise; an unchecked one as it is', () => {
    expect(formatPhone('+12125550142')).toBe('(212) 555-0142');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('555-0100')).toBe('555-0100');
  });

  it('a phone field puts the number on one line, names itself when refusing, and gives E.164', () => {
    expect(phoneField('Phone').parse('\t(212)\r\n555-0142 \n')).toBe('+12125550142');
    const refused = phoneField('Phone').safeParse('abc');
    expect(refused.error?.issues[0].message).toBe('Phone is not a valid phone number. Enter a phone number with its area code, such as (212) 555-0142, or + and the country code.');
    expect(phoneField('Phone').safeParse('').error?.issues[0].message).toBe('Phone is required');
    expect(phoneField('Phone').safeParse('1'.repeat(41)).error?.issues[0].message).toBe('Phone must be at most 40 characters');
  });

  it('booking and profile share the rule', () => {
    const booked = contactSchema.safeParse({ customerName: 'Pat', customerEmail: 'pat@example.com', customerPhone: 'abc' });
    expect(booked.error?.issues.map((i) => i.path.join('.'))).toEqual(['customerPhone']);
    expect(updateProfileSchema.safeParse({ phone: 'abc' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['phone']);
    expect(updateProfileSchema.parse({ phone: '646.555.0177', fullName: ' \n ' })).toEqual({ phone: '+16465550177', fullName: null });
  });
});
