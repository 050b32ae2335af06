import { describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveSocket } from './live-connection.js';

function fakeSocket(bufferedAmount: number): LiveSocket & { sent: string[] } {
  const sent: string[] = [];
  return { readyState: 1, bufferedAmount, sent, send: (data: Buffer) => sent.push(data.toString()), ping: vi.fn(), terminate: vi.fn(), close: vi.fn(), on: vi.fn() };
}

describe('LiveConnection', () => {
  const limits = { maxBufferedBytes: 1024 * 1024, maxSubscriptions: 20 };

  it('sends while the socket keeps up', () => {
    const socket = fakeSocket(10);
    new LiveConnection(socket, null, null, '127.0.0.1', limits).send({ type: 'pong' });
    expect(socket.sent).toEqual(['{"type":"pong"}']);
  });

  it('drops a socket whose unsent data exceeds the bound instead of buffering more', () => {
    const socket = fakeSocket(limits.maxBufferedBytes + 1);
    new LiveConnection(socket, null, null, '127.0.0.1', limits).send({ type: 'pong' });
    expect(socket.sent).toEqual([]);
    expect(socket.terminate).toHaveBeenCalledOnce();
  });
});
