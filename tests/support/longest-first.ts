import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first, whatever their project, so the two workers finish together
 * instead of one running a 50-second file alone at the end. On a clean clone Vitest knows no durations
 * (it sorts projects by name, so the PostgreSQL-only fault test started three minutes in and ran last);
 * these are the slowest files of a clean-clone run (2026-11-26, per-file durations from Vitest's JSON
 * reporter; offer-races.test.ts left the list when its races were steered, two rounds instead of thirty),
 * slowest first. Files not named keep Vitest's order (by its cached durations when it has them).
 */
const SLOWEST = [
  // API, unit and component tests: the slowest of a clean-clone-sized run at load 17 (2026-12-04 22:17,
  // per-file durations from Vitest's JSON reporter, the slower database's), slowest first
  'src/server/db/migration-journal.test.ts',
  'src/server/fault-injection.test.ts',
  'src/server/features/staff/deactivate-races.test.ts',
  'src/server/main.unit.test.ts',
  'src/server/test/authorization-matrix.test.ts',
  'src/server/features/email/email-jobs-migration.test.ts',
  'src/server/features/email/email.test.ts',
  'src/server/features/reviews/review-races.test.ts',
  'src/server/features/appointments/concurrency.test.ts',
  'src/server/features/live/live-robustness.test.ts',
  'src/web/features/offers/components/offer-dialogs.test.tsx',
  'src/web/features/appointments/components/my-appointments.test.tsx',
  'src/server/features/offers/offer-sql-rules.test.ts',
  'src/server/features/offers/offers.model.test.ts',
  'src/server/features/businesses/business-time-zones.test.ts',
  'src/server/test/fuzz-routes.test.ts',
  'src/web/features/dashboard/components/coordinates-fields.test.tsx',
  'src/server/features/email/email-order.test.ts',
  'src/server/features/businesses/strand-bookings.test.ts',
  'src/server/features/appointments/booking-policies.test.ts',
  'src/server/plugins/load-shedding.test.ts',
  // browser tests (durations of 2026-11-26 afternoon: offer-journey 51 s ... booking-policies 32 s; phone-layout,
  // reviews, booking-staff and queue-staff had started in the last third of the run and ended it)
  'tests/e2e/offer-journey.e2e.ts',
  'tests/e2e/header-navigation.e2e.ts',
  'tests/e2e/phone-layout.e2e.ts',
  'tests/e2e/directory.e2e.ts',
  'tests/e2e/reviews.e2e.ts',
  'tests/e2e/offers.e2e.ts',
  'tests/e2e/booking-staff.e2e.ts',
  'tests/e2e/queue-staff.e2e.ts',
  'tests/e2e/profile-and-forms.e2e.ts',
  'tests/e2e/times-and-notifications.e2e.ts',
  'tests/e2e/offer-confirmations.e2e.ts',
  'tests/e2e/restaurant-booking.e2e.ts',
  'tests/e2e/booking-policies.e2e.ts',
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
