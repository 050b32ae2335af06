import type { User } from '../../../contract/auth.js';
import type { ServerMessage } from '../../../contract/live.js';

/** What a connection needs of a `ws` socket (typed here: the project carries no @types/ws). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: false }): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
  /**
   * ws internals used for the fan-out fast path (see sendRaw): the TCP socket under the WebSocket,
   * and the sender's count of bytes it holds back (non-zero only while it compresses or reads a Blob).
   */
  readonly _socket?: { write(data: Buffer): boolean } | null;
  readonly _sender?: { _bufferedBytes: number } | null;
}

/** A message encoded once for many sockets: the JSON text, and the same text as a complete WebSocket frame. */
export interface EncodedMessage {
  payload: Buffer;
  frame: Buffer;
}

const OPEN = 1;
const POLICY_VIOLATION = 1008;

export interface ConnectionLimits {
  /** A socket whose unsent data exceeds this is dropped, so a slow reader never holds up the rest. */
  maxBufferedBytes: number;
  maxSubscriptions: number;
}

/** One open /ws socket: who it is, what it follows, and whether it still answers pings. */
export class LiveConnection {
  readonly businessDays = new Set<string>();
  customer = false;
  missedPongs = 0;

  constructor(
    readonly socket: LiveSocket,
    readonly user: User | null,
    /** The hash of the session the socket was opened with: when it ends, the socket is closed. */
    readonly sessionHash: string | null,
    readonly ip: string,
    readonly limits: ConnectionLimits,
  ) {
    socket.on('pong', () => {
      this.missedPongs = 0;
    });
  }

  get subscriptionCount(): number {
    return this.businessDays.size + (this.customer ? 1 : 0);
  }

  /**
   * Sends an already encoded message. A fan-out sends one message to up to thousands of sockets,
   * and per socket ws.send re-checks options, builds a frame header and writes header and payload
   * as two buffers; here the frame is built once (encodeMessage) and written whole, one write per
   * socket. That is what ws itself would put on the wire: server frames are not masked, and without
   * compression ws never holds frames back — when it does hold some (_bufferedBytes), or its
   * internals are not there, ws.send keeps the order. Measured in docs/decisions/0012.
   */
  sendRaw(data: EncodedMessage): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    const tcp = this.socket._socket;
    if (tcp && this.socket._sender?._bufferedBytes === 0) tcp.write(data.frame);
    else this.socket.send(data.payload, { binary: false });
  }

  send(message: ServerMessage): void {
    this.sendRaw(encodeMessage(message));
  }

  /** The session it was opened with has ended (signed out, expired): it speaks for nobody now. */
  closeForEndedSession(): void {
    this.socket.close(POLICY_VIOLATION, 'Session ended');
  }
}

/** An unmasked final text frame (RFC 6455 section 5.2): FIN + opcode 1, then the payload length. */
function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const size = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(size + length);
  frame[0] = 0x81;
  if (size === 2) frame[1] = length;
  else if (size === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, size);
  return frame;
}

/** Encodes a message once for many sockets: one JSON.stringify, one UTF-8 encoding, one frame. */
export function encodeMessage(message: ServerMessage): EncodedMessage {
  const payload = Buffer.from(JSON.stringify(message));
  return { payload, frame: textFrame(payload) };
}

export const businessDayKey = (businessId: number, date: string) => `${businessId}|${date}`;
