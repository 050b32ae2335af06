import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from './test/global-setup.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'que-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Generous: opening the embedded database takes seconds, and much longer while other test files load
// the two cores (seen: over 45 s at a load average of 17, creating and migrating a new database).
async function waitForHealth(port: number) {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('stops on a bad configuration value, naming it', async () => {
    const proc = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT: must be a number');
  }, 30_000);

  it('shuts down cleanly on SIGTERM and loses nothing across a restart', async () => {
    const port = 5600 + Math.floor(Math.random() * 300);
    // Starts from the API tests' migrated template, unpacked where the server keeps its data, so the
    // server's own migration finds nothing to do: migrating a new database here took 15-20 s of the test
    // (2026-12-06), and the migrations have tests of their own (src/server/db/).
    execFileSync('tar', ['-xf', await pgliteTemplate(), '-C', dataDir]);
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    expect(await waitForHealth(port)).toEqual({ status: 'ok', database: 'pglite' });
    const reg = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'persisted', email: 'persisted@example.com', password: 'plum-orchard-42' }),
    });
    expect(reg.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'persisted', password: 'plum-orchard-42' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
