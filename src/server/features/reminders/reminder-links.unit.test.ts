import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { readLink, reminderLinkKey, reminderLinks, signLink } from './reminder-links.js';

// The signed links' token (DESIGN section 11, decision 0031) and their key from the environment.

const start = new Date('2027-03-01T14:00:00Z');

describe('reminder link tokens', () => {
  it('read back what was signed, and nothing changed or signed with another key', () => {
    const key = reminderLinkKey('k'.repeat(32), 'unused');
    const token = signLink(key, { appointmentId: 42, purpose: 'cancel', expiresAt: start });
    expect(token).toMatch(/^42\.cancel\.1803909600\.[A-Za-z0-9_-]{43}$/);
    expect(readLink(key, token)).toEqual({ appointmentId: 42, purpose: 'cancel', expiresAt: start });
    expect(readLink(reminderLinkKey('j'.repeat(32), 'unused'), token)).toBeNull();
    expect(readLink(key, token.replace('42.', '43.'))).toBeNull();
    expect(readLink(key, token.replace('.cancel.', '.confirm.'))).toBeNull();
    expect(readLink(key, `${token}x`)).toBeNull();
    expect(readLink(key, '')).toBeNull();
  });

  it('derive the key from the session secret when none is set, never using the session secret itself', () => {
    const derived = reminderLinkKey(undefined, 's'.repeat(40));
    expect(derived.equals(Buffer.from('s'.repeat(40)))).toBe(false);
    expect(reminderLinkKey(undefined, 's'.repeat(40)).equals(derived)).toBe(true);
    const links = reminderLinks(derived, 'https://que.example', 7, start);
    expect(Object.keys(links)).toEqual(['confirm', 'cancel', 'reschedule']);
    for (const [purpose, url] of Object.entries(links)) expect(readLink(derived, url.split('/reminder-link/')[1])).toMatchObject({ appointmentId: 7, purpose });
  });

  it('take REMINDER_LINK_SECRET from the environment, at least 32 characters', () => {
    expect(loadConfig({ REMINDER_LINK_SECRET: 'r'.repeat(32) }).REMINDER_LINK_SECRET).toBe('r'.repeat(32));
    expect(loadConfig({}).REMINDER_LINK_SECRET).toBeUndefined();
    expect(() => loadConfig({ REMINDER_LINK_SECRET: 'short' })).toThrow(/REMINDER_LINK_SECRET: must be at least 32 characters/);
  });
});
