import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/client.js';
import { loadTimeZones } from '../../../src/server/db/time-zones.js';
import { seedDemoData } from '../../../src/server/seed/demo-data.js';
import { E2E_PUBLIC_URL } from './public-url.js';
import { startSeedServer } from './seed-server.js';

// One built app on a PGlite of its own with demo data, as the browser tests drive it. Run as a child
// process by global-setup.ts (one per test worker, so two servers use two cores), it prints its address
// and its seeding side door's (seed-server.ts) on the first line of stdout and stops on SIGTERM.

// With `--template <file>` it only migrates and seeds, writes the data directory to <file> and exits:
// global-setup.ts makes one such template and every server starts from a copy (E2E_TEMPLATE), instead of
// each migrating and seeding its own while the other does the same on the second core.

const dataDir = mkdtempSync(path.join(tmpdir(), 'que-e2e-'));
const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', PUBLIC_URL: E2E_PUBLIC_URL }), RATE_LIMIT_PER_MINUTE: 100_000, LOGIN_RATE_LIMIT: 1000 };
const templateOut = process.argv.includes('--template') ? process.argv[process.argv.indexOf('--template') + 1] : undefined;
const templateIn = process.env.E2E_TEMPLATE;
const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: templateIn ? new Blob([readFileSync(templateIn)]) : undefined });
if (!templateIn) {
  await database.migrate();
  // Without the generated market of a few hundred businesses: the journeys here name the demo's own
  // businesses and count what a search finds (demo-data.test.ts checks the market through the API).
  await seedDemoData(database.db, config, { market: false });
}
if (templateOut) {
  writeFileSync(templateOut, Buffer.from(await (await database.dumpDataDir!('none')).arrayBuffer()));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const seeder = await startSeedServer(database.db, await loadTimeZones(database.db, config.DEFAULT_TIME_ZONE));
process.stdout.write(`${address} ${seeder.address}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  seeder.server.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The test run ended without stopping us (killed, so our stdin closed): do not outlive it.
process.stdin.on('end', () => void stop());
process.stdin.resume();
