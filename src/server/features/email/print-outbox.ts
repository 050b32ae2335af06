// `npm run outbox`: prints the e-mail that has not been sent (pending, or failed for good), so mail
// can be read without an SMTP server. PGlite is one process's database: stop the server first.
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { listUnsentEmails } from './email-outbox.repository.js';

async function printOutbox() {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 } : { kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const rows = await listUnsentEmails(database.db);
    if (rows.length === 0) console.log('The outbox has no unsent e-mail.');
    for (const row of rows) {
      console.log(`#${row.id} ${row.status} (${row.attempts} tries${row.lastError ? `, last error: ${row.lastError}` : ''}) ${row.createdAt.toISOString()}`);
      console.log(`To: ${row.toEmail}\nSubject: ${row.subject}\n\n${row.text}`);
      if (row.ics) console.log(`\n--- invite.ics ---\n${row.ics.trimEnd()}`);
      console.log('\n' + '='.repeat(72));
    }
  } finally {
    await database.close();
  }
}

printOutbox().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
