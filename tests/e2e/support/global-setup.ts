import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per test worker: the file running in worker N (VITEST_POOL_ID) uses baseURLs[N - 1]. */
    baseURLs: string[];
    /** The seeding side door of each worker's app (seed-server.ts), in the order of baseURLs. */
    seedURLs: string[];
  }
}

const serverScript = path.resolve(import.meta.dirname, 'app-server.ts');

/** Migrates and seeds one database (app-server.ts --template) and writes it to a file every server starts from. */
async function makeTemplate(file: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript, '--template', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`making the e2e database template failed (exit ${code})`);
}

/** Starts app-server.ts in a child process of its own and resolves with the addresses it listens on. */
function startServer(template: string): Promise<{ child: ChildProcess; address: string; seedAddress: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, E2E_TEMPLATE: template } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const [address, seedAddress] = line.split(' ');
      resolve({ child, address, seedAddress });
    });
    child.once('exit', (code) => reject(new Error(`the e2e app server exited (${code}) before listening`)));
  });
}

/**
 * Each test worker gets an app (with its own PGlite and demo data) in a process of its own: files that run
 * at the same time never see each other's bookings, as when they ran one after another, and two servers
 * use both cores instead of sharing one event loop.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const dir = mkdtempSync(path.join(tmpdir(), 'que-e2e-template-'));
  // E2E_TEMPLATE_FILE: one made already (.ci/run makes it beside lint and the type-check, while a core
  // would otherwise wait), read as it is; without it, one is made here first.
  const made = process.env.E2E_TEMPLATE_FILE;
  const template = made && existsSync(made) ? made : path.join(dir, 'template.tar');
  if (template !== made) await makeTemplate(template);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(template)));
  project.provide('baseURLs', servers.map((s) => s.address));
  project.provide('seedURLs', servers.map((s) => s.seedAddress));
  return async () => {
    await Promise.all(
      servers.map(({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
