import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactSchema, restaurantExtrasSchema } from './appointments.js';
import { loginSchema, usernameSchema } from './auth.js';
import { blockDateSchema } from './availability.js';
import { createBusinessSchema, listBusinessesQuerySchema, updateBusinessSchema } from './businesses.js';
import { counterOfferSchema, temporaryReservationSchema } from './offers.js';
import { serviceInputSchema } from './services.js';
import { oneLine } from './text.js';

describe('oneLine', () => {
  it('turns each run of control characters, with the spaces around it, into one space', () => {
    expect(oneLine('Pat\r\nDoe')).toBe('Pat Doe');
    expect(oneLine('Pat \t\n  Doe')).toBe('Pat Doe');
    expect(oneLine('a\u0000b\u0007c\u007fd\u0085e\u009ff')).toBe('a b c d e f');
    expect(oneLine('a\u2028b\u2029c')).toBe('a b c');
    expect(oneLine('x\vy\fz')).toBe('x y z');
  });

  it('leaves text without control characters as it is, inner spaces and non-Latin letters included', () => {
    for (const text of ['Pat  Doe', 'Zoë Ødegård', '山田 太郎', 'A\u00a0B', ' edge ']) expect(oneLine(text)).toBe(text);
  });
});

/** Every single-line field of the request schemas, and a valid value of the rest of its object. */
const singleLineFields: [string, z.ZodType, string, Record<string, unknown>][] = [
  ['customerName', contactSchema, 'customerName', { customerEmail: 'pat@example.com', customerPhone: '2125550100' }],
  ['business name', createBusinessSchema, 'businessName', { category: 'Other' }],
  ['address', createBusinessSchema, 'address', { businessName: 'Shop', category: 'Other' }],
  ['edited business name', updateBusinessSchema, 'businessName', {}],
  ['edited address', updateBusinessSchema, 'address', {}],
  ['service name', serviceInputSchema, 'name', { duration: 30, price: '10.00' }],
  ['pending reservation name', temporaryReservationSchema, 'customerName', { date: '2030-01-01', time: '19:00', partySize: 2 }],
  ['pending reservation phone', temporaryReservationSchema, 'customerPhone', { date: '2030-01-01', time: '19:00', partySize: 2 }],
  ['username', usernameSchema, '', {}],
  ['login username', loginSchema, 'username', { password: 'x' }],
  ['blocked date reason', blockDateSchema, 'reason', { businessId: 1, date: '2030-01-01' }],
  ['search text', listBusinessesQuerySchema, 'q', {}],
];

const parsedField = (schema: z.ZodType, field: string, rest: Record<string, unknown>, value: string) => {
  const parsed = schema.parse(field ? { ...rest, [field]: value } : value);
  return field ? (parsed as Record<string, unknown>)[field] : parsed;
};

describe('single-line request fields', () => {
  it.each(singleLineFields)('%s is put on one line and trimmed', (_label, schema, field, rest) => {
    expect(parsedField(schema, field, rest, '\tPat\r\nDoe\u0085Jr \n')).toBe('Pat Doe Jr');
  });

  it('a business phone with line breaks is put on one line, then checked and stored as E.164', () => {
    const phone = '\t(212) 555-\r\n0142 \n';
    expect(createBusinessSchema.parse({ businessName: 'Shop', category: 'Other', phone }).phone).toBe('+12125550142');
    expect(updateBusinessSchema.parse({ phone }).phone).toBe('+12125550142');
  });

  it('a website keeps one line too', () => {
    expect(updateBusinessSchema.parse({ website: 'https://shop.example/\r\nX' }).website).toBe('https://shop.example/ X');
  });

  it('an e-mail address with a line break is refused, naming it (pending reservation included)', () => {
    for (const [schema, rest] of [
      [contactSchema, { customerName: 'Pat', customerPhone: '2125550100' }],
      [temporaryReservationSchema, { date: '2030-01-01', time: '19:00', partySize: 2 }],
    ] as const) {
      const result = schema.safeParse({ ...rest, customerEmail: 'pat@example.com\r\nBcc: evil@example.com' });
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['customerEmail']);
    }
  });

  it('multi-line fields keep their lines: notes, descriptions, operating hours, messages, dietary needs', () => {
    const lines = 'First line\nSecond line';
    expect(contactSchema.parse({ customerName: 'Pat', customerEmail: 'pat@example.com', customerPhone: '2125550100', notes: lines }).notes).toBe(lines);
    expect(serviceInputSchema.parse({ name: 'Cut', duration: 30, price: '10', description: lines }).description).toBe(lines);
    expect(updateBusinessSchema.parse({ description: lines, operatingHours: lines })).toMatchObject({ description: lines, operatingHours: lines });
    expect(restaurantExtrasSchema.parse({ dietaryRestrictions: lines }).dietaryRestrictions).toBe(lines);
    expect(counterOfferSchema.parse({ counterAmount: '12.00', counterMessage: lines }).counterMessage).toBe(lines);
  });
});
