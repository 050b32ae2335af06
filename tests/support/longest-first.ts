import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first, whatever their project, so the two workers finish together
 * instead of one running a 50-second file alone at the end. On a clean clone Vitest knows no durations
 * (it sorts projects by name, so the PostgreSQL-only fault test started three minutes in and ran last);
 * these are the slowest files of a clean-clone run (dated below), slowest first. Files not named keep
 * Vitest's order (by its cached durations when it has them).
 */
const SLOWEST = [
  // API, unit and component tests: the slowest of a clean-clone run (2026-12-06 00:23 UTC, quiet machine, both
  // databases, per-file durations from Vitest's JSON reporter, the slower database's), slowest first
  'src/server/fault-injection.test.ts',
  'src/server/features/staff/deactivate-races.test.ts',
  'src/server/test/authorization-matrix.test.ts',
  'src/server/features/appointments/concurrency.test.ts',
  'src/server/main.unit.test.ts',
  'src/server/test/fuzz-routes.test.ts',
  'src/server/features/offers/offers.model.test.ts',
  'src/server/features/waitlist/waitlist.model.test.ts',
  'src/server/db/migration-journal.test.ts',
  'src/server/jobs/job-queue.test.ts',
  'src/server/features/reminders/reminder-links.test.ts',
  'src/server/features/live/live-robustness.test.ts',
  'src/server/features/email/email-jobs-migration.test.ts',
  'src/server/plugins/load-shedding.test.ts',
  'src/server/db/schema-files.test.ts',
  'src/server/time/booking-period.test.ts',
  'src/server/features/appointments/buffers.test.ts',
  'src/server/plugins/idempotency-transaction.test.ts',
  'src/server/features/availability/earliest-agreement.test.ts',
  'src/server/features/offers/offers.test.ts',
  'src/web/features/appointments/components/my-appointments.test.tsx',
  // browser tests: the slowest files of the clean-clone CI run of 2026-12-06 00:32 UTC (header-navigation 24 s
  // ... queue 9 s), slowest first
  'tests/e2e/header-navigation.e2e.ts',
  'tests/e2e/booking-staff.e2e.ts',
  'tests/e2e/directory.e2e.ts',
  'tests/e2e/reviews.e2e.ts',
  'tests/e2e/payouts.e2e.ts',
  'tests/e2e/offers.e2e.ts',
  'tests/e2e/profile-and-forms.e2e.ts',
  'tests/e2e/offer-journey.e2e.ts',
  'tests/e2e/waitlist.e2e.ts',
  'tests/e2e/reminders.e2e.ts',
  'tests/e2e/offer-confirmations.e2e.ts',
  'tests/e2e/card-on-file-stripe.e2e.ts',
  'tests/e2e/dashboard-availability.e2e.ts',
  'tests/e2e/restaurant-booking.e2e.ts',
  'tests/e2e/staff-tab.e2e.ts',
  'tests/e2e/deposits.e2e.ts',
  'tests/e2e/offers-dialogs.e2e.ts',
  'tests/e2e/times-and-notifications.e2e.ts',
  'tests/e2e/queue.e2e.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = SLOWEST.findIndex((name) => spec.moduleId.endsWith(name));
      return i < 0 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
