import { describe, expect, it } from 'vitest';
import { lineText, ordinal } from './line-text';

describe('the line a position is in', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'], [21, '21st'], [22, '22nd'], [101, '101st'], [111, '111th'],
  ])('%i reads %s', (n, text) => expect(ordinal(n)).toBe(text));

  it("names the member only at a shop of several, and only while the entry is in line", () => {
    expect(lineText({ staffCount: 3, staffName: 'Marco', queuePosition: 2 })).toBe('2nd in line for Marco');
    expect(lineText({ staffCount: 1, staffName: 'Shop', queuePosition: 2 })).toBeNull();
    expect(lineText({ staffCount: 0, staffName: null, queuePosition: 1 })).toBeNull();
    expect(lineText({ staffCount: 3, staffName: 'Marco', queuePosition: null })).toBeNull();
  });
});
