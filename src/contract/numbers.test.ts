import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idParam, INT4_MAX, integerQuery, jsonId, jsonInteger, parseId } from './numbers.js';

describe('path and query ids', () => {
  it('reads decimal digits only', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(INT4_MAX);
    for (const junk of ['0x1', '0b1', '0o1', '1e0', ' 1', '1 ', '+1', '-1', '0', '01', '1.0', '', '2147483648', '99999999999', '１']) {
      expect(parseId(junk), junk).toBeNull();
    }
  });

  it('accepts exactly the canonical decimal form of every id in int4', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: INT4_MAX }), (id) => parseId(String(id)) === id));
    fc.assert(fc.property(fc.integer({ min: INT4_MAX + 1, max: Number.MAX_SAFE_INTEGER }), (id) => parseId(String(id)) === null));
    // Whatever the string, an accepted id prints back to the very same string.
    fc.assert(fc.property(fc.string(), (text) => {
      const id = parseId(text);
      return id === null || String(id) === text;
    }));
  });

  it('names the field in the schema error', () => {
    const result = idParam('businessId').safeParse('0x1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^businessId /);
    expect(idParam('id').safeParse('2147483648').error?.issues[0].message).toBe('id is too large');
    expect(idParam('id').parse('42')).toBe(42);
  });

  it('reads query counts from digits only', () => {
    expect(integerQuery('partySize').parse('4')).toBe(4);
    for (const junk of ['4.0', '+4', ' 4', '0x4', '4e0', '-4', '']) expect(integerQuery('partySize').safeParse(junk).success, junk).toBe(false);
  });
});

describe('JSON integers', () => {
  it('take numbers only: no booleans, null, empty or numeric strings', () => {
    const day = jsonInteger('Day is required');
    expect(day.parse(0)).toBe(0);
    for (const junk of [null, true, false, '', '1', Number.NaN, Number.POSITIVE_INFINITY, 1.5, [], {}]) expect(day.safeParse(junk).success, String(junk)).toBe(false);
    const id = jsonId('businessId');
    expect(id.parse(7)).toBe(7);
    for (const junk of [true, '1', 0, -1, INT4_MAX + 1, null]) expect(id.safeParse(junk).success, String(junk)).toBe(false);
  });

  it('never turn a non-number into a number', () => {
    fc.assert(fc.property(fc.anything().filter((v) => typeof v !== 'number'), (value) => !jsonInteger('n').safeParse(value).success));
  });
});
