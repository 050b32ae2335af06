import { describe, expect, it } from 'vitest';
import { replyEditable, reviewAuthor } from './reviews.js';

describe('reviewAuthor: a first name and an initial, never more', () => {
  it('signs with the first word and the last word’s initial', () => {
    expect(reviewAuthor('Anna Karenina', 'anna99')).toBe('Anna K.');
    expect(reviewAuthor('  Jean  Paul  sartre ', 'x')).toBe('Jean S.');
    expect(reviewAuthor('Cher', 'x')).toBe('Cher');
    expect(reviewAuthor('Zoë Łukasiewicz', 'x')).toBe('Zoë Ł.');
  });
  it('without a name: the username’s first letter only', () => {
    expect(reviewAuthor(null, 'anna99')).toBe('A.');
    expect(reviewAuthor('   ', 'bob')).toBe('B.');
  });
});

describe('replyEditable', () => {
  it('is true for 24 hours after the reply', () => {
    const at = '2026-01-01T10:00:00.000Z';
    expect(replyEditable(at, new Date('2026-01-02T09:59:59Z'))).toBe(true);
    expect(replyEditable(at, new Date('2026-01-02T10:00:00Z'))).toBe(false);
  });
});
