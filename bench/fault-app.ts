// The real app (src/server/main.ts, as `npm start` runs it) in a child process that the fault
// injection kills with SIGKILL and starts again on the same port and database.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../src/server/main.ts', import.meta.url));

export interface FaultAppOptions {
  databaseUrl: string;
  port: number;
  smtpUrl: string;
  /** Extra environment (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts, kills and restarts one app process; `kills` counts the SIGKILLs sent. */
export class FaultApp {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  kills = 0;
  starts = 0;
  /** The last output of the process (shown when a start fails). */
  private tail: string[] = [];

  constructor(private readonly options: FaultAppOptions) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the app and resolves once /api/health answers 200 (migrations ran). */
  async start(timeoutMs = 90_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: this.options.databaseUrl,
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        // Shared by every incarnation, as by every process behind a load balancer (docs/operations.md).
        SESSION_SECRET: 'fault-injection-secret-fault-injection-0000',
        SMTP_URL: this.options.smtpUrl,
        PAYMENTS: 'test',
        RATE_LIMIT_PER_MINUTE: '10000000',
        LOGIN_RATE_LIMIT: '1000000',
        LOG_LEVEL: 'error',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    this.tail = [];
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.tail.push(text);
      if (this.tail.length > 20) this.tail.shift();
      // pino level 50 = error: kept across restarts, for the report of a failed run
      for (const line of text.split('\n')) if (line.includes('"level":50') && this.errorLines.length < 50) this.errorLines.push(line);
    };
    // pino writes to stdout, a crash to stderr: keep the last of both.
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the app exited during start-up:\n${this.tail.join('')}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the app did not become healthy within ${timeoutMs} ms:\n${this.tail.join('')}`);
  }

  /** True once /api/health answers 200 within `ms` (the same process, no restart). */
  async healthyWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return true;
      } catch {
        // refused or timed out: try again
      }
      await sleep(100);
    }
    return false;
  }

  /** SIGKILL: no draining, no closing the pool, transactions in flight die with their connections. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.kills++;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait: the clean stop at the end of a run. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    await Promise.race([this.exited, sleep(15_000)]);
    if (this.running) this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** Lines the app logged at level error, across every incarnation (at most 50). */
  readonly errorLines: string[] = [];
}
