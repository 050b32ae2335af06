import { RULES } from '../../contract/rules.js';
import type { SqlRunner } from './function-files.js';

/**
 * Writes src/contract/rules.ts into the app_rules row, where the SQL functions read it (que_rule in
 * db/sql/rules.sql). Run at start-up after the migrations and function files, so a changed rule
 * reaches SQL with the code that states it. Processes of one version write the same row.
 */
export async function writeAppRules(runner: SqlRunner): Promise<void> {
  await runner.rows(
    `insert into app_rules (id, rules) values (true, $1::jsonb)
     on conflict (id) do update set rules = excluded.rules, updated_at = now() where app_rules.rules is distinct from excluded.rules`,
    [JSON.stringify(RULES)],
  );
}
