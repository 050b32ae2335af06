import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, hasSubCentDigits, percentOf, toCents } from './money.js';

describe('money helpers', () => {
  it('parses decimal strings and numbers into cents', () => {
    expect(toCents('25')).toBe(2500);
    expect(toCents('25.5')).toBe(2550);
    expect(toCents('25.05')).toBe(2505);
    expect(toCents(30.5)).toBe(3050);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
  it('formats cents for the wire and for people', () => {
    expect(centsToDecimal(2500)).toBe('25.00');
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(formatCents(8950000)).toBe('$89,500.00');
  });
  it("groups dollars as en-US's toLocaleString does, for any amount", () => {
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
    expect(formatCents(99)).toBe('$0.99');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const abs = Math.abs(cents);
        return formatCents(cents) === `${cents < 0 ? '-' : ''}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
      }),
    );
  });
  it('round-trips any amount of cents', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => toCents(centsToDecimal(cents)) === cents));
  });
  it('takes percentages rounded half up, never more than exact + 0.5 cent', () => {
    expect(percentOf(2500, 5)).toBe(125);
    expect(percentOf(1010, 5)).toBe(51); // 50.5 rounds up
    expect(percentOf(1009, 5)).toBe(50); // 50.45 rounds down
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e8 }), (cents) => Math.abs(percentOf(cents, 5) - cents * 0.05) <= 0.5));
  });
});

describe('money precision', () => {
  it('refuses digits below the cent instead of rounding them away', () => {
    expect(toCents(0.001)).toBeNull();
    expect(toCents('0.001')).toBeNull();
    expect(hasSubCentDigits(0.001)).toBe(true);
    expect(hasSubCentDigits('12.345')).toBe(true);
    expect(hasSubCentDigits('12.34')).toBe(false);
    expect(hasSubCentDigits('abc')).toBe(false);
  });
  it('reads a number by the digits it prints, so float artifacts do not matter', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(1.005)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), (cents) => toCents(cents / 100) === cents && !hasSubCentDigits(cents / 100)));
  });
  it('calls any number with more than two decimals sub-cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 9 }), (whole, digit) => {
        const text = `${whole}.00${digit}`;
        return hasSubCentDigits(text) && hasSubCentDigits(Number(text)) && toCents(text) === null && toCents(Number(text)) === null;
      }),
    );
  });
});
