import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('applies defaults and keeps a generated session secret in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ PORT: 5000, SEED_DEMO: true, LOGIN_RATE_LIMIT: 10, RATE_LIMIT_PER_MINUTE: 600 });
    expect(config.SESSION_SECRET).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(config.SESSION_SECRET);
  });
  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEFAULT_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEFAULT_TIME_ZONE: 'Mars/Olympus' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: must be a number/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
      expect((error as Error).message).toMatch(/DEFAULT_TIME_ZONE/);
    }
  });
});
