import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

export interface MailTestBed {
  ctx: TestContext;
  smtp: TestSmtpServer;
}

/**
 * An app with no workers of its own (the tests run e-mail rounds themselves) and a real SMTP server
 * to send to, for a whole test file. Every test starts with nothing due: mail queued by earlier tests
 * is marked sent, and what the server received is forgotten.
 */
export function useMailTestBed(): MailTestBed {
  const bed = {} as MailTestBed;
  beforeAll(async () => {
    bed.smtp = await startTestSmtpServer();
    bed.ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
  });
  afterAll(async () => {
    await bed.ctx?.close();
    await bed.smtp?.close();
  });
  beforeEach(async () => {
    await bed.ctx.database.db.execute(sql`update email_outbox set status = 'sent' where status = 'pending'`);
    bed.smtp.received.length = 0;
  });
  return bed;
}
