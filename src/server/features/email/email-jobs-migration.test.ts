import { describe, expect, it } from 'vitest';
import { legacyDatabaseMigrated } from '../../db/legacy-database-test-support.js';
import { queryRows } from '../../test/test-app.js';

// Migration 0019 (decision 0028): mail written before e-mail moved onto the job queue gets its job.

describe('migration 0019', () => {
  it('adds one sending job per appointment with mail waiting, none for mail sent', async () => {
    // Rows as the outbox held them; the appointments themselves do not matter here (no FK checks).
    const rows = `set session_replication_role = replica;
      insert into email_outbox (kind, to_email, subject, text, appointment_id, status) values
        ('booking_confirmed', 'a@example.com', 'Booked', 'Hello', 4242, 'pending'),
        ('booking_cancelled', 'a@example.com', 'Cancelled', 'Hello', 4242, 'pending'),
        ('booking_confirmed', 'b@example.com', 'Booked', 'Hello', 4343, 'sent');
      reset session_replication_role;`;
    const { database, drop } = await legacyDatabaseMigrated('0019', rows);
    try {
      const jobs = await queryRows<{ key: string; queue: string; payload: unknown }>(
        database,
        `select j.key, q.queue_name as queue, j.payload from graphile_worker._private_jobs j join graphile_worker._private_job_queues q on q.id = j.job_queue_id`,
      );
      expect(jobs).toEqual([{ key: 'email:appointment:4242', queue: 'email:2', payload: { appointmentId: 4242 } }]);
    } finally {
      await drop();
    }
  }, 180_000);
});
