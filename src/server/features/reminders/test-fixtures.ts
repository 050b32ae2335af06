import type { Database } from '../../db/client.js';

// The reminders' one send job in tests (decision 0038): time is made to pass by moving due times to now.

/** The send job (key `reminders:due`) due now, so the runner takes it. */
export async function sendJobDueNow(database: Database): Promise<void> {
  await database.db.execute(`update graphile_worker._private_jobs set run_at = now() where key = 'reminders:due'`);
}

/** The planned reminders `where` says (a condition on `reminders`) due now, and the send job with them. */
export async function remindersDueNow(database: Database, where: string): Promise<void> {
  await database.db.execute(`update reminders set due_at = now() where status = 'planned' and ${where}`);
  await sendJobDueNow(database);
}
