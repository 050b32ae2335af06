import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  outboxId: number;
  to: string[];
  /** Date.now() when the message was accepted (bench/email-latency.ts). */
  receivedAt: number;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: keeps what it receives, and can refuse the next
 * messages with a temporary error (451) the way a busy server does.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const outboxId = Number(/^X-Que-Outbox-Id: (\d+)/im.exec(raw)?.[1]);
        received.push({ raw, outboxId, to: session.envelope.rcptTo.map((r) => r.address), receivedAt: Date.now() });
        callback();
      });
    },
  });
  // A sender that dies mid-conversation (the fault injection kills the app with SIGKILL) resets its
  // connection; that ends the session, not the server.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(count: number) {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
