import { readFileSync } from 'node:fs';
import pg from 'pg';
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
await c.connect();
await c.query('set jit = off');
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
async function measure(label: string, q: string, runs = 20) {
  await c.query(q);
  const b = cpu();
  for (let i = 0; i < runs; i++) await c.query(q);
  console.log(label.padEnd(40), ((cpu() - b) / runs).toFixed(2), 'ms cpu');
}
await measure('biz (at time zone, 1000)', `select b.id, (now() at time zone b.time_zone) from businesses b`);
await measure('numeric extract x 10000', `select (extract(epoch from a.ends_at) / 60)::int from appointments a`);
await measure('date_part x 10000', `select (date_part('epoch', a.ends_at) / 60)::int from appointments a`);
await measure('gist && probes service x 1000', `select (select count(*) from appointments a where a.business_id = b.id and a.exclusive and a.status in ('confirmed','pending') and tsrange(a.starts_at,a.ends_at,'[)') && tsrange(now()::timestamp + interval '1 day', now()::timestamp + interval '1 day 1 hour')) from businesses b`);
await measure('gist @> probes all x 1000', `select (select sum(party_size) from appointments a where a.business_id = b.id and a.status in ('confirmed','pending') and tsrange(a.starts_at,a.ends_at,'[)') @> (now()::timestamp + interval '1 day')) from businesses b`);
await measure('gist && probes all x 1000', `select (select sum(party_size) from appointments a where a.business_id = b.id and a.status in ('confirmed','pending') and tsrange(a.starts_at,a.ends_at,'[)') && tsrange(now()::timestamp + interval '1 day', now()::timestamp + interval '1 day', '[]')) from businesses b`);
await measure('btree probes x 1000', `select (select sum(party_size) from appointments a where a.business_id = b.id and a.starts_at > now()::timestamp + interval '1 day' and a.starts_at < now()::timestamp + interval '1 day 2 hours') from businesses b`);
await c.end();
