import { readFileSync } from 'node:fs';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
const [dbName, modulePath] = process.argv.slice(2);
const { earliestStatement } = await import(modulePath);
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
await c.connect();
await c.query('set jit = off');
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const { sql, params } = new PgDialect().sqlToQuery(earliestStatement({ now: new Date() }));
const head = sql.slice(0, sql.lastIndexOf('select svc.business_id'));
for (const cte of ['biz', 'spans', 'ends', 'svc', 'series', 'candidates', 'first_try', 'second_try', 'winners']) {
  if (!sql.includes(` ${cte} as`)) continue;
  const q = `${head} select count(*) from ${cte}`;
  await c.query(q, params);
  const b = cpu();
  for (let i = 0; i < 20; i++) await c.query(q, params);
  console.log(cte.padEnd(12), ((cpu() - b) / 20).toFixed(1), 'ms cpu (cumulative)');
}
const b = cpu();
for (let i = 0; i < 20; i++) await c.query(sql, params);
console.log('full'.padEnd(12), ((cpu() - b) / 20).toFixed(1));
await c.end();
