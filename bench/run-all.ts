// npm run bench: every benchmark in turn, each in a process of its own (so one's sockets, pools and
// JIT state do not colour the next), then bench/RESULTS.md from their results. A failing benchmark
// does not stop the others; the exit code says whether all passed.
// BENCH_ONLY=booking-throughput,web-bundle runs a subset; BENCH_ONLY=discovery-latency the discovery one
// (its market seeded, the latencies, the plans, then discovery-browser.ts in Chromium).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ALL = ['booking-contention', 'staff-contention', 'offer-contention', 'booking-throughput', 'offer-throughput', 'availability-latency', 'history-growth', 'ws-fanout', 'email-latency', 'waitlist-latency', 'web-bundle', 'discovery-latency'];
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const failed: string[] = [];
for (const name of only ?? ALL) {
  console.log(`\n=== ${name} ===`);
  const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
console.log('\n=== bench/RESULTS.md ===');
spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./write-results.ts', import.meta.url))], { stdio: 'inherit' });
if (failed.length) console.log(`\nfailed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
