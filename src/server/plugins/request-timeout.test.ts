import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const TIMEOUT_MS = 600;
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: TIMEOUT_MS });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

/** Writes `bytes`, then keeps the connection open without sending more, as a stalled or hostile client does. */
function stall(bytes: string, giveUpMs: number): Promise<{ data: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closedAfterMs: null });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data, closedAfterMs: Date.now() - started });
    });
  });
}

describe('a request that stops arriving does not hold its connection forever', () => {
  it('answers a body that stalls halfway with 408 JSON and closes the connection', async () => {
    const res = await stall('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user', 10_000);
    expect(res.closedAfterMs, 'the connection was still open after 10 s').not.toBeNull();
    expect(res.data).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(res.data.split('\r\n\r\n')[1])).toEqual({ message: 'The request took too long to arrive', code: 'VALIDATION' });
  });

  it('answers headers that never end the same way', async () => {
    const res = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n', 10_000);
    expect(res.closedAfterMs, 'the connection was still open after 10 s').not.toBeNull();
    expect(res.data).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time', async () => {
    const res = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 10_000);
    expect(res.data).toMatch(/^HTTP\/1\.1 200 /);
  });
});
