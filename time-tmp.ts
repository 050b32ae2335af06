import { performance } from 'node:perf_hooks';
import { openDatabase } from './src/server/db/client.ts';
import { findEarliest } from './src/server/features/availability/earliest.repository.ts';
const d = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}`, poolSize: 1 });

const t: number[] = [];
let n = 0;
for (let i = 0; i < 15; i++) { const s = performance.now(); n = (await findEarliest(d.db, { now: new Date() })).length; t.push(performance.now() - s); }
t.sort((a, b) => a - b);
console.log('rows', n, 'p50', t[7].toFixed(1), 'min', t[0].toFixed(1));
await d.close();
