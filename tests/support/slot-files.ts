/**
 * The API test files that book, move or read slots: they run again on PGlite at fake clocks (near
 * midnight UTC and across a clock change: tests/support/at-fake-clocks.sh, npm run test:clock), so a
 * test that depends on the hour or the date fails CI rather than an evening (issue 26).
 *
 * PGLITE_FILES (vitest.config.ts) picks the PGlite project's files: `slots` these alone (the fake-clock
 * runs), `not-slots` all but these. CI (.ci/run) runs the suite with `not-slots` and these at two fake
 * clocks: each of these files still runs on PGlite (twice, at the fake clocks) and on PostgreSQL (at the
 * real clock), and a third PGlite run of them at the real clock, one more time of day beside the two
 * chosen ones, cost about 30 s of a CI run (measured 2026-12-04: they are a fifth of the API tests' time).
 */
export const slotFiles = [
  'src/server/features/appointments/**/*.test.ts',
  // All but the three whose every "now" is a fixed date in 2030 (the SQL slot engine's property tests, and
  // the earliest query checked against the slot lists): the clock cannot change what they compute, and
  // they were 52 s of each fake-clock run (2026-12-06). They run on PGlite and PostgreSQL at the real
  // clock with the rest.
  'src/server/features/availability/**/!(slot-engine|staff-slots|earliest-agreement).test.ts',
  'src/server/features/queue/**/*.test.ts',
  'src/server/features/staff/**/*.test.ts',
  'src/server/features/reviews/**/*.test.ts',
  'src/server/features/offers/offers-lifecycle.test.ts',
  // Book and move appointments too; reminder-links.test.ts's "move" landed on the same day on Wednesdays,
  // found by the whole CI at a fake clock (.ci/at-fake-clock) after these had run only at the real one.
  'src/server/features/reminders/**/*.test.ts',
  'src/server/features/waitlist/**/*.test.ts',
  'src/server/features/deposits/**/*.test.ts',
];
