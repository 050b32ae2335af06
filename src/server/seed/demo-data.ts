import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** Filled in by the businesses feature. */
export async function seedDemoData(_db: Db, _config: Config): Promise<void> {}
