import { describe, expect, it, vi } from 'vitest';
import { encodeMessage, LiveConnection, type LiveSocket } from './live-connection.js';

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

  it('writes the pre-built frame straight to the TCP socket when ws holds nothing back, else goes through ws', () => {
    const written: Buffer[] = [];
    const socket = { ...fakeSocket(0), _socket: { write: (data: Buffer) => written.push(data) > 0 }, _sender: { _bufferedBytes: 0 } };
    const connection = new LiveConnection(socket, null, null, '127.0.0.1', limits);
    connection.send({ type: 'pong' });
    expect(written).toEqual([Buffer.concat([Buffer.from([0x81, 15]), Buffer.from('{"type":"pong"}')])]);
    expect(socket.sent).toEqual([]);
    socket._sender._bufferedBytes = 10;
    connection.send({ type: 'pong' });
    expect(socket.sent).toEqual(['{"type":"pong"}']);
  });
});

describe('encodeMessage', () => {
  it('frames text as RFC 6455 does for each payload length class (7-bit, 16-bit, 64-bit)', () => {
    for (const size of [10, 200, 70_000]) {
      const { payload, frame } = encodeMessage({ type: 'error', message: 'x'.repeat(size) });
      const n = payload.length;
      expect(frame[0]).toBe(0x81);
      const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
      if (header === 2) expect(frame[1]).toBe(n);
      if (header === 4) expect([frame[1], frame.readUInt16BE(2)]).toEqual([126, n]);
      if (header === 10) expect([frame[1], Number(frame.readBigUInt64BE(2))]).toEqual([127, n]);
      expect(frame.subarray(header).equals(payload)).toBe(true);
    }
  });
});
