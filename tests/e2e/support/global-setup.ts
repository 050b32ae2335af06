import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/client.js';
import { seedDemoData } from '../../../src/server/seed/demo-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'que-e2e-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' }), RATE_LIMIT_PER_MINUTE: 100_000, LOGIN_RATE_LIMIT: 1000 };
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await seedDemoData(database.db, config);
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseURL', address);
  return async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
