/**
 * One cold load of a discovery page at 375 px with the CPU slowed 4×, broken down: when each resource
 * was asked for and arrived (Resource Timing), the main thread's long tasks, and from a Chromium trace
 * the main thread's time by kind (script compile, script run, style, layout, paint, HTML parse) up to
 * the first card. For finding where discovery-browser.ts's time goes, not a figure of its own.
 *   BASE=http://127.0.0.1:5077 npx tsx bench/discovery-profile.ts /businesses '[data-testid="business-card"]'
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:5077';
const path = process.argv[2] ?? '/businesses';
const card = process.argv[3] ?? '[data-testid="business-card"]';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: base });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
await page.addInitScript(`(() => {
  window.longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  const look = () => {
    if (window.firstCardAt !== undefined) return;
    const el = document.querySelector(${JSON.stringify(card)});
    if (el && el.getBoundingClientRect().height > 0) window.firstCardAt = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
})()`);
const tracing = process.env.TRACE !== '0';
if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
const profiling = process.env.PROFILE === '1';
if (profiling) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
}
await page.goto(path);
await page.waitForFunction(() => (window as unknown as { firstCardAt?: number }).firstCardAt !== undefined, undefined, { timeout: 60_000 });
await page.waitForTimeout(300);
const info = await page.evaluate(() => {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  const w = window as unknown as { firstCardAt: number; longTasks: number[][] };
  return {
    firstCardAt: Math.round(w.firstCardAt),
    nav: { responseStart: Math.round(nav.responseStart), responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive), domContentLoaded: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd) },
    paint: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ''), type: r.initiatorType, start: Math.round(r.startTime), reqStart: Math.round(r.requestStart), respStart: Math.round(r.responseStart), end: Math.round(r.responseEnd), bytes: r.transferSize,
    })),
    longTasks: w.longTasks,
  };
});
if (profiling) {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; samples: number[]; timeDeltas: number[] } };
  writeFileSync(`/tmp/fc/profile${path.replace(/\W/g, '-')}.cpuprofile`, JSON.stringify(profile));
}
const traceBuf = tracing ? await browser.stopTracing() : null;
console.log(JSON.stringify({ path, ...info, resources: undefined }, null, 1));
for (const r of info.resources) console.log(`${String(r.start).padStart(5)} → ${String(r.reqStart).padStart(5)} req, ${String(r.respStart).padStart(5)} first byte, ${String(r.end).padStart(5)} end  ${r.bytes}B ${r.type} ${r.name}`);
if (traceBuf) {
  const out = `/tmp/fc/trace${path.replace(/\W/g, '-')}.json`;
  writeFileSync(out, traceBuf);
  console.log(`trace: ${out}`);
}
await browser.close();
