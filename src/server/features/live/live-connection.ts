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
}

const OPEN = 1;

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
   * Sends an already encoded text message: one JSON.stringify and one UTF-8 encoding per recipient
   * class, not per socket (ws frames a Buffer without copying it).
   */
  sendRaw(data: Buffer): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(data, { binary: false });
  }

  send(message: ServerMessage): void {
    this.sendRaw(encodeMessage(message));
  }
}

/** Encodes a message once for many sockets. */
export const encodeMessage = (message: ServerMessage): Buffer => Buffer.from(JSON.stringify(message));

export const businessDayKey = (businessId: number, date: string) => `${businessId}|${date}`;
