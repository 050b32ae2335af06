// Reads Que's calendar invites back with two independent parsers, as calendars would: ical.js (here)
// and Python's icalendar (bench/invite_check.py, Debian's python3-icalendar). For each sample — the
// clock-change nights of New York and London, an ordinary day, a cancellation with names holding
// line breaks — both must find DTSTART at the real start instant, DTEND at start + the visit's real
// minutes, DTSTAMP in UTC, the appointment's UID and SEQUENCE, and one-line names.
//   npx tsx bench/invite-check.ts            (PYTHON=/usr/bin/python3 by default)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { appointmentInvite, type InviteInput } from '../src/server/features/email/appointment-invite.js';
import { instantOfOrAfterGap } from '../src/server/time/business-time.js';

const base: InviteInput = {
  appointmentId: 7,
  sequence: 0,
  cancelled: false,
  date: '2026-12-01',
  time: '10:00',
  durationMinutes: 60,
  timeZone: 'America/New_York',
  summary: 'Checkup at Shop',
  description: 'Your booking is confirmed.',
  location: '1 Main St',
  organizer: { name: 'Shop', email: 'shop@example.com' },
  attendee: { name: 'Pat Doe', email: 'pat@example.com' },
};

const samples: [string, Partial<InviteInput>][] = [
  ['ny-autumn-0130-60min', { date: '2026-11-01', time: '01:30', durationMinutes: 60 }],
  ['ny-autumn-0030-90min', { date: '2026-11-01', time: '00:30', durationMinutes: 90 }],
  ['ny-autumn-0145-30min', { date: '2026-11-01', time: '01:45', durationMinutes: 30 }],
  ['ny-autumn-0200-60min', { date: '2026-11-01', time: '02:00', durationMinutes: 60 }],
  ['ny-spring-0130-60min', { date: '2026-03-08', time: '01:30', durationMinutes: 60 }],
  // 02:30 never happens that night: read as the moment the clocks jump to (03:00 EDT), as the app does.
  ['ny-spring-0230-60min', { date: '2026-03-08', time: '02:30', durationMinutes: 60 }],
  ['london-autumn-0130-60min', { timeZone: 'Europe/London', date: '2026-10-25', time: '01:30', durationMinutes: 60 }],
  ['ny-ordinary-1000-60min', {}],
  [
    'ny-cancelled-names-with-breaks',
    {
      sequence: 2,
      cancelled: true,
      summary: 'Cut\r\nX-INJECTED:1 at Shop',
      organizer: { name: 'Shop\r\n"Best"', email: 'shop@example.com' },
      attendee: { name: 'Pat\nATTENDEE:mailto:evil@example.com', email: 'pat@example.com' },
    },
  ],
];

const now = new Date();
const dir = mkdtempSync(path.join(tmpdir(), 'que-invites-'));
const manifest = [];
console.log(`ical.js — ${samples.length} invites (written to ${dir})`);
let failures = 0;
for (const [name, change] of samples) {
  const input = { ...base, ...change };
  const ics = appointmentInvite(input, now);
  writeFileSync(path.join(dir, `${name}.ics`), ics);
  const start = instantOfOrAfterGap(input.date, input.time, input.timeZone);
  const expected = {
    name,
    uid: `appointment-${input.appointmentId}@que`,
    sequence: input.sequence,
    start: start.toString(),
    end: start.add({ minutes: input.durationMinutes }).toString(),
    stamp: now.toISOString().slice(0, 19) + 'Z',
  };
  manifest.push(expected);
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
  const iso = (t: ICAL.Time) => new Date(t.toUnixTime() * 1000).toISOString().replace('.000', '');
  const names = [vevent.getFirstPropertyValue('summary'), vevent.getFirstProperty('organizer')?.getParameter('cn'), ...vevent.getAllProperties('attendee').map((a) => a.getParameter('cn'))].map(String);
  const got = {
    start: iso(event.startDate),
    end: iso(event.endDate),
    stampUtc: stamp.zone === ICAL.Timezone.utcTimezone,
    stamp: iso(stamp),
    uid: event.uid,
    sequence: event.sequence,
    oneLineNames: names.every((n) => !/[\r\n]/.test(n)),
  };
  const ok = got.start === expected.start && got.end === expected.end && got.stampUtc && got.stamp === expected.stamp && got.uid === expected.uid && got.sequence === expected.sequence && got.oneLineNames;
  if (!ok) failures++;
  const eventText = ics.slice(ics.indexOf('BEGIN:VEVENT'));
  const dt = (line: string) => eventText.match(new RegExp(`^${line}[:;].*$`, 'm'))?.[0].trim();
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(31)} ${dt('DTSTART')} | ${dt('DTEND')} | ${dt('DTSTAMP')}`);
  console.log(`     ical.js: start ${got.start} end ${got.end} (${(Date.parse(got.end) - Date.parse(got.start)) / 60_000} min) stamp ${got.stamp} utc=${got.stampUtc} uid ${got.uid} seq ${got.sequence} one-line names=${got.oneLineNames}`);
}
writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));

const python = process.env.PYTHON ?? '/usr/bin/python3';
const run = spawnSync(python, [path.join(import.meta.dirname, 'invite_check.py'), dir], { encoding: 'utf8' });
if (run.error) console.log(`\n${python} not run (${run.error.message}): apt-get install -y python3-icalendar`);
else process.stdout.write(`\n${run.stdout}${run.stderr}`);
process.exitCode = failures > 0 || (run.status ?? 0) !== 0 ? 1 : 0;
