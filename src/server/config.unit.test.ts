import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.js';

describe('config', () => {
  it('applies defaults, writes nothing into the data directory, and leaves an unset session secret to the database', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ PORT: 5000, SEED_DEMO: true, LOGIN_RATE_LIMIT: 10, RATE_LIMIT_PER_MINUTE: 600, WS_CONNECTIONS_PER_IP: 20 });
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET).toBe('x'.repeat(32));
    expect(() => loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
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
  it('reads the database timeouts and load-shedding limits, with a heap limit below what V8 allows', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ DATABASE_POOL_SIZE: 20, DATABASE_CONNECT_TIMEOUT_MS: 5000, DATABASE_STATEMENT_TIMEOUT_MS: 10_000, MAX_EVENT_LOOP_DELAY_MS: 0, MAX_RSS_MB: 0 });
    expect(config.MAX_HEAP_USED_MB).toBeGreaterThan(0);
    expect(config.MAX_HEAP_USED_MB).toBeLessThan(getHeapStatistics().heap_size_limit / 1024 / 1024);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_STATEMENT_TIMEOUT_MS: '0', MAX_HEAP_USED_MB: '512' })).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 0, MAX_HEAP_USED_MB: 512 });
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS: must be positive/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE: must be a number/);
  });
  it('reads WS_CONNECTIONS_PER_IP as a whole number of sockets, at least 1', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    expect(loadConfig({ DATA_DIR: dir, WS_CONNECTIONS_PER_IP: '500' }).WS_CONNECTIONS_PER_IP).toBe(500);
    expect(() => loadConfig({ DATA_DIR: dir, WS_CONNECTIONS_PER_IP: '0' })).toThrow(/WS_CONNECTIONS_PER_IP: must be at least 1/);
    expect(() => loadConfig({ DATA_DIR: dir, WS_CONNECTIONS_PER_IP: 'lots' })).toThrow(/WS_CONNECTIONS_PER_IP: must be a number/);
  });
  it('runs the job queue by default, four jobs at once, and reads JOB_RUNNER and JOB_CONCURRENCY', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ JOB_RUNNER: true, JOB_CONCURRENCY: 4 });
    expect(loadConfig({ DATA_DIR: dir, JOB_RUNNER: 'false', JOB_CONCURRENCY: '8' })).toMatchObject({ JOB_RUNNER: false, JOB_CONCURRENCY: 8 });
    expect(() => loadConfig({ DATA_DIR: dir, JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY: must be at least 1/);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_RUNNER: 'maybe' })).toThrow(/JOB_RUNNER: must be true or false/);
  });
  it('takes a silent job runner for dead after 30 s by default, and reads JOB_RUNNER_DEAD_AFTER_SECONDS', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    expect(loadConfig({ DATA_DIR: dir }).JOB_RUNNER_DEAD_AFTER_SECONDS).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, JOB_RUNNER_DEAD_AFTER_SECONDS: '2.5' }).JOB_RUNNER_DEAD_AFTER_SECONDS).toBe(2.5);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_RUNNER_DEAD_AFTER_SECONDS: '0' })).toThrow(/JOB_RUNNER_DEAD_AFTER_SECONDS: must be at least 0.3/);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_RUNNER_DEAD_AFTER_SECONDS: 'soon' })).toThrow(/JOB_RUNNER_DEAD_AFTER_SECONDS: must be a number/);
  });

  it('reads PUBLIC_URL as an http(s) origin, http://localhost:{PORT} when unset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const publicUrl = (PUBLIC_URL?: string, PORT?: string) => loadConfig({ DATA_DIR: dir, PUBLIC_URL, PORT }).PUBLIC_URL;
    expect(publicUrl()).toBe('http://localhost:5000');
    expect(publicUrl('', '8080')).toBe('http://localhost:8080');
    expect(publicUrl('https://que.example.com')).toBe('https://que.example.com');
    expect(publicUrl(' https://Que.Example.com:8443/ ')).toBe('https://que.example.com:8443');
    expect(publicUrl('http://10.0.0.5:5000')).toBe('http://10.0.0.5:5000');
    for (const bad of ['que.example.com', 'ftp://que.example.com', 'javascript:alert(1)', 'https://']) {
      expect(() => publicUrl(bad), bad).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
    }
    for (const bad of ['https://que.example.com/app', 'https://que.example.com/?x=1', 'https://que.example.com/#top', 'https://user:pw@que.example.com', 'https://que.example.com?']) {
      expect(() => publicUrl(bad), bad).toThrow(/PUBLIC_URL: must be the address alone/);
    }
  });
  it('reads TRUST_PROXY as false, a hop count, or proxy addresses, and never as "trust everyone"', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const trust = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY }).TRUST_PROXY;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // the old boolean keeps working, as one hop: the usual single load balancer
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,', 'proxy.example.com', '-1', '1.5', '::1/129']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: must be false, a hop count, or a comma-separated list/);
    }
  });
  it('turns a hop count into a trust rule for the nearest hops only', () => {
    const trustFn = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trustFn('203.0.113.1', hop))).toEqual([true, true, false, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
  it('reads RESTAURANT_BOOKING_HORIZON_DAYS as whole days from 7 to 3650, 365 by default', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'que-config-'));
    const horizon = (RESTAURANT_BOOKING_HORIZON_DAYS?: string) => loadConfig({ DATA_DIR: dir, RESTAURANT_BOOKING_HORIZON_DAYS }).RESTAURANT_BOOKING_HORIZON_DAYS;
    expect(horizon(undefined)).toBe(365);
    expect(horizon('30')).toBe(30);
    for (const bad of ['0', '6', '3651', '1.5', 'year']) expect(() => horizon(bad), bad).toThrow(/RESTAURANT_BOOKING_HORIZON_DAYS: must/);
  });
});
