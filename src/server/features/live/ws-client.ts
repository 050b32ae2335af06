import { createRequire } from 'node:module';

/** The `ws` client, typed here for what tests and the bench use (the project carries no @types/ws). */
export interface ClientSocket {
  readyState: number;
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'open' | 'close' | 'ping', listener: () => void): this;
  once(event: 'open', listener: () => void): this;
  once(event: 'close', listener: (code: number) => void): this;
  once(event: 'unexpected-response', listener: (request: unknown, response: { statusCode: number }) => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
}
type ClientSocketClass = new (url: string, options?: { headers?: Record<string, string>; autoPong?: boolean }) => ClientSocket;
export const WebSocketClient = createRequire(import.meta.url)('ws') as ClientSocketClass;
