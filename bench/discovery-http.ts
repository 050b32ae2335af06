// HTTP pieces of the discovery benchmarks: the app started as a process of its own (discovery-server.ts)
// with its start-up timed up to the first answered page, and a keep-alive GET that asks for brotli or
// gzip and counts the bytes as they come over the wire (the body left compressed, headers counted).
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  ms: number;
  /** Body bytes as sent (compressed when the app compressed it). */
  bodyBytes: number;
  /** Status line and headers as sent, approximately (name: value CRLF each). */
  headerBytes: number;
  encoding: string;
  link?: string;
  body: Buffer;
}

export function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path: string, timeoutMs = 120_000): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'br, gzip', accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.rawHeaders;
          let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < raw.length; i += 2) headerBytes += raw[i].length + 2 + Buffer.byteLength(raw[i + 1]) + 2;
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0, ms: performance.now() - started, bodyBytes: body.length, headerBytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'), link: [res.headers.link ?? []].flat().join(', ') || undefined, body,
          });
        });
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
    });
}

/** The body as text, decompressed as its Content-Encoding says. */
export function text(answer: Answer): string {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (answer.encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** The path of a Link header's rel="next", host left out. */
export const nextPath = (link?: string) => (link ? /<([^>]+)>;\s*rel="?next"?/.exec(link)?.[1]?.replace(/^https?:\/\/[^/]+/, '') : undefined);

export interface Started {
  port: number;
  /** From spawning the process to the first directory page answered. */
  toFirstPageMs: number;
  /** The process's own start-up, from its first line to listening. */
  listenMs: number;
  stop: () => Promise<void>;
}

/** Starts discovery-server.ts on `url` and times its start-up up to the first answered directory page. */
export async function startApp(url: string, firstPath = '/api/businesses?limit=24'): Promise<Started> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./discovery-server.ts', import.meta.url))], {
    env: { ...process.env, BENCH_APP_DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; startMs: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 120 s')), 120_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { port: number; startMs: number });
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  const first = await client(ready.port)(firstPath);
  if (first.status !== 200) throw new Error(`first page: ${first.status} ${text(first).slice(0, 200)}`);
  return {
    port: ready.port,
    toFirstPageMs: performance.now() - started,
    listenMs: ready.startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
