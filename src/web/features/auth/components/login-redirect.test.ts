import { describe, expect, it } from 'vitest';
import { loginDestination } from './login-redirect';

describe('loginDestination', () => {
  it('follows a same-site redirect', () => {
    expect(loginDestination('/appointments', { userType: 'business' })).toBe('/appointments');
    expect(loginDestination('/book/3?date=2030-01-01', { userType: 'customer' })).toBe('/book/3?date=2030-01-01');
  });

  it('sends businesses to the dashboard and customers to their appointments by default', () => {
    expect(loginDestination(null, { userType: 'business' })).toBe('/business-dashboard');
    expect(loginDestination(null, { userType: 'customer' })).toBe('/appointments');
    expect(loginDestination('', { userType: 'customer' })).toBe('/appointments');
  });

  it('ignores redirects that leave the site', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\tevil']) {
      expect(loginDestination(bad, { userType: 'customer' })).toBe('/appointments');
    }
  });
});
