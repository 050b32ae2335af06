import type { Business } from '@contract/businesses';
import { BlockedDatesPanel } from './blocked-dates-panel';
import { WeeklyHoursEditor } from './weekly-hours-editor';

/** Service businesses set weekly hours here; restaurants use Time Slots instead. Both block dates. */
export function AvailabilityTab({ business }: { business: Business }) {
  return (
    <div className="space-y-6">
      {business.businessType === 'service' && <WeeklyHoursEditor businessId={business.id} />}
      <BlockedDatesPanel businessId={business.id} timeZone={business.timeZone} />
    </div>
  );
}
