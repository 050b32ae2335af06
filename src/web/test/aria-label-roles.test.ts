import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An aria-label on an element with no role of its own (div, span, p…) is prohibited (ARIA 1.2: generic
 * elements cannot be named) and screen readers skip it; axe reports it as a serious violation
 * (aria-prohibited-attr). The browser tests' axe checks only see what is on screen when they run, so a
 * loading placeholder that shows for a moment failed one of them now and then (2026-12-06): every such
 * label is checked here, in the source. A loading placeholder is role="status", a rating role="img".
 */
const GENERIC = /<(div|span|p|li|td|i|b|strong|em|small)\b((?:[^>{]|\{[^}]*\})*?)aria-label=((?:[^>{]|\{[^}]*\})*?)>/gs;

describe('aria-label only where the element has a role to name', () => {
  it('no div, span or p carries an aria-label without a role', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .flatMap((file) =>
        [...readFileSync(path.join(root, file), 'utf8').matchAll(GENERIC)].filter((m) => !/\brole=/.test(m[0])).map((m) => `${file}: ${m[0].slice(0, 100)}`),
      );
    expect(offenders).toEqual([]);
  });
});
